/**
 * The one CSV reader (csvRecords.ts) against Python's `csv` module (strict=True) on 408
 * generated tricky texts (packages/sim/fixtures/csvRecords.json, made by
 * fixtures/scripts/csvRecords.py with a fixed seed: quotes, doubled quotes, CR, LF and CRLF,
 * embedded newlines, a byte-order mark, `x,"y"z`, `x"y`, ragged rows, empty fields, blank
 * lines, a trailing newline or not, a quote left open): the same records, or an error where
 * Python raises one. Each text goes through the UTF-8 decoder first, as a file does.
 */
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../test-utils/fixtures.js';
import { CsvSyntaxError, csvPositionAtEnd, csvRecords, forEachCsvRecord } from './csvRecords.js';
import { decodeUtf8 } from './utf8.js';

interface Cases {
  readonly source: string;
  readonly cases: readonly { readonly text: string; readonly expected: string[][] | 'error' }[];
}

describe('csvRecords', () => {
  it("gives Python csv's records, or refuses where it raises, on every generated text", () => {
    const { source, cases } = loadFixture<Cases>('csvRecords');
    expect(source).toMatch(/^Python 3\.\d+\.\d+ csv module, strict=True$/);
    expect(cases.length).toBeGreaterThan(400);
    const errors = cases.filter((c) => c.expected === 'error').length;
    expect(errors).toBeGreaterThan(50);
    expect(cases.length - errors).toBeGreaterThan(200);
    for (const { text, expected } of cases) {
      const decoded = decodeUtf8(Buffer.from(text, 'utf8'));
      if (expected === 'error')
        expect(() => csvRecords(decoded), JSON.stringify(text)).toThrow(CsvSyntaxError);
      else expect(csvRecords(decoded), JSON.stringify(text)).toEqual(expected);
    }
  });

  it('names the line, record and field of a mistake; counts lines inside quoted fields', () => {
    const lines: number[] = [];
    forEachCsvRecord('q,text\n1,"two\nlines"\r\n\r\n2,"cr\ronly"\n3,x', (_fields, line, record) => {
      lines.push(line, record);
    });
    expect(lines).toEqual([1, 1, 2, 2, 5, 3, 7, 4]);
    const error = (() => {
      try {
        csvRecords('a,b\n\n1,"x"y\n');
      } catch (e) {
        return e as CsvSyntaxError;
      }
    })();
    expect(error).toMatchObject({ line: 3, record: 2, field: 2 });
    expect(error?.problem).toMatch(/^unexpected "y" after a closing quote/);
  });

  it('locates the end of a prefix by record and field', () => {
    expect(csvPositionAtEnd('')).toEqual({ record: 1, field: 1 });
    expect(csvPositionAtEnd('a,b\n1,')).toEqual({ record: 2, field: 2 });
    expect(csvPositionAtEnd('a,b\n1,2\n\n')).toEqual({ record: 3, field: 1 });
    expect(csvPositionAtEnd('a,b\n1,"open\nstill')).toEqual({ record: 2, field: 2 });
  });
});
