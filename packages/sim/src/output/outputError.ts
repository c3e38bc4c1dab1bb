/**
 * A problem with where a run writes (the output directory, its lock, publishing the
 * files): one plain sentence naming the path and the cause, never an errno dump.
 */
export class OutputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutputError';
  }
}

const CAUSES: Readonly<Record<string, string>> = {
  ENAMETOOLONG: 'a file name is too long for its file system',
  EROFS: 'the file system is read-only',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENOTDIR: 'a part of the path is a file, not a directory',
  EEXIST: 'a file is in the way of a directory',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is exhausted',
  EISDIR: 'a directory is in the way of a file',
  EMFILE: 'too many open files',
  EIO: 'an input/output error of the device',
};

/** The plain cause of a file-system error (its code worded; else its message). */
export function fileSystemCause(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return (code !== undefined && CAUSES[code]) || (code ?? (error as Error)?.message ?? String(error));
}
