/**
 * The folder layering of core, sim and cli holds (scripts/layering/layers.ts), and sim's
 * internal entry stays the CLI's (checkInternalImports.ts).
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, onTestFinished, test } from 'vitest';
import { checkInternalImports } from './checkInternalImports.js';
import { checkLayers } from './checkLayers.js';
import { LAYERS } from './layers.js';

const packages = fileURLToPath(new URL('../../packages/', import.meta.url));
const root = fileURLToPath(new URL('../../', import.meta.url));

describe('@evalsim/sim/internal', () => {
  test('only packages/cli (and scripts and tests) import it', () => {
    expect(checkInternalImports(root)).toEqual([]);
  });

  test('the check finds an import of it from another package, and from a module of the published API', async () => {
    const { mkdtempSync, mkdirSync, rmSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'internal-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    for (const folder of ['packages/cli/src', 'packages/core/src', 'packages/evalsim/src', 'studies'])
      mkdirSync(join(dir, folder), { recursive: true });
    const line = "import { writeFileAtomic } from '@evalsim/sim/internal';\n";
    writeFileSync(join(dir, 'packages/cli/src/a.ts'), line);
    writeFileSync(join(dir, 'studies/s.test.ts'), line);
    expect(checkInternalImports(dir)).toEqual([]);
    writeFileSync(join(dir, 'packages/core/src/b.ts'), line);
    writeFileSync(join(dir, 'packages/evalsim/src/index.js'), "export * from '@evalsim/sim/internal';\n");
    writeFileSync(join(dir, 'studies/m.mjs'), "const m = await import('@evalsim/sim/internal');\n");
    expect(checkInternalImports(dir)).toEqual([
      'packages/core/src/b.ts imports @evalsim/sim/internal (only packages/cli, scripts and tests may)',
      'packages/evalsim/src/index.js imports @evalsim/sim/internal (only packages/cli, scripts and tests may)',
      'studies/m.mjs imports @evalsim/sim/internal (only packages/cli, scripts and tests may)',
    ]);
  });
});

describe('folder layering', () => {
  for (const [name, layers] of Object.entries(LAYERS)) {
    test(`${name}: every import runs to a lower floor (no sibling or upward imports, no cycles)`, () => {
      expect(checkLayers(`${packages}${name}/src`, layers)).toEqual([]);
    });
  }

  test('the check finds an upward import', async () => {
    const { mkdtempSync, mkdirSync, rmSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const src = mkdtempSync(join(tmpdir(), 'layers-'));
    onTestFinished(() => rmSync(src, { recursive: true, force: true }));
    mkdirSync(join(src, 'low'));
    mkdirSync(join(src, 'high'));
    writeFileSync(join(src, 'low', 'a.ts'), "import { b } from '../high/b.js';\nexport const a = b;\n");
    writeFileSync(join(src, 'high', 'b.ts'), 'export const b = 1;\n');
    expect(checkLayers(src, [['low'], ['high']])).toEqual([
      'low/a.ts imports high/b.ts: low may import only nothing of the package',
    ]);
    writeFileSync(join(src, 'high', 'c.ts'), "export { a } from '../low/a.js';\n");
    // Siblings on one floor may not import each other (here: a cycle, both directions refused).
    expect(checkLayers(src, [['low', 'high']])).toHaveLength(2);
    expect(checkLayers(src, [['low'], ['high']])).toHaveLength(1);
    mkdirSync(join(src, 'new'));
    writeFileSync(join(src, 'new', 'd.ts'), 'export const d = 1;\n');
    expect(checkLayers(src, [['high'], ['low']]).some((p) => p.includes('new is on no floor'))).toBe(true);
  });

  test('a listed sub-folder is a unit of its own, below its parent; its siblings must be listed too', async () => {
    const { mkdtempSync, mkdirSync, rmSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const src = mkdtempSync(join(tmpdir(), 'layers-'));
    onTestFinished(() => rmSync(src, { recursive: true, force: true }));
    mkdirSync(join(src, 'blocks', 'support'), { recursive: true });
    writeFileSync(join(src, 'blocks', 'support', 'memo.ts'), 'export const memo = 1;\n');
    writeFileSync(
      join(src, 'blocks', 'block.ts'),
      "import { memo } from './support/memo.js';\nexport const b = memo;\n",
    );
    const layers = [['blocks/support'], ['blocks']];
    expect(checkLayers(src, layers)).toEqual([]);
    // The helper may not reach up into the blocks it serves.
    writeFileSync(join(src, 'blocks', 'support', 'up.ts'), "export { b } from '../block.js';\n");
    expect(checkLayers(src, layers)).toEqual([
      'blocks/support/up.ts imports blocks/block.ts: blocks/support may import only nothing of the package',
    ]);
    rmSync(join(src, 'blocks', 'support', 'up.ts'));
    mkdirSync(join(src, 'blocks', 'other'));
    writeFileSync(join(src, 'blocks', 'other', 'x.ts'), 'export const x = 1;\n');
    expect(checkLayers(src, layers)).toEqual([
      'blocks/other: a sub-folder of blocks, whose sub-folders have floors, is on no floor; add it to scripts/layering/layers.ts',
    ]);
    expect(checkLayers(src, [['blocks/support', 'blocks/gone'], ['blocks']])[0]).toBe(
      'blocks/gone: listed in scripts/layering/layers.ts but not a folder',
    );
  });
});
