/**
 * A population CSV through the one CSV reader (parseCsv.ts): the cell table, and its mistakes
 * named by row and column — among them `x,"y"z`, refused here as it is by `import`.
 */
import { describe, expect, test } from 'vitest';
import { parseCsv } from './parseCsv.js';

describe('parseCsv', () => {
  test('a population file: header, trimmed cells, any line end, blank lines skipped', () => {
    const text = 'question, cluster ,correct\r\nq1,c1,1\r\n\r\n"q,2",c1, 0\nq3,c2,1\rq4,c2,"1"';
    const table = parseCsv(text, 'p.csv');
    expect(table.columnNames).toEqual(['question', 'cluster', 'correct']);
    expect(table.rowCount).toBe(4);
    expect([0, 1, 2, 3].map((row) => table.cell('correct', row))).toEqual(['1', '0', '1', '1']);
    expect(table.cell('question', 1)).toBe('q,2');
  });

  test('refuses what import refuses, naming file, row and column', () => {
    expect(() => parseCsv('question,cluster\nq1,"c"1\n', 'p.csv')).toThrow(
      /^p\.csv, row 2, column 2: unexpected "1" after a closing quote/,
    );
    expect(() => parseCsv('question,cluster\nq1,c1\n"q2,c2\n', 'p.csv')).toThrow(
      /^p\.csv, row 3, column 1: a quoted field opened on this line is never closed/,
    );
    expect(() => parseCsv('a,b\n1,2,3\n', 'p.csv')).toThrow(/^p\.csv, row 2: has 3 fields, the header has 2/);
    expect(() => parseCsv('\n\n', 'p.csv')).toThrow(/the file is empty/);
    expect(() => parseCsv('a,a\n1,2\n', 'p.csv')).toThrow(/column "a" appears twice/);
  });
});
