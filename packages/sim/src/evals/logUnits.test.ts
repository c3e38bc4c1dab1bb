/**
 * The walk for logs: regular files only (a FIFO under a log's name is an error naming it,
 * never opened; one under another name is skipped by its name), each directory entered once
 * (a symbolic link to an ancestor cannot loop the walk), broken links skipped, and the same
 * file reached by two paths imported once.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { EvalInputError } from './evalInputError.js';
import { findLogUnits } from './logUnits.js';

const dir = mkdtempSync(join(tmpdir(), 'evalsim-log-units-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const TABLE = 'question,system,score\nq1,a,1\nq2,a,0\n';

function folder(name: string): string {
  const path = join(dir, name);
  mkdirSync(path, { recursive: true });
  writeFileSync(join(path, 'log.csv'), TABLE);
  return path;
}

describe('findLogUnits', () => {
  test('a link to an ancestor is not followed twice; a broken link is skipped', () => {
    const root = folder('loop');
    mkdirSync(join(root, 'sub'));
    symlinkSync('..', join(root, 'sub', 'up'));
    symlinkSync(join(root, 'nothing-here.csv'), join(root, 'broken.csv'));
    const { units, skipped } = findLogUnits([root], {}, dir);
    expect(units.map((u) => u.file)).toEqual([join(root, 'log.csv')]);
    expect(skipped).toEqual([
      `${join(root, 'broken.csv')} (ENOENT)`,
      `${join(root, 'sub', 'up')} (a link to a directory already walked)`,
    ]);
  });

  test('a link to itself (ELOOP) is skipped, not a crash', () => {
    const root = folder('self');
    symlinkSync('me', join(root, 'me'));
    expect(findLogUnits([root], {}, dir).skipped).toEqual([`${join(root, 'me')} (ELOOP)`]);
  });

  test('a FIFO named like a log is an error naming it; under another name it is skipped unopened', () => {
    const root = folder('fifo');
    execFileSync('mkfifo', [join(root, 'notes.txt')]);
    expect(findLogUnits([root], {}, dir).skipped).toEqual([join(root, 'notes.txt')]);
    execFileSync('mkfifo', [join(root, 'pipe.jsonl')]);
    expect(() => findLogUnits([root], {}, dir)).toThrow(
      new EvalInputError({ file: join(root, 'pipe.jsonl') }, 'is a FIFO (named pipe), not a regular file'),
    );
    expect(() => findLogUnits([join(root, 'pipe.jsonl')], {}, dir)).toThrow(
      /pipe\.jsonl: is a FIFO \(named pipe\), not a regular file/,
    );
    expect(() => findLogUnits(['/dev/null'], {}, dir)).toThrow(
      '/dev/null: is a character device, not a regular file',
    );
  });

  test('the same file by two paths (a link, a relative path) is one log', () => {
    const root = folder('twice');
    symlinkSync(join(root, 'log.csv'), join(dir, 'linked.csv'));
    const { units } = findLogUnits([join(root, 'log.csv'), 'linked.csv', 'twice/log.csv'], {}, dir);
    expect(units).toHaveLength(1);
  });
});
