import { describe, expect, it } from 'vitest';
import { findDuplicateRows } from './duplicateRows.js';
import { EvalTableBuilder } from './evalTableBuilder.js';

/** A table of (system, question, epoch) rows. */
function table(rows: [string, string, number][]) {
  const b = new EvalTableBuilder();
  for (const [system, question, epoch] of rows) {
    b.append(0, 0, b.code('system', system), b.code('question', question), -1, epoch, 0, 1, 0);
  }
  b.code('source', 's');
  b.code('task', 't');
  b.code('metric', 'm');
  return b.finish();
}

describe('findDuplicateRows', () => {
  const rows: [string, string, number][] = [
    ['A', 'q1', 1],
    ['A', 'q2', 1],
    ['B', 'q1', 1],
    ['A', 'q2', 2],
    ['B', 'q1', 1], // repeats row 2
    ['A', 'q1', 1], // repeats row 0, but later
  ];

  it('reports the first row repeating an earlier one, with that earlier row (bitmap path)', () => {
    expect(findDuplicateRows(table(rows))).toEqual([2, 4]);
  });

  it('gives the same pair when the key space is too large for the bitmap (sorted path)', () => {
    // finish() drops unused dictionary values, so widen with epochs instead: 1000 epochs × 2 × 2 ≫ 64 × 6.
    const wide = table([...rows, ['C', 'q9', 1000]]);
    expect(findDuplicateRows(wide)).toEqual([2, 4]);
  });

  it('finds nothing when every key is distinct', () => {
    expect(findDuplicateRows(table(rows.slice(0, 4)))).toBeUndefined();
    expect(findDuplicateRows(table([...rows.slice(0, 4), ['C', 'q9', 1000]]))).toBeUndefined();
  });
});
