import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { firstLine, forEachJsonLine, forEachLine } from './jsonLines.js';

const dir = mkdtempSync(join(tmpdir(), 'evalsim-jsonl-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
function file(content: string | Uint8Array): string {
  const path = join(dir, `f${n++}.jsonl`);
  writeFileSync(path, content);
  return path;
}

describe('forEachJsonLine', () => {
  it('parses every non-blank line with its line number (CRLF, BOM, no final newline)', () => {
    const path = file('\ufeff{"a": 1}\r\n\r\n{"a": NaN}\n  \n{"a": 3}');
    const seen: [unknown, number][] = [];
    forEachJsonLine(path, 'x.jsonl', (value, line) => seen.push([value, line]));
    expect(seen.map(([, line]) => line)).toEqual([1, 3, 5]);
    expect((seen[1][0] as { a: number }).a).toBeNaN();
  });

  it('reads lines longer than its 8 MiB block and keeps line numbers across blocks', () => {
    const long = 'x'.repeat(9 * 1024 * 1024);
    const lines = [`{"s": "${long}"}`, ...Array.from({ length: 3 }, (_, k) => `{"k": ${k}}`)];
    const path = file(`${lines.join('\n')}\n`);
    const seen: number[] = [];
    let length = 0;
    forEachJsonLine(path, 'x.jsonl', (value, line) => {
      seen.push(line);
      if (line === 1) length = (value as { s: string }).s.length;
    });
    expect(seen).toEqual([1, 2, 3, 4]);
    expect(length).toBe(long.length);
  });

  it('names the line and column of a malformed line', () => {
    const path = file('{"a": 1}\n{"a": 2,, }\n');
    expect(() => forEachJsonLine(path, 'x.jsonl', () => {})).toThrow(
      /^x\.jsonl, line 2, column 9: malformed JSON/,
    );
  });

  it('names the line and byte column of invalid UTF-8 in any block', () => {
    const head = Buffer.from(`${'{"pad": 0}\n'.repeat(900_000)}{"s": "a`);
    const path = file(Buffer.concat([head, Buffer.from([0xfe]), Buffer.from('"}\n')]));
    expect(() => forEachLine(path, 'x.jsonl', () => {})).toThrow(
      /^x\.jsonl, line 900001, column 9: invalid UTF-8/,
    );
  });

  it('returns the first non-blank line', () => {
    expect(firstLine(file('\n\n{"spec": 1}\r\n{"x": 2}\n'))).toBe('{"spec": 1}');
    expect(firstLine(file(''))).toBeUndefined();
  });
});
