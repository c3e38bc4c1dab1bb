import { wrapText } from './wrapText.js';

/** The widest a table is printed: tables fit 100 columns (narrower on a narrower terminal). */
export const TABLE_WIDTH = 100;

/**
 * How a table fits a width: the columns whose text may wrap onto more lines, and — for a
 * table that is still too wide, such as results with one column per method — how many
 * leading label columns to repeat while the other columns are printed in blocks, one
 * under the other.
 */
export interface TableFit {
  readonly maxWidth: number;
  readonly wrap: readonly number[];
  readonly repeat?: number;
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

/** The columns after the first `repeat`, in blocks that fit `maxWidth` beside the repeated ones (at least one each). */
function columnBlocks(widths: readonly number[], repeat: number, maxWidth: number): number[][] {
  const labelWidth = widths.slice(0, repeat).reduce((a, w) => a + w + 2, 0);
  const blocks: number[][] = [];
  let block: number[] = [];
  let used = labelWidth;
  for (let i = repeat; i < widths.length; i++) {
    if (block.length > 0 && used + widths[i] > maxWidth) {
      blocks.push(block);
      block = [];
      used = labelWidth;
    }
    block.push(i);
    used += widths[i] + 2;
  }
  if (block.length > 0) blocks.push(block);
  return blocks;
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
  if (fit?.repeat !== undefined) {
    const blocks = columnBlocks(columnWidths(header, body, undefined), fit.repeat, fit.maxWidth);
    if (blocks.length > 1) {
      const labels = Array.from({ length: fit.repeat }, (_, i) => i);
      return blocks
        .map((block) => {
          const columns = [...labels, ...block];
          return alignedTable(
            columns.map((i) => header[i]),
            body.map((row) => columns.map((i) => row[i])),
            columns.map((i) => rightAligned[i] ?? false),
            { maxWidth: fit.maxWidth, wrap: [] },
          );
        })
        .join('\n\n');
    }
  }
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

/** One Markdown table row (pipes in cells escaped, line breaks as spaces). */
export function markdownRow(cells: readonly string[]): string {
  const escapeCell = (cell: string) => cell.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
  return `| ${cells.map(escapeCell).join(' | ')} |`;
}

/** A Markdown table of the same cells. */
export function markdownTable(header: readonly string[], body: readonly (readonly string[])[]): string {
  return [markdownRow(header), markdownRow(header.map(() => '---')), ...body.map(markdownRow)].join('\n');
}
