/**
 * RFC 4180 CSV records with their line numbers: comma-separated, fields optionally in
 * double quotes (`""` inside quotes is a quote; quoted fields may hold commas and
 * newlines), CRLF or LF line ends, blank lines skipped. The text comes from `decodeUtf8`
 * (strict UTF-8, byte-order mark dropped). A quote opening mid-field is kept literally;
 * text after a closing quote, or a quote left open at the end, is an error with its line.
 */
import { EvalInputError } from '../evalInputError.js';

/** Index of the next comma, CR or LF at or after `i` (or the end). */
function nextSpecial(text: string, i: number): number {
  const n = text.length;
  for (let k = i; k < n; k++) {
    const c = text.charCodeAt(k);
    if (c === 0x2c || c === 0x0a || c === 0x0d) return k;
  }
  return n;
}

/**
 * Calls `onRecord(fields, line)` for each record, `line` being the 1-based line where the
 * record starts (the header is line 1 when the file starts with it). Returning `false`
 * from `onRecord` stops the reading.
 */
export function forEachCsvRecord(
  text: string,
  file: string,
  onRecord: (fields: string[], line: number) => unknown,
): void {
  let stopped = false;
  const n = text.length;
  let fields: string[] = [];
  let field = '';
  let quoted = false; // the current field was quoted (so an empty record is not blank)
  let line = 1;
  let recordLine = 1;
  let i = 0;
  const endRecord = () => {
    fields.push(field);
    if (fields.length > 1 || field !== '' || quoted) stopped = onRecord(fields, recordLine) === false;
    fields = [];
    field = '';
    quoted = false;
  };
  while (i < n && !stopped) {
    const c = text.charCodeAt(i);
    if (c === 0x22 && field === '' && !quoted) {
      const openLine = line;
      let from = i + 1;
      let value = '';
      for (;;) {
        const q = text.indexOf('"', from);
        if (q === -1) {
          throw new EvalInputError(
            { file, line: openLine },
            'a quoted field opened on this line is never closed',
          );
        }
        for (let k = text.indexOf('\n', from); k !== -1 && k < q; k = text.indexOf('\n', k + 1)) line++;
        if (text.charCodeAt(q + 1) === 0x22) {
          value += text.slice(from, q + 1);
          from = q + 2;
        } else {
          value += text.slice(from, q);
          i = q + 1;
          break;
        }
      }
      const next = text.charCodeAt(i);
      if (i < n && next !== 0x2c && next !== 0x0a && next !== 0x0d) {
        throw new EvalInputError({ file, line }, `unexpected "${text[i]}" after a closing quote`);
      }
      field = value;
      quoted = true;
    } else if (c === 0x2c) {
      fields.push(field);
      field = '';
      quoted = false;
      i++;
    } else if (c === 0x0a || c === 0x0d) {
      endRecord();
      i += c === 0x0d && text.charCodeAt(i + 1) === 0x0a ? 2 : 1;
      line++;
      recordLine = line;
    } else {
      const stop = nextSpecial(text, i);
      field += text.slice(i, stop);
      i = stop;
    }
  }
  if (!stopped && (field !== '' || quoted || fields.length > 0)) endRecord();
}
