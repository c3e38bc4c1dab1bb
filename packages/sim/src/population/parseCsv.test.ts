/**
 * The CSV reader's two paths (parseCsv.ts): text without a double quote is split by the engine's
 * own splits, and gives the records of the character-by-character reader, for every line-end
 * style, blank lines, empty fields, a missing last line end and a byte-order mark.
 */
import { describe, expect, test } from 'vitest';
import { parseCsv, parseQuotedRecords, parseRecords } from './parseCsv.js';

/** A deterministic generator (mulberry32) for the random texts. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = ['a', 'b', '0', '1', ' ', 'x y', ',', ',', '\n', '\r\n', '\r', '\n\n', 'é', '\t'];

describe('parseCsv without quotes', () => {
  test('the split path gives the character reader’s records on 2,000 random texts', () => {
    const next = random(20261201);
    for (let k = 0; k < 2000; k++) {
      const length = Math.floor(next() * 40);
      let text = next() < 0.1 ? '\ufeff' : '';
      for (let i = 0; i < length; i++) text += PIECES[Math.floor(next() * PIECES.length)];
      const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
      expect(parseRecords(text, 'f.csv'), JSON.stringify(text)).toEqual(
        parseQuotedRecords(text, start, 'f.csv'),
      );
    }
  });

  test('a population file reads the same either way', () => {
    const text = 'question,cluster,correct\r\nq1,c1,1\r\n\r\nq2,c1,0\nq3,c2,1';
    const table = parseCsv(text, 'p.csv');
    expect(table.columnNames).toEqual(['question', 'cluster', 'correct']);
    expect(table.rowCount).toBe(3);
    expect([0, 1, 2].map((row) => table.cell('correct', row))).toEqual(['1', '0', '1']);
    expect(() => parseCsv('a,b\n1,2,3\n', 'p.csv')).toThrow(/has 3 fields, the header has 2/);
  });
});
