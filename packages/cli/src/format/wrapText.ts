/**
 * Word wrapping for table cells and headings: lines of at most `width` characters (counted
 * as code points), broken at spaces; a word longer than a line is broken inside (a long
 * path rather than an overflowing table). Existing line breaks are kept.
 */
export function wrapText(text: string, width: number): string[] {
  const limit = Math.max(1, Math.floor(width));
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(' ')) {
      let rest = [...word];
      const lineLength = [...line].length;
      if (line !== '' && lineLength + 1 + rest.length <= limit) {
        line += ` ${word}`;
        continue;
      }
      if (line !== '') lines.push(line);
      line = '';
      while (rest.length > limit) {
        lines.push(rest.slice(0, limit).join(''));
        rest = rest.slice(limit);
      }
      line = rest.join('');
    }
    lines.push(line);
  }
  return lines;
}
