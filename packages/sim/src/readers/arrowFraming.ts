/**
 * The framing of an Arrow IPC file, checked before apache-arrow reads it: the file format
 * (Arrow columnar format, "IPC File Format") starts with the magic `ARROW1` and two bytes of
 * padding and ends with the footer, its 4-byte length and `ARROW1` again; the streaming format
 * starts with a message (the 0xFFFFFFFF continuation marker). A file that starts like an Arrow
 * file but lacks its end was cut short (an interrupted copy or download): apache-arrow then
 * fails deep inside ("Cannot read properties of null (reading 'fieldsLength')"), so the reason
 * is found here first and each reader words it with the file's name.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

const MAGIC = [0x41, 0x52, 0x52, 0x4f, 0x57, 0x31]; // "ARROW1"

const magicAt = (bytes: Uint8Array, at: number) => MAGIC.every((b, k) => bytes[at + k] === b);

/**
 * Why `head` (the file's first bytes, at least 8 when it has them) and `tail` (its last 6) of a
 * file of `size` bytes cannot be an Arrow IPC file, or undefined when the framing is sound.
 */
export function arrowFramingProblem(head: Uint8Array, tail: Uint8Array, size: number): string | undefined {
  if (size === 0) return 'is empty (0 bytes), not an Arrow IPC file';
  if (magicAt(head, 0)) {
    if (size < 12 + MAGIC.length || !magicAt(tail, tail.length - MAGIC.length))
      return 'is cut short: it starts as an Arrow IPC file but its end (the footer and closing ARROW1) is missing; copy or write it again';
    return undefined;
  }
  const continuation = head[0] === 0xff && head[1] === 0xff && head[2] === 0xff && head[3] === 0xff;
  if (continuation) return undefined; // the streaming format (.arrows)
  return 'is not an Arrow IPC file (it does not start with ARROW1 or an Arrow message)';
}

/** arrowFramingProblem for bytes in memory. */
export function arrowBytesProblem(bytes: Uint8Array): string | undefined {
  return arrowFramingProblem(
    bytes.subarray(0, 8),
    bytes.subarray(Math.max(0, bytes.length - 6)),
    bytes.length,
  );
}

/** arrowFramingProblem for the file at `path`, reading only its first and last bytes. */
export function arrowFileProblem(path: string): string | undefined {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    const head = Buffer.alloc(Math.min(8, size));
    const tail = Buffer.alloc(Math.min(6, size));
    readSync(fd, head, 0, head.length, 0);
    readSync(fd, tail, 0, tail.length, size - tail.length);
    return arrowFramingProblem(head, tail, size);
  } finally {
    closeSync(fd);
  }
}
