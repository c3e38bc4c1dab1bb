import * as fs from 'node:fs';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { type PublishFileSystem, publishFiles } from './publishFiles.js';

const dir = mkdtempSync(join(tmpdir(), 'evalsim-publish-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Node's fs, failing with `code` on the `failAt`-th write (counting from 1). */
function failingFs(code: string, failAt: number): PublishFileSystem {
  let writes = 0;
  return {
    mkdirSync: (path, options) => fs.mkdirSync(path, options),
    renameSync: (from, to) => fs.renameSync(from, to),
    rmSync: (path, options) => fs.rmSync(path, options),
    writeFileSync(path, data) {
      if (++writes === failAt) {
        fs.writeFileSync(path, 'partial'); // a half-written temporary file, as a full disk leaves
        throw Object.assign(new Error(`${code}: raw`), { code });
      }
      fs.writeFileSync(path, data);
    },
  };
}

describe('publishFiles', () => {
  test('writes every file (bytes or writer), into new subfolders too', () => {
    const out = join(dir, 'ok');
    publishFiles([
      { path: join(out, 's.arrow'), bytes: new Uint8Array([1, 2, 3]) },
      { path: join(out, 'kept.arrow'), writer: (to) => writeFileSync(to, 'kept') },
      { path: join(out, '.runs', 's.run.json'), bytes: '{}\n' },
    ]);
    expect(readdirSync(out).sort()).toEqual(['.runs', 'kept.arrow', 's.arrow']);
    expect(readFileSync(join(out, 'kept.arrow'), 'utf8')).toBe('kept');
    expect(readdirSync(join(out, '.runs'))).toEqual(['s.run.json']);
  });

  test('disk full on the last file: no temporary file is left and the old files stay as they were', () => {
    const out = join(dir, 'full');
    fs.mkdirSync(join(out, '.runs'), { recursive: true });
    writeFileSync(join(out, 's.arrow'), 'old arrow');
    writeFileSync(join(out, '.runs', 's.run.json'), 'old summary');
    expect(() =>
      publishFiles(
        [
          { path: join(out, 's.arrow'), bytes: 'new arrow' },
          { path: join(out, 'kept.arrow'), writer: (to) => writeFileSync(to, 'kept') },
          { path: join(out, '.runs', 's.run.json'), bytes: 'new summary' },
        ],
        failingFs('ENOSPC', 2),
      ),
    ).toThrow(
      `cannot write ${join(out, '.runs', 's.run.json')}: no space left on the device; nothing was published`,
    );
    expect(readdirSync(out).sort()).toEqual(['.runs', 's.arrow']);
    expect(readdirSync(join(out, '.runs'))).toEqual(['s.run.json']);
    expect(readFileSync(join(out, 's.arrow'), 'utf8')).toBe('old arrow');
    expect(readFileSync(join(out, '.runs', 's.run.json'), 'utf8')).toBe('old summary');
  });

  test('a writer that fails: its temporary file and the others are removed', () => {
    const out = join(dir, 'writer');
    expect(() =>
      publishFiles([
        { path: join(out, 'a.arrow'), bytes: 'a' },
        {
          path: join(out, 'b.arrow'),
          writer: (to) => {
            writeFileSync(to, 'half');
            throw Object.assign(new Error('EIO'), { code: 'EIO' });
          },
        },
      ]),
    ).toThrow('cannot write');
    expect(readdirSync(out)).toEqual([]);
  });
});
