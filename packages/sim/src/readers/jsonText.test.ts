/**
 * The one JSON reader (jsonText.ts) against JSON.parse, with the study options (duplicate keys
 * refused) and the log options (NaN, Infinity, -Infinity accepted).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { JsonSyntaxError, MAX_JSON_DEPTH, readJson } from './jsonText.js';

const studies = fileURLToPath(new URL('../../../../studies/', import.meta.url));
const STUDY = { duplicateKeys: 'error' } as const;
const parseJson = (text: string) => readJson(text, STUDY);

/** The JsonSyntaxError parsing `text` throws. */
function syntaxError(text: string): JsonSyntaxError {
  try {
    parseJson(text);
  } catch (error) {
    expect(error).toBeInstanceOf(JsonSyntaxError);
    return error as JsonSyntaxError;
  }
  throw new Error(`expected ${JSON.stringify(text)} to be refused`);
}

describe('readJson', () => {
  it.each([
    '{"a": 1, "b": [true, false, null, "x\\u00e9\\n\\"", -0.5e-3, 1E400], "c": {}}',
    '[]',
    '"just a string"',
    ' \n\t 12 ',
    '{"__proto__": {"polluted": true}, "constructor": 1}',
    '[1.0, 0, -0, 123456789012345678901234567890, 5e-324]',
    '{"a": "x\\": y", "b": [":", "\\"", {"c": "d"}], "e\\"f": {"": 1}}',
  ])('reads %s exactly as JSON.parse does, with either option set', (text) => {
    for (const read of [parseJson, (t: string) => readJson(t, { nonFinite: true })]) {
      const ours = read(text);
      expect(ours).toEqual(JSON.parse(text));
      expect(JSON.stringify(ours)).toBe(JSON.stringify(JSON.parse(text)));
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    }
  });

  it('reads every committed study as JSON.parse does', () => {
    const files = readdirSync(studies).filter((name) => name.endsWith('.json'));
    expect(files.length).toBeGreaterThan(10);
    for (const name of files) {
      const text = readFileSync(`${studies}${name}`, 'utf8');
      expect(JSON.stringify(parseJson(text)), name).toBe(JSON.stringify(JSON.parse(text)));
    }
  });

  it.each([
    ['{"a": 1,\n "b": }', 2, 7, "expected a value, got '}'"],
    ['{"a": 1,\n}', 2, 1, 'trailing comma before }'],
    ['[1, 2,]', 1, 7, 'trailing comma before ]'],
    ['{"a": 1\n "b": 2}', 2, 2, `expected ',' or '}' after the value of "a", got '"'`],
    ["{'a': 1}", 1, 2, 'expected a key in double quotes'],
    ['{"a": 01}', 1, 7, 'malformed number "01"'],
    ['{"a": "line\nbreak"}', 1, 12, 'character U+000A inside a string'],
    ['{"a": "\\x"}', 1, 8, 'unknown escape \\x'],
    ['{"a": tru}', 1, 7, "expected a value, got 't'"],
    ['{"a": 1} x', 1, 10, "unexpected 'x' after the end"],
    ['', 1, 1, 'the file is empty'],
    ['{"a": "open', 1, 7, 'unterminated string'],
    [
      '{\n  "name": "x",\n  "seed": 1,\n  "name": "y"\n}',
      4,
      3,
      'duplicate key "name" (first given on line 2)',
    ],
  ])('refuses %j at line %i, column %i', (text, line, column, problem) => {
    const error = syntaxError(text);
    expect(error.line).toBe(line);
    expect(error.column).toBe(column);
    expect(error.message).toContain(`line ${line}, column ${column}: `);
    expect(error.message).toContain(problem);
  });

  it('refuses duplicate keys at any depth with the study options; keeps the last one otherwise', () => {
    expect(readJson('{"a": 1, "b": {"a": 2, "a": 3}, "a": 4}')).toEqual({ a: 4, b: { a: 3 } });
    expect(syntaxError('{"m": [{"id": "a", "id": "b"}]}').message).toContain('duplicate key "id"');
    expect(parseJson('[{"id": "a"}, {"id": "b"}]')).toEqual([{ id: 'a' }, { id: 'b' }]);
    // Strings holding quotes and colons do not hide a repeated key (nor make one up).
    for (const text of [
      '{"a": "x\\": y", "a": 2}',
      '["x", ":", {"a": 1, "a": 2}]',
      '{"k\\"": 1, "k\\"": 2}',
      '{"a": {"b": ":"}, "c": 1, "c": 1}',
    ])
      expect(syntaxError(text).message, text).toContain('duplicate key');
  });

  it('refuses nesting deeper than the limit instead of overflowing the stack', () => {
    for (const deep of [`${'['.repeat(100_000)}${']'.repeat(100_000)}`, '['.repeat(100_000)]) {
      expect(syntaxError(deep).message).toContain(`nested deeper than ${MAX_JSON_DEPTH} levels`);
      expect(() => readJson(deep, { nonFinite: true })).toThrow(
        `nested deeper than ${MAX_JSON_DEPTH} levels`,
      );
    }
    const ok = `${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`;
    expect(() => parseJson(ok)).not.toThrow();
    const over = `${'{"a": '.repeat(MAX_JSON_DEPTH)}[]${'}'.repeat(MAX_JSON_DEPTH)}`;
    expect(syntaxError(over).message).toContain(`nested deeper than ${MAX_JSON_DEPTH} levels`);
    const objects = `${'{"a": '.repeat(MAX_JSON_DEPTH)}1${'}'.repeat(MAX_JSON_DEPTH)}`;
    expect(() => parseJson(objects)).not.toThrow();
  });

  it("reads Python's NaN, Infinity and -Infinity with the log options only", () => {
    const text = '{"value": NaN, "hi": Infinity, "lo": -Infinity, "s": "NaN", "n": [1, NaN, -2]}';
    const value = readJson(text, { nonFinite: true }) as Record<string, unknown>;
    expect(value.value).toBeNaN();
    expect(value.hi).toBe(Number.POSITIVE_INFINITY);
    expect(value.lo).toBe(Number.NEGATIVE_INFINITY);
    expect(value.s).toBe('NaN');
    expect(value.n).toEqual([1, Number.NaN, -2]);
    expect(syntaxError(text).message).toContain("line 1, column 11: expected a value, got 'N'");
    // numbers beside them are read exactly as JSON.parse reads them
    for (const literal of ['0.1', '1e-320', '9007199254740993', '-0', '2.2250738585072011e-308']) {
      const ours = (readJson(`[NaN, ${literal}]`, { nonFinite: true }) as number[])[1];
      expect(Object.is(ours, JSON.parse(literal)), literal).toBe(true);
    }
  });
});
