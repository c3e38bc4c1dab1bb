/**
 * Prints records as they arrive, in any of show's formats, so the first rows of a file of
 * millions appear at once and memory stays flat: `table` aligns its columns on the first
 * page of rows (later rows use those widths; a longer cell pushes its row out rather than
 * re-laying what was printed), `csv` and `markdown` print row by row, and `json` prints one
 * array (the same text as JSON.stringify(rows, null, 2)). Numbers are right-aligned in the
 * table; CSV and JSON keep full precision.
 */
import { markdownRow } from '../format/alignedTable.js';
import { csvField, type ResultsFormat } from '../format/formatResults.js';
import { formatCell } from '../format/printRows.js';
import type { TextSink } from '../io.js';
import type { PlainRecord } from './arrowRecords.js';

/** Rows the table's column widths are taken from. */
const PAGE = 200;

/** Output is written in pieces of about this many characters (one write per row would cost a system call each). */
const CHUNK = 1 << 16;

/** `out` with writes gathered into chunks; `flush` writes what is pending. */
function buffered(out: TextSink): { write(text: string): void; flush(): void } {
  let pending = '';
  return {
    write(text) {
      pending += text;
      if (pending.length >= CHUNK) {
        out.write(pending);
        pending = '';
      }
    },
    flush() {
      if (pending !== '') out.write(pending);
      pending = '';
    },
  };
}

export interface RecordPrinter {
  write(record: PlainRecord): void;
  /** Prints what is buffered and closes the output (an empty table says so). */
  end(): void;
}

const width = (text: string) => [...text].length;

export function recordPrinter(
  sink: TextSink,
  format: ResultsFormat,
  columns: readonly string[],
  numeric: readonly boolean[],
): RecordPrinter {
  const out = buffered(sink);
  const printer = formatPrinter(out, format, columns, numeric);
  return {
    write: printer.write,
    end() {
      printer.end();
      out.flush();
    },
  };
}

function formatPrinter(
  out: { write(text: string): void },
  format: ResultsFormat,
  columns: readonly string[],
  numeric: readonly boolean[],
): RecordPrinter {
  let count = 0;
  switch (format) {
    case 'csv':
      out.write(`${columns.map(csvField).join(',')}\n`);
      return {
        write: (record) => {
          out.write(`${columns.map((c) => csvField(record[c])).join(',')}\n`);
        },
        end: () => {},
      };
    case 'json':
      return {
        write: (record) => {
          const text = JSON.stringify(record, null, 2).replace(/\n/g, '\n  ');
          out.write(`${count++ === 0 ? '[\n' : ',\n'}  ${text}`);
        },
        end: () => {
          out.write(count === 0 ? '[]\n' : '\n]\n');
        },
      };
    case 'markdown':
      out.write(`${markdownRow(columns)}\n${markdownRow(columns.map(() => '---'))}\n`);
      return {
        write: (record) => {
          out.write(`${markdownRow(columns.map((c) => formatCell(record[c], 6)))}\n`);
        },
        end: () => {},
      };
    case 'table': {
      let widths: number[] | undefined;
      const page: string[][] = [];
      const line = (cells: readonly string[]) =>
        cells
          .map((cell, i) => {
            const fill = ' '.repeat(Math.max(0, (widths?.[i] ?? 0) - width(cell)));
            return numeric[i] ? fill + cell : cell + fill;
          })
          .join('  ')
          .trimEnd();
      const flush = () => {
        widths = columns.map((c, i) => page.reduce((w, row) => Math.max(w, width(row[i])), width(c)));
        out.write(`${line(columns)}\n${line(widths.map((w) => '─'.repeat(w)))}\n`);
        for (const row of page) out.write(`${line(row)}\n`);
        page.length = 0;
      };
      return {
        write: (record) => {
          count++;
          const cells = columns.map((c) => formatCell(record[c], 6));
          if (widths) out.write(`${line(cells)}\n`);
          else {
            page.push(cells);
            if (page.length === PAGE) flush();
          }
        },
        end: () => {
          if (count === 0) out.write('(no rows)\n');
          else if (!widths) flush();
        },
      };
    }
  }
}
