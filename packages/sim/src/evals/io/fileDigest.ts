/** SHA-256 and size of a file, for the provenance of an import. */
import { createHash } from 'node:crypto';
import { closeSync, readSync } from 'node:fs';
import { openInputFile } from '../../files/inputFile.js';

export interface FileDigest {
  readonly sha256: string;
  readonly bytes: number;
}

/** Bytes read at a time. */
export const DIGEST_BLOCK = 1024 * 1024;

/** SHA-256 (hex) and size of a file, read in blocks of `block` (a reused buffer; default a fresh 1 MiB one). */
export function fileDigest(path: string, block?: Buffer): FileDigest {
  const hash = createHash('sha256');
  const buffer = block && block.length > 0 ? block : Buffer.allocUnsafe(DIGEST_BLOCK);
  const fd = openInputFile(path);
  let bytes = 0;
  try {
    for (;;) {
      const got = readSync(fd, buffer, 0, buffer.length, null);
      if (got === 0) break;
      hash.update(buffer.subarray(0, got));
      bytes += got;
    }
  } finally {
    closeSync(fd);
  }
  return { sha256: hash.digest('hex'), bytes };
}
