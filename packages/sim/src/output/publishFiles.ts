/**
 * Publishes a run's files together: every file is first written in full to a temporary
 * file beside its target, and only when all are written are they renamed into place, so
 * a new results file never sits beside a stale run summary or stale kept files because a
 * later write failed. On a failure (a full disk, say) every temporary file is removed and
 * no target is touched; the error names the file and the cause.
 *
 * A file is given as its bytes, or as a writer that writes the file at the temporary path
 * it is handed (for outputs streamed batch by batch).
 */
import * as nodeFs from 'node:fs';
import { dirname } from 'node:path';
import { fileSystemCause, OutputError } from './outputError.js';

export type Publication =
  | { readonly path: string; readonly bytes: string | Uint8Array }
  | { readonly path: string; readonly writer: (temporary: string) => void };

/** The file-system calls publishing makes (a test injects failures). */
export interface PublishFileSystem {
  mkdirSync(path: string, options: { recursive: true }): unknown;
  writeFileSync(path: string, data: string | Uint8Array): void;
  renameSync(from: string, to: string): void;
  rmSync(path: string, options: { force: true }): void;
}

/** Writes every file to a temporary name, then renames them all; removes every temporary file on a failure. */
export function publishFiles(files: readonly Publication[], fs: PublishFileSystem = nodeFs): void {
  const temporaries: string[] = [];
  const cleanUp = () => {
    for (const temporary of temporaries) fs.rmSync(temporary, { force: true });
  };
  for (const file of files) {
    const temporary = `${file.path}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`;
    temporaries.push(temporary);
    try {
      fs.mkdirSync(dirname(file.path), { recursive: true });
      if ('bytes' in file) fs.writeFileSync(temporary, file.bytes);
      else file.writer(temporary);
    } catch (error) {
      cleanUp();
      if (error instanceof OutputError) throw error;
      throw new OutputError(`cannot write ${file.path}: ${fileSystemCause(error)}; nothing was published`);
    }
  }
  for (const [i, file] of files.entries()) {
    try {
      fs.renameSync(temporaries[i], file.path);
    } catch (error) {
      cleanUp();
      throw new OutputError(
        `cannot move ${temporaries[i]} to ${file.path}: ${fileSystemCause(error)}${
          i > 0
            ? `; ${files
                .slice(0, i)
                .map((f) => f.path)
                .join(', ')} were published`
            : ''
        }`,
      );
    }
  }
}
