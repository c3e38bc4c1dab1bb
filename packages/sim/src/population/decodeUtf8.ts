/**
 * Strict UTF-8 decoding of a data file: invalid bytes are an error located by CSV row
 * (1-based, header = row 1) and column (1-based field number), never silently replaced
 * by U+FFFD — a replaced byte would turn into a confusing complaint elsewhere (two ids
 * that differ only in an invalid byte become "duplicate question id"). A leading
 * byte-order mark is kept for the CSV reader to skip.
 */
import { PopulationFileError } from './populationFileError.js';

/** Offset of the first byte that is not part of a well-formed UTF-8 sequence (RFC 3629), or -1. */
export function invalidUtf8Offset(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i];
    if (b < 0x80) {
      i++;
      continue;
    }
    let length: number;
    let min: number;
    if (b >= 0xc2 && b <= 0xdf) {
      length = 2;
      min = 0x80;
    } else if (b >= 0xe0 && b <= 0xef) {
      length = 3;
      min = 0x800;
    } else if (b >= 0xf0 && b <= 0xf4) {
      length = 4;
      min = 0x10000;
    } else return i;
    if (i + length > bytes.length) return i;
    let code = b & (0xff >> (length + 1));
    for (let j = 1; j < length; j++) {
      const c = bytes[i + j];
      if ((c & 0xc0) !== 0x80) return i;
      code = (code << 6) | (c & 0x3f);
    }
    if (code < min || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return i;
    i += length;
  }
  return -1;
}

/** The CSV row (1-based, header = row 1) and field (1-based) at the end of `text`. */
function csvPositionAtEnd(text: string): { row: number; field: number } {
  let row = 1;
  let field = 1;
  let quoted = false;
  let atFieldStart = true;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') i++;
        else quoted = false;
      }
      continue;
    }
    if (ch === '"' && atFieldStart) {
      quoted = true;
      atFieldStart = false;
    } else if (ch === ',') {
      field++;
      atFieldStart = true;
    } else if (ch === '\n' || (ch === '\r' && text[i + 1] !== '\n')) {
      row++;
      field = 1;
      atFieldStart = true;
    } else if (ch !== '\r') atFieldStart = false;
  }
  return { row, field };
}

/**
 * `bytes` as UTF-8 text; a PopulationFileError at the row and column (its number: the
 * header may be the broken part, and a file that is not a population is not echoed) of
 * the first invalid byte.
 */
export function decodeUtf8Csv(bytes: Uint8Array, file: string): string {
  const bad = invalidUtf8Offset(bytes);
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  if (bad < 0) return decoder.decode(bytes);
  const { row, field } = csvPositionAtEnd(decoder.decode(bytes.subarray(0, bad)));
  throw new PopulationFileError(
    file,
    `is not valid UTF-8 (byte 0x${bytes[bad].toString(16).padStart(2, '0')} at byte offset ${bad}); save the file as UTF-8`,
    row,
    field,
  );
}
