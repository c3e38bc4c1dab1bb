/**
 * A strict JSON reader for study files (RFC 8259): the same values as `JSON.parse`, but a
 * mistake is reported by line and column (1-based; columns count UTF-16 units, as editors
 * do), a key written twice in one object is an error instead of the last one silently
 * winning, and nesting deeper than {@link MAX_JSON_DEPTH} is refused instead of
 * overflowing the stack. Numbers are read with `Number` from their JSON text, exactly
 * as `JSON.parse` reads them (so `1e400` is Infinity — the schema refuses it later, naming
 * the field). A leading UTF-8 byte-order mark is not part of the text: strip it first.
 */

/** Deepest nesting of arrays and objects accepted. */
export const MAX_JSON_DEPTH = 256;

/** A JSON syntax error at a line and column. */
export class JsonSyntaxError extends Error {
  readonly line: number;
  readonly column: number;

  constructor(problem: string, line: number, column: number) {
    super(`line ${line}, column ${column}: ${problem}`);
    this.name = 'JsonSyntaxError';
    this.line = line;
    this.column = column;
  }
}

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

/** Parses `text` as one JSON value (see the module comment). */
export function parseJson(text: string): unknown {
  const parsed = parsedByEngine(text);
  return parsed === NOT_PARSED ? readJson(text) : parsed;
}

const NOT_PARSED = Symbol('not parsed');
/** Each string literal of a JSON text, and the ':' after it when it is a key. */
const STRING_TOKEN = /"(?:[^"\\]|\\.)*"[ \t\n\r]*(:?)/g;

/**
 * `JSON.parse(text)` when that is what {@link readJson} returns: the text is JSON, nested at most
 * MAX_JSON_DEPTH deep, and no key is repeated, that is, the objects' own keys are as many as
 * the key tokens of the text (a repeated key makes one property). Else NOT_PARSED, and readJson
 * reads the text (and names the mistake). The engine's parser is native: a study file's JSON in
 * well under a millisecond, where readJson's first run is interpreted (several milliseconds of
 * every `evalsim run`, docs/performance.md §9l).
 */
function parsedByEngine(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return NOT_PARSED;
  }
  let keyTokens = 0;
  // Outside a string every '"' of valid JSON opens one, so the matches are its string literals.
  STRING_TOKEN.lastIndex = 0;
  for (let match = STRING_TOKEN.exec(text); match !== null; match = STRING_TOKEN.exec(text))
    if (match[1] !== '') keyTokens++;
  const keys = countKeys(value, 0);
  return keys === keyTokens ? value : NOT_PARSED;
}

/** The own keys of every object in `value`, or −1 when it nests deeper than MAX_JSON_DEPTH. */
function countKeys(value: unknown, depth: number): number {
  if (value === null || typeof value !== 'object') return 0;
  if (depth >= MAX_JSON_DEPTH) return -1;
  const values = Array.isArray(value) ? value : Object.values(value);
  let keys = Array.isArray(value) ? 0 : values.length;
  for (const item of values) {
    const inner = countKeys(item, depth + 1);
    if (inner < 0) return -1;
    keys += inner;
  }
  return keys;
}

/**
 * parseJson's own reader (also exported for its tests): the value, or a JsonSyntaxError naming
 * the mistake's line and column.
 */
export function readJson(text: string): unknown {
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
    const keyOffsets = new Map<string, number>();
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
      const earlier = keyOffsets.get(key);
      if (earlier !== undefined) {
        fail(
          `duplicate key "${key}" (first given on line ${lineOf(earlier)}); a key may appear once per object`,
          keyAt,
        );
      }
      keyOffsets.set(key, keyAt);
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
  if (i >= text.length) fail('the file is empty (expected a JSON object)');
  const value = readValue(0);
  skipSpace();
  if (i < text.length) fail(`unexpected ${describe(i)} after the end of the JSON value`);
  return value;
}
