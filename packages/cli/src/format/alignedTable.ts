/**
 * The one aligned text table of the CLI: a header, a rule of ─ and the rows, columns two
 * spaces apart and as wide as their widest cell (counted in characters, not UTF-16 units),
 * left-aligned unless marked right-aligned; trailing spaces trimmed. No final newline.
 */
export function alignedTable(
  header: readonly string[],
  body: readonly (readonly string[])[],
  rightAligned: readonly boolean[] = [],
): string {
  const width = (text: string) => [...text].length;
  const widths = header.map((h, i) => Math.max(width(h), ...body.map((row) => width(row[i]))));
  const pad = (cell: string, i: number) => {
    const fill = ' '.repeat(widths[i] - width(cell));
    return rightAligned[i] ? fill + cell : cell + fill;
  };
  const line = (cells: readonly string[]) => cells.map(pad).join('  ').trimEnd();
  return [line(header), line(widths.map((w) => '─'.repeat(w))), ...body.map(line)].join('\n');
}

/** A Markdown table of the same cells (pipes in cells escaped). */
export function markdownTable(header: readonly string[], body: readonly (readonly string[])[]): string {
  const escapePipes = (cell: string) => cell.replace(/\|/g, '\\|');
  const line = (cells: readonly string[]) => `| ${cells.map(escapePipes).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...body.map(line)].join('\n');
}
