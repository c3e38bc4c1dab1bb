import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { fileSystemCause } from './outputError.js';
import { prepareOutputDirectory } from './prepareOutputDirectory.js';

const dir = mkdtempSync(join(tmpdir(), 'evalsim-out-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('prepareOutputDirectory', () => {
  test('creates the directory (and its parents) and leaves no probe behind', () => {
    const out = join(dir, 'a', 'b');
    expect(prepareOutputDirectory(out, ['study.arrow', '.runs/study.run.json'])).toBe(out);
    expect(readdirSync(out)).toEqual([]);
  });

  test.each(['/proc/x', '/proc', '/sys/kernel/x', '/dev/x/y'])('refuses %s before mkdir', (path) => {
    expect(() => prepareOutputDirectory(path, ['s.arrow'])).toThrow(
      /^cannot use output directory \/(proc|sys|dev)\S*: it is under \/(proc|sys|dev), a pseudo file system; choose a directory on disk$/,
    );
  });

  test('refuses a symbolic link into /proc', () => {
    const link = join(dir, 'to-proc');
    symlinkSync('/proc/self', link);
    expect(() => prepareOutputDirectory(join(link, 'out'), ['s.arrow'])).toThrow('it is under /proc');
  });

  test('refuses a file in place of the directory or of an ancestor, naming it', () => {
    const file = join(dir, 'a-file');
    writeFileSync(file, 'x');
    expect(() => prepareOutputDirectory(file, ['s.arrow'])).toThrow(`${file} is a file, not a directory`);
    expect(() => prepareOutputDirectory(join(file, 'sub', 'deeper'), ['s.arrow'])).toThrow(
      `${file} is a file, not a directory`,
    );
    expect(existsSync(join(file, 'sub'))).toBe(false);
  });

  test('refuses a file name too long for the file system, before any work', () => {
    const out = join(dir, 'long');
    const name = `${'s'.repeat(230)}.replications.arrow`;
    expect(() => prepareOutputDirectory(out, [name, 'short.arrow'])).toThrow(
      /cannot use output directory .*long: a file name is too long for its file system: the run writes s+\.replications\.arrow \(249 characters\)/,
    );
    expect(readdirSync(out)).toEqual([]);
  });

  test('a directory name too long is refused at mkdir', () => {
    expect(() => prepareOutputDirectory(join(dir, 'd'.repeat(300)), ['s.arrow'])).toThrow(
      'a file name is too long for its file system',
    );
  });

  test.skipIf(process.getuid?.() === 0)('a read-only directory is refused (not as root)', () => {
    const out = join(dir, 'read-only');
    mkdirSync(out);
    chmodSync(out, 0o555);
    try {
      expect(() => prepareOutputDirectory(out, ['s.arrow'])).toThrow(`${out}: permission denied`);
    } finally {
      chmodSync(out, 0o755);
    }
  });

  test('file-system errors are worded plainly', () => {
    const error = (code: string) => Object.assign(new Error(`${code}: raw`), { code });
    expect(fileSystemCause(error('EROFS'))).toBe('the file system is read-only');
    expect(fileSystemCause(error('EACCES'))).toBe('permission denied');
    expect(fileSystemCause(error('ENOSPC'))).toBe('no space left on the device');
    expect(fileSystemCause(error('ENOTDIR'))).toBe('a part of the path is a file, not a directory');
    expect(fileSystemCause(error('EWHATEVER'))).toBe('EWHATEVER');
  });
});
