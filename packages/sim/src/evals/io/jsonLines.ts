/**
 * Reads a JSON Lines file one line at a time without holding the file in memory:
 * 8 MiB blocks, each decoded as strict UTF-8 up to its last newline (see utf8.ts), split
 * into lines (CRLF or LF; blank lines skipped) and parsed by `parseJson` (NaN-tolerant,
 * exact error positions). The callback gets the value and the 1-based line number. A log still
 * being written may end in a partial line (no newline yet): with `onPartialLast`, a last line
 * without a newline that does not parse is reported there instead of being an error.
 */
import { closeSync, readSync } from 'node:fs';
import { openInputFile } from '../../files/inputFile.js';
import { parseJson } from './jsonText.js';
import { decodeUtf8 } from './utf8.js';

const BLOCK = 8 * 1024 * 1024;

/**
 * Calls `onText(text, line, unterminated)` for every non-blank line of a text file, in order;
 * `unterminated` is true for a last line that no newline ends.
 */
export function forEachLine(
  path: string,
  file: string,
  onText: (text: string, line: number, unterminated: boolean) => void,
): void {
  const fd = openInputFile(path);
  try {
    let buffer = Buffer.allocUnsafe(BLOCK);
    let filled = 0; // bytes in buffer not yet consumed
    let line = 1; // line number of buffer[0]
    let atStart = true;
    let eof = false;
    while (!eof || filled > 0) {
      if (!eof) {
        if (filled === buffer.length) {
          const bigger = Buffer.allocUnsafe(buffer.length * 2);
          buffer.copy(bigger, 0, 0, filled);
          buffer = bigger;
        }
        const got = readSync(fd, buffer, filled, buffer.length - filled, null);
        if (got === 0) eof = true;
        filled += got;
      }
      if (filled === 0) break;
      let end = buffer.lastIndexOf(0x0a, filled - 1);
      if (end === -1 && !eof) continue; // a line longer than the buffer: read more
      end = end === -1 || eof ? filled : end + 1;
      const text = decodeUtf8(buffer.subarray(0, end), file, line, atStart);
      atStart = false;
      const lines = text.split('\n');
      const terminated = lines[lines.length - 1] === '';
      if (terminated) lines.pop();
      for (let k = 0; k < lines.length; k++) {
        let t = lines[k];
        if (t.charCodeAt(t.length - 1) === 0x0d) t = t.slice(0, -1);
        if (t.trim() !== '') onText(t, line + k, eof && !terminated && k === lines.length - 1);
      }
      line += lines.length;
      buffer.copy(buffer, 0, end, filled);
      filled -= end;
    }
  } finally {
    closeSync(fd);
  }
}

/** Calls `onValue(value, line)` for every non-blank line of a JSON Lines file. */
export function forEachJsonLine(
  path: string,
  file: string,
  onValue: (value: unknown, line: number) => void,
): void {
  forEachLogLine(path, file, undefined, onValue);
}

/**
 * {@link forEachJsonLine} for a log that may still be growing: a partial last line goes to
 * `onPartialLast` when given (see the module comment), else it is an error as there.
 */
export function forEachLogLine(
  path: string,
  file: string,
  onPartialLast: ((line: number) => void) | undefined,
  onValue: (value: unknown, line: number) => void,
): void {
  forEachLine(path, file, (text, line, unterminated) => {
    let value: unknown;
    try {
      value = parseJson(text, file, line);
    } catch (error) {
      if (unterminated && onPartialLast) {
        onPartialLast(line);
        return;
      }
      throw error;
    }
    onValue(value, line);
  });
}

/** The first non-blank line of a text file (at most `limit` bytes read), or undefined. */
export function firstLine(path: string, limit = 1 << 20): string | undefined {
  const fd = openInputFile(path);
  try {
    const buffer = Buffer.allocUnsafe(limit);
    const got = readSync(fd, buffer, 0, limit, 0);
    let text = buffer.subarray(0, got).toString('utf8');
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    for (const candidate of text.split('\n'))
      if (candidate.trim() !== '') return candidate.replace(/\r$/, '');
    return undefined;
  } finally {
    closeSync(fd);
  }
}
