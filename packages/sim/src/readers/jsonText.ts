/**
 * The one JSON reader (RFC 8259), for study files (config/) and eval logs (evals/): the same
 * values as `JSON.parse`, but a mistake is reported by line and column (1-based; columns count
 * UTF-16 units, as editors do) and nesting deeper than {@link MAX_JSON_DEPTH} is refused with a
 * plain error instead of overflowing the stack. Options: `duplicateKeys: 'error'` (studies: a
 * key written twice in one object is an error instead of the last one silently winning; logs
 * keep the last, as Python's `json` and `JSON.parse` do) and `nonFinite` (logs: the bare tokens
 * `NaN`, `Infinity` and `-Infinity` that Python's `json.dumps` and pydantic with
 * `ser_json_inf_nan="constants"` write — inspect_ai's NaN "unscored" — which `JSON.parse`
 * refuses). Numbers are read with `Number` from their JSON text, exactly as `JSON.parse` reads
 * them (so `1e400` is Infinity — the study schema refuses it later, naming the field). A
 * leading UTF-8 byte-order mark is not part of the text: the UTF-8 decoder (utf8.ts) drops it.
 * Large logs that need only a few fields are scanned instead (evals/io/jsonScan.ts).
 */

/** Deepest nesting of arrays and objects accepted. */
export const MAX_JSON_DEPTH = 256;

/** A JSON syntax error at a line and column. */
export class JsonSyntaxError extends Error {
  readonly line: number;
  readonly column: number;
  /** The mistake without its place. */
  readonly problem: string;

  constructor(problem: string, line: number, column: number) {
    super(`line ${line}, column ${column}: ${problem}`);
    this.name = 'JsonSyntaxError';
    this.line = line;
    this.column = column;
    this.problem = problem;
  }
}

/** Python's json.dumps tokens for the non-finite numbers. */
const NON_FINITE: readonly (readonly [string, number])[] = [
  ['NaN', Number.NaN],
  ['Infinity', Number.POSITIVE_INFINITY],
  ['-Infinity', Number.NEGATIVE_INFINITY],
];

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

/** How a JSON text is read (see the module comment). */
export interface JsonOptions {
  /** A key written twice in one object: an error (studies), or the last one kept (default). */
  readonly duplicateKeys?: 'error' | 'last';
  /** Accept the bare tokens NaN, Infinity and -Infinity (eval logs). */
  readonly nonFinite?: boolean;
}

