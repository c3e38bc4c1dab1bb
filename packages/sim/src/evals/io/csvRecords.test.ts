import { describe, expect, it } from 'vitest';
import { forEachCsvRecord } from './csvRecords.js';

function records(text: string): [string[], number][] {
  const out: [string[], number][] = [];
  forEachCsvRecord(text, 'f.csv', (fields, line) => {
    out.push([fields, line]);
  });
  return out;
}

describe('forEachCsvRecord', () => {
  it('splits fields, handles quotes, doubled quotes, CRLF, blank lines and a missing final newline', () => {
    expect(records('a,b,c\r\n1,"x, y",""\n\n"he said ""hi""",,3')).toEqual([
      [['a', 'b', 'c'], 1],
      [['1', 'x, y', ''], 2],
      [['he said "hi"', '', '3'], 4],
    ]);
  });

  it('counts lines inside quoted fields, so later records keep their file line', () => {
    expect(records('q,text\n1,"two\nlines"\n2,x\n')).toEqual([
      [['q', 'text'], 1],
      [['1', 'two\nlines'], 2],
      [['2', 'x'], 4],
    ]);
  });

  it('keeps a quote that opens mid-field and a lone quoted empty field', () => {
    expect(records('a"b,c\n""\n')).toEqual([
      [['a"b', 'c'], 1],
      [[''], 2],
    ]);
  });

  it('stops when the callback returns false', () => {
    const seen: number[] = [];
    forEachCsvRecord('a\nb\nc\n', 'f', (_, line) => {
      seen.push(line);
      return line < 2;
    });
    expect(seen).toEqual([1, 2]);
  });

  it('refuses text after a closing quote and an unclosed quote, naming the line', () => {
    expect(() => records('a,b\n"x"y,1\n')).toThrow(
      /^f\.csv, line 2, column 1: unexpected "y" after a closing quote/,
    );
    expect(() => records('a,b\n1,2\n3,"open\n')).toThrow(
      /^f\.csv, line 3, column 2: a quoted field opened on this line is never closed/,
    );
  });
});
