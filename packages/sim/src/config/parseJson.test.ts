import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { JsonSyntaxError, MAX_JSON_DEPTH, parseJson, readJson } from './parseJson.js';

const studies = fileURLToPath(new URL('../../../../studies/', import.meta.url));

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

describe('parseJson', () => {
  it.each([
    '{"a": 1, "b": [true, false, null, "x\\u00e9\\n\\"", -0.5e-3, 1E400], "c": {}}',
    '[]',
    '"just a string"',
    ' \n\t 12 ',
    '{"__proto__": {"polluted": true}, "constructor": 1}',
    '[1.0, 0, -0, 123456789012345678901234567890, 5e-324]',
    '{"a": "x\\": y", "b": [":", "\\"", {"c": "d"}], "e\\"f": {"": 1}}',
  ])('reads %s exactly as JSON.parse does, with its own reader too', (text) => {
    for (const read of [parseJson, readJson]) {
      const ours = read(text);
      expect(ours).toEqual(JSON.parse(text));
      expect(JSON.stringify(ours)).toBe(JSON.stringify(JSON.parse(text)));
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    }
  });

  it('reads every committed study as its own reader does, through the engine parser', () => {
    const files = readdirSync(studies).filter((name) => name.endsWith('.json'));
    expect(files.length).toBeGreaterThan(10);
    const engine = vi.spyOn(JSON, 'parse');
    try {
      for (const name of files) {
        const text = readFileSync(`${studies}${name}`, 'utf8');
        engine.mockClear();
        const value = parseJson(text);
        expect(engine, name).toHaveBeenCalledTimes(1);
        expect(engine.mock.results[0]?.value, name).toBe(value);
        expect(JSON.stringify(value), name).toBe(JSON.stringify(readJson(text)));
      }
    } finally {
      engine.mockRestore();
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

  it('refuses duplicate keys at any depth, but allows the same key in different objects', () => {
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
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    expect(syntaxError(deep).message).toContain(`nested deeper than ${MAX_JSON_DEPTH} levels`);
    const ok = `${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`;
    expect(() => parseJson(ok)).not.toThrow();
    const over = `${'{"a": '.repeat(MAX_JSON_DEPTH)}[]${'}'.repeat(MAX_JSON_DEPTH)}`;
    expect(syntaxError(over).message).toContain(`nested deeper than ${MAX_JSON_DEPTH} levels`);
    const objects = `${'{"a": '.repeat(MAX_JSON_DEPTH)}1${'}'.repeat(MAX_JSON_DEPTH)}`;
    expect(() => parseJson(objects)).not.toThrow();
  });
});
