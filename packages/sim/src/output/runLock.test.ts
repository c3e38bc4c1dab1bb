import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { acquireRunLock, runLockPath } from './runLock.js';

const dir = mkdtempSync(join(tmpdir(), 'evalsim-lock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The pid of a process that has exited (so is certainly not alive now). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

describe('run lock', () => {
  test('a second run of the same study into the same directory is refused, naming the holder', () => {
    const lock = acquireRunLock(dir, 'one');
    const holder = JSON.parse(readFileSync(lock.path, 'utf8'));
    expect(holder).toMatchObject({ pid: process.pid, host: hostname() });
    expect(lock.path).toBe(join(dir, '.evalsim-one.lock'));
    expect(() => acquireRunLock(dir, 'one')).toThrow(
      new RegExp(
        `output directory .* is in use by another run of study one \\(pid ${process.pid} on ${hostname()}, started .*\\); wait for it to end or choose another output directory \\(lock file .*\\.evalsim-one\\.lock\\)`,
      ),
    );
    // another study may share the directory
    const other = acquireRunLock(dir, 'two');
    other.release();
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
    lock.release(); // idempotent
    acquireRunLock(dir, 'one').release();
  });

  test('a stale lock (dead pid on this host) is taken over with a notice', () => {
    const pid = deadPid();
    writeFileSync(
      runLockPath(dir, 'stale'),
      JSON.stringify({ pid, host: hostname(), startedAt: '2026-01-01T00:00:00.000Z' }),
    );
    const lock = acquireRunLock(dir, 'stale');
    expect(lock.notice).toBe(
      `took over the lock of a run of study stale that ended without releasing it (pid ${pid}, started 2026-01-01T00:00:00.000Z)`,
    );
    expect(JSON.parse(readFileSync(lock.path, 'utf8')).pid).toBe(process.pid);
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
  });

  test('a lock of another host, or a file that is not a lock, is not taken over', () => {
    writeFileSync(runLockPath(dir, 'remote'), JSON.stringify({ pid: 1, host: 'elsewhere', startedAt: 'x' }));
    expect(() => acquireRunLock(dir, 'remote')).toThrow('(pid 1 on elsewhere, started x)');
    writeFileSync(runLockPath(dir, 'garbage'), 'not json');
    expect(() => acquireRunLock(dir, 'garbage')).toThrow(
      'is not an evalsim lock; remove it if no run of study garbage',
    );
  });

  test('a lock another run has taken since is not removed by release', () => {
    const lock = acquireRunLock(dir, 'taken');
    writeFileSync(lock.path, JSON.stringify({ pid: 1, host: hostname(), startedAt: 'later' }));
    lock.release();
    expect(existsSync(lock.path)).toBe(true);
  });

  test('released when the process exits without releasing (built module, a child process)', () => {
    const built = new URL('../../dist/output/runLock.js', import.meta.url).href;
    const script = `import { acquireRunLock } from ${JSON.stringify(built)};
acquireRunLock(${JSON.stringify(dir)}, 'exiting'); process.exit(3);`;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script]);
    expect(child.status, child.stderr.toString()).toBe(3);
    expect(existsSync(runLockPath(dir, 'exiting'))).toBe(false);
  });
});
