/**
 * Checks where a command writes before any work: a command that cannot write its results
 * must fail at once, not after hours of simulation (or never, as `--resume` redoes the same
 * failing write). Every command that writes goes through here — `run`, `reproduce`, `merge`,
 * `import`, `analyze`, `audit`, `plan`, `leaderboard`, `slurm` — with the directory and the
 * names of the files it will write there (a command writing one file gives its directory and
 * its name).
 *
 * 1. Refuses a path under /proc, /sys or /dev — as given or after resolving symbolic
 *    links — *before* calling mkdir: Node's recursive mkdir spins at 100% CPU on `/proc/x`.
 * 2. Refuses a path with an ancestor (or itself) that exists and is not a directory, and a
 *    directory where a file is to be written.
 * 3. Refuses a path longer than PATH_MAX, or a name longer than NAME_MAX, with the longest
 *    file's temporary suffix — before creating anything.
 * 4. Refuses an output that is one of the command's inputs (`inputs`): a file to write that
 *    exists and is the same file as an input (device and inode: hard and symbolic links
 *    included), or that lies inside an input directory — `import x.csv --out x.csv` would
 *    otherwise replace the log it reads.
 * 5. Creates the directory, one level at a time, remembering what it created (or, with
 *    `create: false`, nothing: the command creates it when it writes).
 * 6. Probe-writes, then removes, a file named like the longest file the command will write
 *    (plus room for the temporary-file suffix of an atomic write, twice), so a name too long
 *    for the file system, a read-only file system, a permission problem or a full disk is
 *    found now (ENAMETOOLONG, EROFS, EACCES, ENOTDIR, ENOSPC).
 * Every failure is an OutputError naming the target (`label`) and the cause, and removes the
 * directories step 5 created; `discard()` does the same for a command that fails later, before
 * writing (only directories still empty are removed, so a run's checkpoints stay).
 */
import {
  closeSync,
  mkdirSync,
  openSync,
  realpathSync,
  rmdirSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join, parse, relative, resolve, sep } from 'node:path';
import { outputAmongInputs } from './outputAmongInputs.js';
import { fileSystemCause, OutputError } from './outputError.js';

/** Pseudo file systems a run never writes into. */
export const PSEUDO_FILE_SYSTEMS: readonly string[] = ['/proc', '/sys', '/dev'];

/** Room for `.tmp-<pid>-<random>` (atomicWrite.ts, arrowFileStream.ts), which can nest once. */
const TEMPORARY_SUFFIX = '.tmp-4194304-0123456789a';

/** Longest path the probe accepts (Linux PATH_MAX, with its terminating zero). */
const MAX_PATH = 4095;

/** Longest file or directory name (Linux NAME_MAX, bytes). */
const MAX_NAME = 255;

function pseudoRoot(path: string): string | undefined {
  return PSEUDO_FILE_SYSTEMS.find((root) => path === root || path.startsWith(`${root}/`));
}

/** How the check is told about the command. */
export interface OutputCheckOptions {
  /**
   * How messages name the target, e.g. `--out report/` (default `cannot use output directory
   * <dir>`): a refusal reads `<label>: <cause>`.
   */
  readonly label?: string | undefined;
  /**
   * The files (and directories) the command reads: an output that is one of them, or inside
   * one of the directories, is refused (step 4 of the module comment).
   */
  readonly inputs?: readonly string[] | undefined;
  /**
   * Create the directory now (default true: a run locks and checkpoints there). With false,
   * nothing is created: the probe is written in the deepest existing ancestor — the file
   * system and the permissions the missing directories would be created with — and the
   * command creates the directory when it writes, so a command that fails leaves nothing.
   */
  readonly create?: boolean | undefined;
}

/** A checked output directory. */
export interface PreparedOutput {
  /** The absolute directory. */
  readonly dir: string;
  /** Removes the directories the check created that are still empty, deepest first. */
  discard(): void;
}

/** The deepest existing ancestor of `path` (or `path`), refusing one that is not a directory. */
function existingAncestor(refuse: (cause: string) => never, path: string): string {
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
      refuse(`${current}: ${fileSystemCause(error)}`);
    }
    if (!isDirectory) refuse(`${current} is a file, not a directory`);
    existing = current;
  }
  return existing;
}

