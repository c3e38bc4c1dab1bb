import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileSystemCause, OutputError } from './outputError.js';

/**
 * Writes `data` to `path` atomically: a temporary file in the same directory, then rename.
 * On a failure (a full disk, say) the temporary file is removed and the error names the
 * path and the cause.
 */
export function writeFileAtomic(path: string, data: string | Uint8Array): void {
  const temporary = `${path}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`;
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(temporary, data);
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw new OutputError(`cannot write ${path}: ${fileSystemCause(error)}`);
  }
}
