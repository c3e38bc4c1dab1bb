/**
 * Checks the output directory before any work: a run that cannot write its results must
 * fail at once, not after hours of simulation (or never, as `--resume` redoes the same
 * failing write).
 *
 * 1. Refuses a path under /proc, /sys or /dev — as given or after resolving symbolic
 *    links — *before* calling mkdir: Node's recursive mkdir spins at 100% CPU on `/proc/x`.
 * 2. Refuses a path with an ancestor (or itself) that exists and is not a directory.
 * 3. Creates the directory.
 * 4. Probe-writes, then removes, a file named like the longest file the run will write
 *    (plus room for the temporary-file suffix of an atomic write, twice), so a name too long
 *    for the file system, a read-only file system, a permission problem or a full disk is
 *    found now (ENAMETOOLONG, EROFS, EACCES, ENOTDIR, ENOSPC).
 * Every failure is an OutputError naming the path and the cause.
 */
import { closeSync, mkdirSync, openSync, realpathSync, rmSync, statSync, writeSync } from 'node:fs';
import { basename, dirname, join, parse, resolve, sep } from 'node:path';
import { fileSystemCause, OutputError } from './outputError.js';

/** Pseudo file systems a run never writes into. */
export const PSEUDO_FILE_SYSTEMS: readonly string[] = ['/proc', '/sys', '/dev'];

/** Room for `.tmp-<pid>-<random>` (atomicWrite.ts, arrowFileStream.ts), which can nest once. */
const TEMPORARY_SUFFIX = '.tmp-4194304-0123456789a';

/** Longest path the probe accepts (Linux PATH_MAX, with its terminating zero). */
const MAX_PATH = 4095;

function pseudoRoot(path: string): string | undefined {
  return PSEUDO_FILE_SYSTEMS.find((root) => path === root || path.startsWith(`${root}/`));
}

function refuse(dir: string, cause: string): never {
  throw new OutputError(`cannot use output directory ${dir}: ${cause}`);
}

/** The deepest existing ancestor of `path` (or `path`), refusing one that is not a directory. */
function existingAncestor(dir: string, path: string): string {
  const { root } = parse(path);
  let existing = root;
  let current = root;
  for (const part of path.slice(root.length).split(sep).filter(Boolean)) {
    current = join(current, part);
    let isDirectory: boolean;
    try {
      isDirectory = statSync(current).isDirectory();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') break;
      refuse(dir, `${current}: ${fileSystemCause(error)}`);
    }
    if (!isDirectory) refuse(dir, `${current} is a file, not a directory`);
    existing = current;
  }
  return existing;
}

/**
 * Prepares `dir` for a run that writes `fileNames` (relative to it, e.g. `name.arrow`,
 * `.runs/name.run.json`); see the module comment. Returns the absolute directory.
 */
export function prepareOutputDirectory(dir: string, fileNames: readonly string[]): string {
  const path = resolve(dir);
  const pseudo = pseudoRoot(path) ?? pseudoRoot(realpathSync(existingAncestor(dir, path)));
  if (pseudo !== undefined)
    refuse(dir, `it is under ${pseudo}, a pseudo file system; choose a directory on disk`);
  // One level at a time from the deepest existing ancestor: recursive mkdir words some
  // failures as ENOENT (e.g. on a read-only file system) and spins on pseudo file systems.
  const existing = existingAncestor(dir, path);
  let current = existing;
  for (const part of path.slice(existing.length).split(sep).filter(Boolean)) {
    current = join(current, part);
    try {
      mkdirSync(current);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST')
        refuse(dir, `${current}: ${fileSystemCause(error)}`);
    }
  }
  const longest = fileNames.reduce((a, b) => (basename(b).length > basename(a).length ? b : a), 'probe');
  const longestPath = fileNames.reduce((a, b) => (b.length > a.length ? b : a), '');
  const length = basename(longest).length + 2 * TEMPORARY_SUFFIX.length;
  if (join(path, dirname(longestPath), 'x'.repeat(length)).length > MAX_PATH) {
    refuse(
      dir,
      `the path of ${join(path, longestPath)} with its temporary suffix is longer than ${MAX_PATH} characters`,
    );
  }
  const probe = join(path, `.evalsim-probe-${process.pid}-`.padEnd(length, 'x'));
  let fd: number | undefined;
  try {
    fd = openSync(probe, 'wx');
    writeSync(fd, 'evalsim output probe\n');
  } catch (error) {
    const cause = fileSystemCause(error);
    const code = (error as NodeJS.ErrnoException).code;
    refuse(
      dir,
      code === 'ENAMETOOLONG'
        ? `${cause}: the run writes ${basename(longest)} (${basename(longest).length} characters) and temporary files ${2 * TEMPORARY_SUFFIX.length} characters longer; use a shorter study name or another directory`
        : cause,
    );
  } finally {
    if (fd !== undefined) {
      closeSync(fd);
      rmSync(probe, { force: true });
    }
  }
  return path;
}
