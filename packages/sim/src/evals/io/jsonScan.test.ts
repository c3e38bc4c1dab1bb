import { describe, expect, it } from 'vitest';
import { JsonCursor, JsonScanError, jsonKeys } from './jsonScan.js';

const cursor = (text: string) => new JsonCursor(Buffer.from(text, 'utf8'));

/** Reads every element of an array of objects with the cursor: { key: value } for `keys`. */
function pick(text: string, keys: string[]): Record<string, unknown>[] {
  const c = cursor(text);
  const out: Record<string, unknown>[] = [];
  const encoded = jsonKeys(...keys);
  c.elements(() => {
    const row: Record<string, unknown> = {};
    c.members(encoded, (k) => {
      row[keys[k]] = c.read();
    });
    out.push(row);
  });
  c.end();
  return out;
}

describe('JsonCursor', () => {
  it('reads chosen fields like JSON.parse and skips everything else, whatever it holds', () => {
    const doc = [
      {
        id: 1,
        epoch: 2,
        input: 'braces { [ in "quotes" } ] and \\ slashes',
        skip: [1, { a: [2, '}'] }, null],
        v: 'C',
      },
      { id: 'q-7', skip: { deep: { deeper: [[], {}] } }, epoch: 10, v: 'Zürich ✓ 🎲' },
      { v: { dict: [1, 2] }, id: 123456789012345, epoch: 1, skip: -1.5e-7 },
      { id: 0, epoch: 3, v: 'line\nbreak\t"quoted" \u00e9', skip: true },
      { id: 2 ** 53, epoch: 1, v: 0.1, skip: false },
    ];
    // an id of 16 digits goes through Number() on the literal, like JSON.parse
    const text = JSON.stringify(doc, null, 2).replace('9007199254740992', '9007199254740993');
    const expected = JSON.parse(text).map((r: Record<string, unknown>) => ({
      id: r.id,
      epoch: r.epoch,
      v: r.v,
    }));
    const got = pick(text, ['id', 'epoch', 'v']);
    expect(got).toEqual(expected);
    expect(Object.is(got[2].id, 123456789012345)).toBe(true);
  });

  it("reads Python's NaN and Infinity, negative and fractional numbers, literals and escapes", () => {
    const got = pick(
      '[{"a": NaN, "b": -Infinity, "c": -0.0, "d": 1e3, "e": null, "f": "\\u00e9\\\\", "g": 007}]',
      ['a', 'b', 'c', 'd', 'e', 'f'],
    );
    expect(got[0].a).toBeNaN();
    expect(got[0].b).toBe(Number.NEGATIVE_INFINITY);
    expect(Object.is(got[0].c, -0)).toBe(true);
    expect(got[0].d).toBe(1000);
    expect(got[0].e).toBeNull();
    expect(got[0].f).toBe('é\\');
    expect(() => pick('[{"g": 007}]', ['g'])).toThrow(JsonScanError);
  });

  it('finds the end of strings with escaped quotes and backslashes on either side of the 24th byte', () => {
    const doc = Array.from({ length: 40 }, (_, k) => ({
      skip: `${'x'.repeat(k)}\\"${'y'.repeat(k % 7)}\\\\`,
      v: `${'a'.repeat(k)}"\\${'b'.repeat(40 - k)}`,
    }));
    for (const text of [JSON.stringify(doc), JSON.stringify(doc, null, 1)]) {
      expect(pick(text, ['v'])).toEqual(doc.map((d) => ({ v: d.v })));
    }
  });

  it('returns the same string object for repeated short strings', () => {
    const got = pick('[{"s": "anatomy"}, {"s": "anatomy"}, {"s": "algebra"}]', ['s']);
    expect(got[0].s).toBe('anatomy');
    expect(got[1].s).toBe(got[0].s);
    expect(got[2].s).toBe('algebra');
  });

  it('fails with JsonScanError on malformed input instead of guessing', () => {
    for (const bad of [
      '[{"a": 1,}]',
      '[{"a" 1}]',
      '[{"a": 1} {"a": 2}]',
      '[{"a": "open}]',
      '{"a": 1}',
      '[1] x',
      '[{"a": tru}]',
    ]) {
      expect(() => pick(bad, ['a']), bad).toThrow(JsonScanError);
    }
  });
});
