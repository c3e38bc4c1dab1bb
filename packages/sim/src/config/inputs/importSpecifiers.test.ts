import { describe, expect, test } from 'vitest';
import { importSpecifiers } from './importSpecifiers.js';

describe('importSpecifiers', () => {
  test('static imports, re-exports, dynamic imports and require, in order, each once', () => {
    const source = [
      "import a from './a.mjs';",
      'import { b,',
      '  c as d } from "../lib/b.js";',
      "import * as ns from './ns.js'",
      "import './side-effect.js';",
      "export * from './all.js';",
      "export * as re from './re.js';",
      "export { x } from './x.cjs';",
      "const lazy = await import('./lazy.mjs');",
      'const t = import(`./template.js`);',
      "const fs = require('node:fs');",
      "const pkg = require('left-pad');",
      "import a2 from './a.mjs';",
    ].join('\n');
    expect(importSpecifiers(source)).toEqual([
      './a.mjs',
      '../lib/b.js',
      './ns.js',
      './side-effect.js',
      './all.js',
      './re.js',
      './x.cjs',
      './lazy.mjs',
      './template.js',
      'node:fs',
      'left-pad',
    ]);
  });

  test('comments are skipped; // inside a string is not a comment', () => {
    const source = [
      "// import './commented.js';",
      "/* import './block.js';",
      "   require('./block2.js') */",
      "const url = 'http://example.com'; import './after-string.js';",
      "const s = \"it's\"; import { y } from './y.js'; // trailing",
    ].join('\n');
    expect(importSpecifiers(source)).toEqual(['./after-string.js', './y.js']);
  });

  test('a computed dynamic import and method calls named import are not specifiers', () => {
    const source = "const m = await import(name); obj.import('./no.js'); x.require('./no2.js');";
    expect(importSpecifiers(source)).toEqual([]);
  });
});
