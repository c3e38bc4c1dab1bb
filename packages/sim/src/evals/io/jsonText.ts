/**
 * JSON as Python writes it. `json.dumps` (lm-evaluation-harness, openai/evals, HELM) and
 * pydantic with `ser_json_inf_nan="constants"` (inspect_ai's `Score`, its NaN "unscored"
 * sentinel) emit the bare tokens `NaN`, `Infinity` and `-Infinity`, which `JSON.parse`
 * refuses. The fast path is `JSON.parse`; when it fails, the small recursive-descent parser
 * below (RFC 8259 plus those three tokens) parses the text or reports the exact position
 * of the first syntax error as a line and column. Numbers are converted by `Number()` on
 * the literal text, i.e. correctly rounded like `JSON.parse`.
 */
import { EvalInputError } from '../evalInputError.js';

class JsonSyntaxError extends Error {
  constructor(
    readonly position: number,
    message: string,
  ) {
    super(message);
  }
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPES: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

/** Parses JSON text that may contain NaN / Infinity / -Infinity; throws JsonSyntaxError. */
function parseLenient(text: string): unknown {
  let i = 0;
  const fail = (what: string): never => {
    const found = i < text.length ? `"${text[i]}"` : 'the end of the text';
    throw new JsonSyntaxError(i, `expected ${what}, found ${found}`);
  };
  const space = () => {
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) i++;
      else return;
    }
  };
  const word = (w: string, value: unknown) => {
    if (text.startsWith(w, i)) {
      i += w.length;
      return value;
    }
    return fail('a JSON value');
  };
  const string = (): string => {
    i++; // opening quote
    let out = '';
    let start = i;
    for (;;) {
      const c = text.charCodeAt(i);
      if (Number.isNaN(c)) fail('a closing quote');
      if (c === 0x22) {
        out += text.slice(start, i);
        i++;
        return out;
      }
      if (c < 0x20) fail('no control character inside a string');
      if (c === 0x5c) {
        out += text.slice(start, i);
        const e = text[i + 1];
        if (e === 'u') {
          const hex = text.slice(i + 2, i + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) {
            i += 2;
            fail('four hex digits after \\u');
          }
          out += String.fromCharCode(Number.parseInt(hex, 16));
          i += 6;
        } else if (e !== undefined && e in ESCAPES) {
          out += ESCAPES[e];
          i += 2;
        } else {
          i++;
          fail('an escape character');
        }
        start = i;
      } else i++;
    }
  };
  const value = (): unknown => {
    space();
    const c = text[i];
    if (c === '{') {
      i++;
      const object: Record<string, unknown> = {};
      space();
      if (text[i] === '}') {
        i++;
        return object;
      }
      for (;;) {
        space();
        if (text[i] !== '"') fail('a property name in double quotes');
        const key = string();
        space();
        if (text[i] !== ':') fail('":"');
        i++;
        const v = value();
        Object.defineProperty(object, key, {
          value: v,
          writable: true,
          enumerable: true,
          configurable: true,
        });
        space();
        if (text[i] === ',') i++;
        else if (text[i] === '}') {
          i++;
          return object;
        } else fail('"," or "}"');
      }
    }
    if (c === '[') {
      i++;
      const array: unknown[] = [];
      space();
      if (text[i] === ']') {
        i++;
        return array;
      }
      for (;;) {
        array.push(value());
        space();
        if (text[i] === ',') i++;
        else if (text[i] === ']') {
          i++;
          return array;
        } else fail('"," or "]"');
      }
    }
    if (c === '"') return string();
    if (c === 't') return word('true', true);
    if (c === 'f') return word('false', false);
    if (c === 'n') return word('null', null);
    if (c === 'N') return word('NaN', Number.NaN);
    if (c === 'I') return word('Infinity', Number.POSITIVE_INFINITY);
    if (c === '-' && text.startsWith('-Infinity', i)) return word('-Infinity', Number.NEGATIVE_INFINITY);
    NUMBER.lastIndex = i;
    const match = NUMBER.exec(text);
    if (!match) return fail('a JSON value');
    i += match[0].length;
    return Number(match[0]);
  };
  const result = value();
  space();
  if (i < text.length) fail('the end of the JSON value');
  return result;
}

/** Line and column (1-based, in characters) of `position` in `text`, counting from `firstLine`. */
function lineAndColumn(text: string, position: number, firstLine: number): { line: number; column: number } {
  let line = firstLine;
  let lineStart = 0;
  for (let k = text.indexOf('\n'); k !== -1 && k < position; k = text.indexOf('\n', k + 1)) {
    line++;
    lineStart = k + 1;
  }
  return { line, column: position - lineStart + 1 };
}

/**
 * Parses one JSON value. `line` is the file line where `text` starts (JSONL: the line
 * itself); errors carry the line and column of the first syntax error.
 */
export function parseJson(text: string, file: string, line = 1): unknown {
  try {
    return JSON.parse(text);
  } catch {
    try {
      return parseLenient(text);
    } catch (error) {
      if (!(error instanceof JsonSyntaxError)) throw error;
      const at = lineAndColumn(text, error.position, line);
      throw new EvalInputError({ file, ...at }, `malformed JSON: ${error.message}`);
    }
  }
}
