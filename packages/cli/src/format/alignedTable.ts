import { wrapText } from './wrapText.js';

/** The widest a table is printed: tables fit 100 columns (narrower on a narrower terminal). */
export const TABLE_WIDTH = 100;

/** How a table fits a width: the columns whose text may wrap onto more lines. */
export interface TableFit {
  readonly maxWidth: number;
  readonly wrap: readonly number[];
}

/** Narrowest a wrapped column becomes. */
const MIN_WRAPPED = 16;

const width = (text: string) => [...text].length;

/** Column widths: each column's widest cell, wrapped columns narrowed until the table fits. */
function columnWidths(
  header: readonly string[],
  body: readonly (readonly string[])[],
  fit: TableFit | undefined,
): number[] {
  const widths = header.map((h, i) =>
    body.reduce((w, row) => Math.max(w, ...row[i].split('\n').map(width)), width(h)),
  );
  if (!fit) return widths;
  // Water-filling: narrow the widest wrappable column, one character at a time, until the
  // table fits or every wrappable column is at its floor.
  let excess = widths.reduce((a, b) => a + b, 0) + 2 * (widths.length - 1) - fit.maxWidth;
  const floors = header.map((h) => Math.max(MIN_WRAPPED, width(h)));
  while (excess > 0) {
    let widest = -1;
    for (const i of fit.wrap)
      if (widths[i] > floors[i] && (widest < 0 || widths[i] > widths[widest])) widest = i;
    if (widest < 0) break;
    widths[widest]--;
    excess--;
  }
  return widths;
}

/**
 * The one aligned text table of the CLI: a header, a rule of ─ and the rows, columns two
 * spaces apart and as wide as their widest cell (counted in characters, not UTF-16 units),
 * left-aligned unless marked right-aligned; trailing spaces trimmed. No final newline. With
 * `fit`, the named columns wrap (at spaces) so the table fits `fit.maxWidth` when it can;
 * a cell's own line breaks are kept.
 */
export function alignedTable(
  header: readonly string[],
  body: readonly (readonly string[])[],
  rightAligned: readonly boolean[] = [],
  fit?: TableFit,
): string {
  const widths = columnWidths(header, body, fit);
  const pad = (cell: string, i: number) => {
    const fill = ' '.repeat(Math.max(0, widths[i] - width(cell)));
    return rightAligned[i] ? fill + cell : cell + fill;
  };
  const line = (cells: readonly string[]) => cells.map(pad).join('  ').trimEnd();
  const rows = body.flatMap((row) => {
    const cells = row.map((cell, i) =>
      fit?.wrap.includes(i) ? wrapText(cell, widths[i]) : cell.split('\n'),
    );
    const height = Math.max(...cells.map((lines) => lines.length));
    return Array.from({ length: height }, (_, k) => line(cells.map((lines) => lines[k] ?? '')));
  });
  return [line(header), line(widths.map((w) => '─'.repeat(w))), ...rows].join('\n');
}

/** A Markdown table of the same cells (pipes in cells escaped). */
export function markdownTable(header: readonly string[], body: readonly (readonly string[])[]): string {
  const escapePipes = (cell: string) => cell.replace(/\|/g, '\\|');
  const line = (cells: readonly string[]) => `| ${cells.map(escapePipes).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...body.map(line)].join('\n');
}
