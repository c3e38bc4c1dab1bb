/**
 * The public API of @evalsim/core and @evalsim/sim (what the published `evalsim` package
 * exports) is the sorted list committed in packages/<name>/public-api.txt: adding, removing or
 * renaming a public name is a visible diff of that file, made on purpose
 * (`EVALSIM_WRITE_API=1 npx vitest run scripts/api` rewrites it). The list is read from the
 * entry's source (publicNames.ts) and checked against the names the built module really exports.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as core from '@evalsim/core';
import * as sim from '@evalsim/sim';
import { describe, expect, it } from 'vitest';
import { publicNames } from './publicNames.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const modules: Record<string, Record<string, unknown>> = { core, sim };

describe('the public API', () => {
  for (const name of ['core', 'sim']) {
    it(`@evalsim/${name}: its names are packages/${name}/public-api.txt`, () => {
      const listFile = `${root}packages/${name}/public-api.txt`;
      const names = publicNames(`${root}packages/${name}/src/index.ts`);
      // The values read from the source are those the module exports at run time.
      expect(names.filter((n) => !n.startsWith('type ')).sort()).toEqual(Object.keys(modules[name]).sort());
      const text = `${names.join('\n')}\n`;
      if (process.env.EVALSIM_WRITE_API === '1') writeFileSync(listFile, text);
      expect(text, `packages/${name}/public-api.txt is not the public API; rewrite it on purpose`).toBe(
        readFileSync(listFile, 'utf8'),
      );
    });
  }

  it('reads re-exports, declarations and type-only names', async () => {
    const { mkdtempSync, rmSync, writeFileSync: write } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'api-'));
    try {
      write(join(dir, 'a.ts'), 'export const a = 1;\nexport interface A {}\nconst hidden = 2;\n');
      write(join(dir, 'b.ts'), 'export function b() {}\nexport type B = number;\n');
      write(
        join(dir, 'index.ts'),
        "export { a, type A } from './a.js';\nexport * from './b.js';\nexport class C {}\n",
      );
      expect(publicNames(join(dir, 'index.ts'))).toEqual(['type A', 'type B', 'C', 'a', 'b']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
