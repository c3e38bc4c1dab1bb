import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { moduleGraph } from './moduleGraph.js';

const dir = mkdtempSync(join(tmpdir(), 'evalsim-graph-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, content: string): string {
  const path = join(dir, name);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, content);
  return path;
}

describe('moduleGraph', () => {
  test('follows local imports transitively, once each; records packages with their version', () => {
    write('node_modules/fake-pkg/package.json', JSON.stringify({ name: 'fake-pkg', version: '1.2.3' }));
    write('node_modules/@scope/thing/package.json', JSON.stringify({ version: '0.0.1' }));
    const method = write(
      'method.mjs',
      "import { h } from './lib/helper.mjs';\nimport 'fake-pkg/sub.js';\nimport fs from 'node:fs';\nimport path from 'path';\nexport const method = {};",
    );
    const helper = write(
      'lib/helper.mjs',
      "export { deep } from './deep.js';\nconst c = require('./common');\nimport '@scope/thing';\nimport './missing.js';\nexport const h = 1;",
    );
    const deep = write('lib/deep.js', "import '../method.mjs';\nexport const deep = 2;");
    const common = write('lib/common.cjs', 'module.exports = 3;');
    const data = write('lib/table.json', '{}');
    write('lib/uses-json.mjs', "import t from './table.json' with { type: 'json' };");
    const graph = moduleGraph([method, join(dir, 'lib/uses-json.mjs')]);
    expect(graph.files.map((f) => [f.file, f.entry])).toEqual([
      [method, true],
      [join(dir, 'lib/uses-json.mjs'), true],
      [helper, false],
      [data, false],
      [deep, false],
      [common, false],
    ]);
    expect(graph.files[0].bytes.toString('utf8')).toContain("from './lib/helper.mjs'");
    expect(graph.packages).toEqual([
      { name: 'fake-pkg', version: '1.2.3' },
      { name: '@scope/thing', version: '0.0.1' },
    ]);
  });

  test('a package that is not installed has version null', () => {
    const entry = write('alone/m.mjs', "import 'not-installed-anywhere-xyz';");
    expect(moduleGraph([entry]).packages).toEqual([{ name: 'not-installed-anywhere-xyz', version: null }]);
  });
});