/** `text` as one JSON value, or a JsonSyntaxError naming the mistake's line and column. */
export function readJson(text: string, options: JsonOptions = {}): unknown {
  const strictKeys = options.duplicateKeys === 'error';
  const nonFinite = options.nonFinite === true;
  let i = 0;

  const fail = (problem: string, at = i): never => {
    let line = 1;
    let lineStart = 0;
    for (let j = 0; j < at && j < text.length; j++) {
      if (text.charCodeAt(j) === 10) {
        line++;
        lineStart = j + 1;
      }
    }
    throw new JsonSyntaxError(problem, line, at - lineStart + 1);
  };

  const describe = (at: number): string => {
    if (at >= text.length) return 'the end of the file';
    const code = text.codePointAt(at) ?? 0;
    return code < 0x20 || code === 0x7f
      ? `character U+${code.toString(16).toUpperCase().padStart(4, '0')}`
      : `'${String.fromCodePoint(code)}'`;
  };

  const skipSpace = () => {
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) i++;
      else return;
    }
  };

  const readString = (): string => {
    const start = i;
    i++; // opening quote
    let out = '';
    let run = i;
    for (;;) {
      if (i >= text.length) fail('unterminated string (no closing ")', start);
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        out += text.slice(run, i);
        i++;
        return out;
      }
      if (c < 0x20) fail(`${describe(i)} inside a string (write it as an escape such as \\n)`);
      if (c === 0x5c) {
        out += text.slice(run, i);
        const e = text[i + 1];
        if (e === 'u') {
          const hex = text.slice(i + 2, i + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail('\\u must be followed by four hex digits');
          out += String.fromCharCode(Number.parseInt(hex, 16));
          i += 6;
        } else if (e !== undefined && ESCAPES[e] !== undefined) {
          out += ESCAPES[e];
          i += 2;
        } else {
          fail(`unknown escape \\${e ?? ''} in a string`);
        }
        run = i;
      } else i++;
    }
  };

  const readValue = (depth: number): unknown => {
    skipSpace();
    const c = text[i];
    if (c === '{' || c === '[') {
      if (depth >= MAX_JSON_DEPTH) fail(`nested deeper than ${MAX_JSON_DEPTH} levels`);
      return c === '{' ? readObject(depth + 1) : readArray(depth + 1);
    }
    if (c === '"') return readString();
    if (nonFinite) {
      for (const [word, value] of NON_FINITE) {
        if (text.startsWith(word, i)) {
          i += word.length;
          return value;
        }
      }
    }
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) {
      NUMBER.lastIndex = i;
      const match = NUMBER.exec(text);
      if (!match) fail(`${describe(i)} does not start a number`);
      const token = (match as RegExpExecArray)[0];
      const next = text[i + token.length];
      if (next !== undefined && /[0-9.eE+-]/.test(next)) fail(`malformed number "${token}${next}"`);
      i += token.length;
      return Number(token);
    }
    for (const [word, value] of [
      ['true', true],
      ['false', false],
      ['null', null],
    ] as const) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return value;
      }
    }
    if (c === "'") return fail('strings must be in double quotes ("), not single quotes (\')');
    return fail(`expected a value, got ${describe(i)}`);
  };

  const readObject = (depth: number): Record<string, unknown> => {
    const object: Record<string, unknown> = {};
    const keyOffsets = strictKeys ? new Map<string, number>() : undefined;
    i++; // {
    skipSpace();
    if (text[i] === '}') {
      i++;
      return object;
    }
    for (;;) {
      skipSpace();
      if (text[i] !== '"') {
        fail(
          text[i] === '}' ? 'trailing comma before }' : `expected a key in double quotes, got ${describe(i)}`,
        );
      }
      const keyAt = i;
      const key = readString();
      if (keyOffsets) {
        const earlier = keyOffsets.get(key);
        if (earlier !== undefined) {
          fail(
            `duplicate key "${key}" (first given on line ${lineOf(earlier)}); a key may appear once per object`,
            keyAt,
          );
        }
        keyOffsets.set(key, keyAt);
      }
      skipSpace();
      if (text[i] !== ':') fail(`expected ':' after the key "${key}", got ${describe(i)}`);
      i++;
      const value = readValue(depth);
      // Like JSON.parse, "__proto__" becomes an own property, not the prototype.
      Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
      skipSpace();
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === '}') {
        i++;
        return object;
      }
      fail(`expected ',' or '}' after the value of "${key}", got ${describe(i)}`);
    }
  };

  const readArray = (depth: number): unknown[] => {
    const array: unknown[] = [];
    i++; // [
    skipSpace();
    if (text[i] === ']') {
      i++;
      return array;
    }
    for (;;) {
      skipSpace();
      if (text[i] === ']') fail('trailing comma before ]');
      array.push(readValue(depth));
      skipSpace();
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === ']') {
        i++;
        return array;
      }
      fail(`expected ',' or ']' after an array item, got ${describe(i)}`);
    }
  };

  const lineOf = (at: number): number => {
    let line = 1;
    for (let j = 0; j < at; j++) if (text.charCodeAt(j) === 10) line++;
    return line;
  };

  skipSpace();
  if (i >= text.length) fail('the file is empty (expected a JSON value)');
  const value = readValue(0);
  skipSpace();
  if (i < text.length) fail(`unexpected ${describe(i)} after the end of the JSON value`);
  return value;
}