/** `path` with its existing part's symbolic links resolved (the rest cannot hold any yet). */
function realPath(path: string, existing: string): string {
  return join(realpathSync(existing), relative(existing, path));
}

/**
 * Prepares `dir` for a command that writes `fileNames` (relative to it, e.g. `name.arrow`,
 * `.runs/name.run.json`); see the module comment. Returns the absolute directory and a way
 * to take back the directories created.
 */
export function prepareOutputDirectory(
  dir: string,
  fileNames: readonly string[],
  options: OutputCheckOptions = {},
): PreparedOutput {
  const label = options.label ?? `cannot use output directory ${dir}`;
  const created: string[] = [];
  const discard = () => {
    for (const made of [...created].reverse()) {
      try {
        rmdirSync(made);
      } catch {
        // not empty (a run's checkpoints) or gone: left as it is
      }
    }
    created.length = 0;
  };
  const refuse = (cause: string): never => {
    discard();
    throw new OutputError(`${label}: ${cause}`);
  };
  const path = resolve(dir);
  const pseudoCause = (root: string) =>
    `it is under ${root}, a pseudo file system; choose a directory on disk`;
  const given = pseudoRoot(path);
  if (given !== undefined) refuse(pseudoCause(given));
  const existing = existingAncestor(refuse, path);
  const linked = pseudoRoot(realpathSync(existing));
  if (linked !== undefined) refuse(pseudoCause(linked));
  const longest = fileNames.reduce((a, b) => (basename(b).length > basename(a).length ? b : a), 'probe');
  const longestPath = fileNames.reduce((a, b) => (b.length > a.length ? b : a), '');
  const length = basename(longest).length + 2 * TEMPORARY_SUFFIX.length;
  if (join(path, dirname(longestPath), 'x'.repeat(length)).length > MAX_PATH) {
    refuse(
      `the path of ${join(path, longestPath)} with its temporary suffix is longer than ${MAX_PATH} characters`,
    );
  }
  const tooLong = path
    .slice(existing.length)
    .split(sep)
    .find((part) => Buffer.byteLength(part) > MAX_NAME);
  if (tooLong !== undefined) {
    refuse(
      `${fileSystemCause({ code: 'ENAMETOOLONG' })}: the directory name ${tooLong.slice(0, 24)}… is ${Buffer.byteLength(tooLong)} bytes, more than ${MAX_NAME}`,
    );
  }
  const realDir = realPath(path, existing);
  for (const name of fileNames) {
    try {
      if (statSync(join(path, name)).isDirectory()) refuse(`${join(path, name)} is a directory, not a file`);
    } catch (error) {
      if (error instanceof OutputError) throw error;
    }
  }
  const clash = outputAmongInputs(fileNames, options.inputs ?? [], realDir);
  if (clash !== undefined) refuse(clash);
  // One level at a time from the deepest existing ancestor: recursive mkdir words some
  // failures as ENOENT (e.g. on a read-only file system) and spins on pseudo file systems.
  let current = existing;
  const create = options.create ?? true;
  for (const part of create ? path.slice(existing.length).split(sep).filter(Boolean) : []) {
    current = join(current, part);
    try {
      mkdirSync(current);
      created.push(current);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') refuse(`${current}: ${fileSystemCause(error)}`);
    }
  }
  const probe = join(create ? path : existing, `.evalsim-probe-${process.pid}-`.padEnd(length, 'x'));
  let fd: number | undefined;
  try {
    fd = openSync(probe, 'wx');
    writeSync(fd, 'evalsim output probe\n');
  } catch (error) {
    const cause = fileSystemCause(error);
    const code = (error as NodeJS.ErrnoException).code;
    if (fd !== undefined) {
      closeSync(fd);
      rmSync(probe, { force: true });
      fd = undefined;
    }
    refuse(
      code === 'ENAMETOOLONG'
        ? `${cause}: it writes ${basename(longest)} (${basename(longest).length} characters) and temporary files ${2 * TEMPORARY_SUFFIX.length} characters longer; use a shorter name or another directory`
        : cause,
    );
  } finally {
    if (fd !== undefined) {
      closeSync(fd);
      rmSync(probe, { force: true });
    }
  }
  return { dir: path, discard };
}
