import { describe, expect, it } from 'vitest';
import { EvalInputError } from '../evalInputError.js';
import { parseJson } from './jsonText.js';

function syntaxError(text: string, line = 1): EvalInputError {
  try {
    parseJson(text, 'log.json', line);
  } catch (error) {
    expect(error).toBeInstanceOf(EvalInputError);
    return error as EvalInputError;
  }
  throw new Error(`expected ${text} to be refused`);
}

describe('parseJson', () => {
  it('parses standard JSON like JSON.parse', () => {
    const text = '{"a": [1, -2.5e-3, true, false, null, "x\\u00e9\\n\\"q\\""], "b": {"c": {}}, "d": []}';
    expect(parseJson(text, 'f')).toEqual(JSON.parse(text));
  });

  it("accepts Python's NaN, Infinity and -Infinity (json.dumps, pydantic constants)", () => {
    const value = parseJson(
      '{"value": NaN, "hi": Infinity, "lo": -Infinity, "s": "NaN", "n": [1, NaN]}',
      'f',
    ) as Record<string, unknown>;
    expect(value.value).toBeNaN();
    expect(value.hi).toBe(Number.POSITIVE_INFINITY);
    expect(value.lo).toBe(Number.NEGATIVE_INFINITY);
    expect(value.s).toBe('NaN');
    expect((value.n as number[])[1]).toBeNaN();
  });

  it('converts numbers exactly as JSON.parse does, in the fallback parser too', () => {
    const literals = [
      '0.1',
      '1e-320',
      '9007199254740993',
      '-0',
      '123456789012345678901234567890',
      '2.2250738585072011e-308',
    ];
    for (const literal of literals) {
      const fast = JSON.parse(literal);
      const slow = (parseJson(`[NaN, ${literal}]`, 'f') as number[])[1];
      expect(Object.is(slow, fast)).toBe(true);
    }
  });

  it('keeps __proto__ as an own key, as JSON.parse does', () => {
    const value = parseJson('{"__proto__": {"x": 1}, "n": NaN}', 'f') as Record<string, unknown>;
    expect(Object.keys(value)).toEqual(['__proto__', 'n']);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('reports the line and column of the first syntax error', () => {
    const e = syntaxError('{\n  "a": 1,\n  "b": [1, 2,, 3]\n}');
    expect([e.line, e.column]).toEqual([3, 14]);
    expect(e.message).toMatch(/^log\.json, line 3, column 14: malformed JSON: expected a value, got ','/);
    expect(syntaxError('{"a": 1', 7).line).toBe(7);
    expect(syntaxError('{"a": 1} x').message).toMatch(/unexpected 'x' after the end of the JSON value/);
    expect(syntaxError('{"a": "unterminated').message).toMatch(/unterminated string/);
    expect(syntaxError('').message).toMatch(/the file is empty/);
    expect(syntaxError('{"a": nan}').message).toMatch(/column 7/);
  });

  it('refuses deep nesting with a plain error naming the file (issue 27 item 7), not a stack overflow', () => {
    for (const text of ['['.repeat(100_000), `{"a": ${'['.repeat(100_000)}NaN${']'.repeat(100_000)}}`]) {
      const e = syntaxError(text);
      expect(e.message).toMatch(
        /^log\.json, line 1, column \d+: malformed JSON: nested deeper than 256 levels/,
      );
    }
  });
});
