/**
 * The one CSV reader (RFC 4180, strict), for eval tables (evals/) and item populations
 * (population/): comma-separated fields, optionally in double quotes (`""` inside quotes is a
 * quote; a quoted field may hold commas, CR and LF); records end at CRLF, LF or a lone CR;
 * blank lines are skipped. A quote opening mid-field (`x"y`) is kept literally; text after a
 * closing quote (`x,"y"z`) and a quote left open at the end are errors, as in Python's `csv`
 * module with `strict=True` (csvRecords.test.ts compares the two on generated inputs). The
 * text comes from a UTF-8 decoder that drops the byte-order mark (utf8.ts). Errors are
 * CsvSyntaxErrors with the file line, the record (1-based, the header is record 1, blank
 * lines not counted) and the field (1-based); each caller words them for its files.
 */

/** A CSV syntax error: what, at which file line, record and field. */
export class CsvSyntaxError extends Error {
  constructor(
    readonly problem: string,
    readonly line: number,
    readonly record: number,
    readonly field: number,
  ) {
    super(`line ${line}, record ${record}, field ${field}: ${problem}`);
    this.name = 'CsvSyntaxError';
  }
}

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
 * Calls `onRecord(fields, line, record)` for each record: `line` is the 1-based file line
 * where it starts, `record` its 1-based number. Returning `false` from `onRecord` stops the
 * reading. Throws CsvSyntaxError.
 */
export function forEachCsvRecord(
  text: string,
  onRecord: (fields: string[], line: number, record: number) => unknown,
): void {
  let stopped = false;
  const n = text.length;
  let fields: string[] = [];
  let field = '';
  let quoted = false; // the current field was quoted (so an empty record is not blank)
  let line = 1;
  let recordLine = 1;
  let record = 1;
  let i = 0;
  const endRecord = () => {
    fields.push(field);
    if (fields.length > 1 || field !== '' || quoted) {
      stopped = onRecord(fields, recordLine, record) === false;
      record++;
    }
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
        if (q === -1)
          throw new CsvSyntaxError(
            'a quoted field opened on this line is never closed',
            openLine,
            record,
            fields.length + 1,
          );
        for (let k = text.indexOf('\n', from); k !== -1 && k < q; k = text.indexOf('\n', k + 1)) line++;
        for (let k = text.indexOf('\r', from); k !== -1 && k < q; k = text.indexOf('\r', k + 1))
          if (text.charCodeAt(k + 1) !== 0x0a) line++;
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
      if (i < n && next !== 0x2c && next !== 0x0a && next !== 0x0d)
        throw new CsvSyntaxError(
          `unexpected ${JSON.stringify(text[i])} after a closing quote (quote the whole field, doubling any " inside)`,
          line,
          record,
          fields.length + 1,
        );
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

/** Every record of `text` (see forEachCsvRecord). */
export function csvRecords(text: string): string[][] {
  const records: string[][] = [];
  forEachCsvRecord(text, (fields) => {
    records.push(fields);
  });
  return records;
}

/**
 * The record and field (1-based) at the end of `prefix`, the text before some position: where
 * a problem found there (an invalid byte) lies. A syntax error inside the prefix is thrown.
 */
export function csvPositionAtEnd(prefix: string): { record: number; field: number } {
  let position = { record: 1, field: 1 };
  const ends = prefix.length > 0 && /[\r\n]$/.test(prefix);
  try {
    forEachCsvRecord(prefix, (fields, _line, record) => {
      position = ends ? { record: record + 1, field: 1 } : { record, field: fields.length };
    });
  } catch (error) {
    // the position is inside a quoted field that the prefix leaves open
    if (error instanceof CsvSyntaxError && /never closed/.test(error.problem))
      return { record: error.record, field: error.field };
    throw error;
  }
  return position;
}
