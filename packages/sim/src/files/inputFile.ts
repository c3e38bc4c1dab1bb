/**
 * Input files are regular files only. A FIFO, a socket or a device named as an input (or met
 * in a directory walk) would block a read forever, or read without end, so it is refused from
 * its `stat` — before anything opens it — with a sentence saying what it is. A read then opens
 * with O_NONBLOCK and O_NOCTTY (a FIFO swapped in after the stat cannot block the open, a
 * terminal does not become ours) and checks with fstat that the descriptor is a regular file
 * and the one stat saw, so the check and the read are about the same file.
 *
 * A failure of stat or open itself (ENOENT, EACCES, …) is thrown as the system error, which
 * callers word as they already do; the refusal of a non-regular file is an InputFileError
 * whose message is the reason alone ("is a FIFO (named pipe), not a regular file"), for the
 * caller to prefix with the file as it names it.
 */
import { closeSync, constants, fstatSync, openSync, readFileSync, type Stats, statSync } from 'node:fs';

/** Why a path is not a readable input file. */
export class InputFileError extends Error {
  constructor(
    readonly path: string,
    reason: string,
  ) {
    super(reason);
    this.name = 'InputFileError';
  }
}

/** What a file-system object is, in words ("a FIFO (named pipe)", "a directory", …). */
export function fileKind(stats: Stats): string {
  if (stats.isFile()) return 'a regular file';
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a FIFO (named pipe)';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isSymbolicLink()) return 'a symbolic link';
  return 'not a regular file';
}

/** The reason `stats` is not a regular file ("is a socket, not a regular file"), or undefined. */
export function notRegularFile(stats: Stats): string | undefined {
  return stats.isFile() ? undefined : `is ${fileKind(stats)}, not a regular file`;
}

/** stat (following links) and refuse anything but a regular file; never opens it. */
export function checkInputFile(path: string): Stats {
  const stats = statSync(path);
  const reason = notRegularFile(stats);
  if (reason !== undefined) throw new InputFileError(path, reason);
  return stats;
}

const READ_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);

/** Opens a regular input file for reading (see the module comment); the caller closes the descriptor. */
export function openInputFile(path: string): number {
  const before = checkInputFile(path);
  const fd = openSync(path, READ_FLAGS);
  try {
    const after = fstatSync(fd);
    const reason = notRegularFile(after);
    if (reason !== undefined) throw new InputFileError(path, reason);
    if (after.ino !== before.ino || after.dev !== before.dev) {
      throw new InputFileError(path, 'was replaced while it was being opened');
    }
    return fd;
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}

/** The bytes of a regular input file (see the module comment). */
export function readInputFile(path: string): Buffer {
  const fd = openInputFile(path);
  try {
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}
