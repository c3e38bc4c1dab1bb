import { describe, expect, it } from 'vitest';
import { JsonSyntaxError, MAX_JSON_DEPTH, parseJson } from './parseJson.js';

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
  ])('reads %s exactly as JSON.parse does', (text) => {
    const ours = parseJson(text);
    expect(ours).toEqual(JSON.parse(text));
    expect(JSON.stringify(ours)).toBe(JSON.stringify(JSON.parse(text)));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
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
  });

  it('refuses nesting deeper than the limit instead of overflowing the stack', () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    expect(syntaxError(deep).message).toContain(`nested deeper than ${MAX_JSON_DEPTH} levels`);
    const ok = `${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`;
    expect(() => parseJson(ok)).not.toThrow();
  });
});
