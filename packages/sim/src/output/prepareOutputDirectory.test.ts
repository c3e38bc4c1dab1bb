import {
  chmodSync,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
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
    expect(prepareOutputDirectory(out, ['study.arrow', '.runs/study.run.json']).dir).toBe(out);
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
      /cannot use output directory .*long: a file name is too long for its file system: it writes s+\.replications\.arrow \(249 characters\)/,
    );
    // The directory it created for the probe is taken back.
    expect(existsSync(out)).toBe(false);
  });

  test('a directory name too long is refused before any directory is created', () => {
    const parent = join(dir, 'made', 'for', 'nothing');
    expect(() => prepareOutputDirectory(join(parent, 'd'.repeat(300)), ['s.arrow'])).toThrow(
      /a file name is too long for its file system: the directory name d+… is 300 bytes, more than 255/,
    );
    expect(existsSync(join(dir, 'made'))).toBe(false);
  });

  test('a path past PATH_MAX is refused before any directory is created', () => {
    const deep = join(dir, 'deep', ...Array.from({ length: 40 }, () => 'p'.repeat(120)));
    expect(() => prepareOutputDirectory(deep, ['s.arrow'])).toThrow(/longer than 4095 characters/);
    expect(existsSync(join(dir, 'deep'))).toBe(false);
  });

  test('discard() takes back the directories created, if still empty', () => {
    const out = join(dir, 'taken', 'back');
    const kept = join(dir, 'kept', 'back');
    prepareOutputDirectory(out, ['s.arrow']).discard();
    expect(existsSync(join(dir, 'taken'))).toBe(false);
    const prepared = prepareOutputDirectory(kept, ['s.arrow']);
    writeFileSync(join(kept, 'checkpoint.json'), '{}');
    prepared.discard();
    expect(readdirSync(kept)).toEqual(['checkpoint.json']);
  });

  test('a directory where a file is to be written is refused', () => {
    const out = join(dir, 'in-the-way');
    mkdirSync(join(out, 's.arrow'), { recursive: true });
    expect(() => prepareOutputDirectory(out, ['s.arrow'])).toThrow(
      `${join(out, 's.arrow')} is a directory, not a file`,
    );
  });

  describe('an output that is one of the inputs is refused, by identity', () => {
    const inputs = join(dir, 'inputs');
    mkdirSync(join(inputs, 'logs'), { recursive: true });
    const log = join(inputs, 'log.csv');
    writeFileSync(log, 'question,score\nq1,1\n');
    linkSync(log, join(inputs, 'hard.csv'));
    symlinkSync(log, join(inputs, 'soft.csv'));
    symlinkSync(inputs, join(dir, 'inputs-link'));

    test.each([
      [
        'the same path',
        inputs,
        'log.csv',
        /--out log\.csv: log\.csv is also an input; writing it would replace what is read/,
      ],
      ['a hard link', inputs, 'hard.csv', /hard\.csv is the same file as the input .*log\.csv/],
      ['a symbolic link', inputs, 'soft.csv', /soft\.csv is (also an input|the same file as the input)/],
      [
        'a linked directory',
        join(dir, 'inputs-link'),
        'log.csv',
        /log\.csv is (also an input|the same file as the input)/,
      ],
    ])('%s', (_, out, name, message) => {
      expect(() => prepareOutputDirectory(out, [name], { label: `--out ${name}`, inputs: [log] })).toThrow(
        message,
      );
      expect(readFileSync(log, 'utf8')).toBe('question,score\nq1,1\n');
    });

    test('a file inside an input directory; another file is fine', () => {
      expect(() =>
        prepareOutputDirectory(join(inputs, 'logs', 'sub'), ['r.arrow'], { inputs: [join(inputs, 'logs')] }),
      ).toThrow(/r\.arrow would be written inside .*logs, which is read as an input/);
      expect(existsSync(join(inputs, 'logs', 'sub'))).toBe(false);
      expect(prepareOutputDirectory(inputs, ['other.arrow'], { inputs: [log] }).dir).toBe(inputs);
    });
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
