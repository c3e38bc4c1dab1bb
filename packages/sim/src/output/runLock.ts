/**
 * One run per study and output directory: `<out>/.evalsim-<study>.lock` holds the pid, host
 * and start time of the run writing there. It is created whole and atomically (written to a
 * temporary file, then hard-linked to its name, which fails if the name exists — O_EXCL
 * semantics without a torn lock), so a second run of the same study into the same
 * directory is refused instead of the last one silently winning. A lock left by a run
 * that died (its pid no longer alive on this host) is taken over, with a notice. The lock is
 * released by `release()` (runStudy's `finally`: normal end, error, abort on SIGINT or
 * SIGTERM) and, as a last resort, when the process exits.
 *
 * Known limit: two runs taking over the same stale lock at the same instant can both
 * succeed; a lock from another host is never taken over (its pid cannot be checked).
 */
import { linkSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { fileSystemCause, OutputError } from './outputError.js';

export interface LockHolder {
  readonly pid: number;
  readonly host: string;
  readonly startedAt: string;
}

export interface RunLock {
  readonly path: string;
  /** Set when a stale lock was taken over: what was taken over, for the user. */
  readonly notice?: string;
  /** Removes the lock (idempotent; a lock another run has taken since is left alone). */
  release(): void;
}

/** The lock file of `study` in `dir`. */
export function runLockPath(dir: string, study: string): string {
  return join(dir, `.evalsim-${study}.lock`);
}

const held = new Set<RunLock>();
let exitHook = false;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(path: string): LockHolder | undefined {
  try {
    const holder = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockHolder>;
    if (
      Number.isInteger(holder.pid) &&
      typeof holder.host === 'string' &&
      typeof holder.startedAt === 'string'
    )
      return holder as LockHolder;
  } catch {
    // unreadable or not a lock: undefined
  }
  return undefined;
}

/** Creates the lock file whole; false when one exists already. */
function create(path: string, holder: LockHolder): boolean {
  const temporary = `${path}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`;
  try {
    writeFileSync(temporary, `${JSON.stringify(holder)}\n`);
    linkSync(temporary, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw new OutputError(`cannot create the lock file ${path}: ${fileSystemCause(error)}`);
  } finally {
    rmSync(temporary, { force: true });
  }
}

/** Takes the lock of `study` in the (existing) directory `dir`, or throws an OutputError naming the run holding it. */
export function acquireRunLock(dir: string, study: string): RunLock {
  const path = runLockPath(dir, study);
  const mine: LockHolder = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
  let notice: string | undefined;
  if (!create(path, mine)) {
    const holder = readHolder(path);
    if (holder === undefined) {
      throw new OutputError(
        `output directory ${dir} has a lock file ${path} that is not an evalsim lock; remove it if no run of study ${study} is writing there`,
      );
    }
    if (holder.host !== mine.host || isAlive(holder.pid)) {
      throw new OutputError(
        `output directory ${dir} is in use by another run of study ${study} (pid ${holder.pid} on ${holder.host}, started ${holder.startedAt}); wait for it to end or choose another output directory (lock file ${path})`,
      );
    }
    // Stale: move it aside atomically (one taker wins the rename), then create ours.
    const aside = `${path}.stale-${process.pid}`;
    try {
      renameSync(path, aside);
      rmSync(aside, { force: true });
    } catch {
      // another run moved it first: try to create ours all the same
    }
    if (!create(path, mine)) {
      const other = readHolder(path);
      throw new OutputError(
        `output directory ${dir} is in use by another run of study ${study} (pid ${other?.pid ?? '?'} on ${other?.host ?? '?'}); wait for it to end or choose another output directory (lock file ${path})`,
      );
    }
    notice = `took over the lock of a run of study ${study} that ended without releasing it (pid ${holder.pid}, started ${holder.startedAt})`;
  }
  const lock: RunLock = {
    path,
    ...(notice !== undefined ? { notice } : {}),
    release() {
      if (!held.delete(lock)) return;
      const holder = readHolder(path);
      if (holder?.pid === mine.pid && holder.startedAt === mine.startedAt && holder.host === mine.host) {
        try {
          unlinkSync(path);
        } catch {
          // already gone
        }
      }
    },
  };
  held.add(lock);
  if (!exitHook) {
    exitHook = true;
    process.on('exit', () => {
      for (const lock of [...held]) lock.release();
    });
  }
  return lock;
}
