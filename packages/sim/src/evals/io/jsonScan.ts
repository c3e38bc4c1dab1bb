/**
 * Reads a few fields out of a large JSON document without building it: a cursor over the
 * UTF-8 bytes that skips values (strings by `indexOf('"')`, containers by nesting depth)
 * and reads only the scalars or small objects asked for. inspect_ai's summaries.json holds
 * ~730 bytes per sample of which the importer needs four fields; `JSON.parse` of the whole
 * would build every string and object (see scripts/evals/bench-import.mjs for the effect).
 *
 * The cursor trusts the bytes to be valid UTF-8 (the caller checks with `isUtf8` first) and
 * checks JSON syntax only as far as it reads; any inconsistency throws {@link JsonScanError},
 * on which callers re-read the document with `parseJson`, whose errors give the exact line
 * and column. Scalars are converted like `JSON.parse` (numbers by `Number()` on the literal;
 * `NaN`, `Infinity`, `-Infinity` accepted as Python writes them).
 */
import { parseJson } from './jsonText.js';

/** The document is not what the cursor expected; re-read it with `parseJson` for the exact error. */
export class JsonScanError extends Error {}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

export class JsonCursor {
  pos = 0;

  constructor(readonly bytes: Buffer) {}

  private fail(what: string): never {
    throw new JsonScanError(`${what} at byte ${this.pos}`);
  }

  /** Skips JSON whitespace. */
  space(): void {
    const b = this.bytes;
    let p = this.pos;
    for (;;) {
      const c = b[p];
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) p++;
      else break;
    }
    this.pos = p;
  }

  /** Consumes `char` (after whitespace) or fails. */
  expect(char: number): void {
    this.space();
    if (this.bytes[this.pos] !== char) this.fail(`expected "${String.fromCharCode(char)}"`);
    this.pos++;
  }

  /** End of the string starting at `start` (the index of its closing quote). */
  private stringEnd(start: number): number {
    const b = this.bytes;
    // Keys and short values end within a few bytes: looked for here, which is cheaper than
    // a call into indexOf (memchr), used past the first 24 bytes.
    const near = Math.min(start + 25, b.length);
    for (let p = start + 1; p < near; p++) {
      const c = b[p];
      if (c === QUOTE) return p;
      if (c === BACKSLASH) {
        p++;
      }
    }
    let q = near >= b.length ? -1 : b.indexOf(QUOTE, near);
    for (;;) {
      if (q === -1) this.fail('unterminated string');
      let slashes = 0;
      for (let k = q - 1; b[k] === BACKSLASH; k--) slashes++;
      if ((slashes & 1) === 0) return q;
      q = b.indexOf(QUOTE, q + 1);
    }
  }

  /** Skips one value of any kind. */
  skip(): void {
    const b = this.bytes;
    if (b[this.pos] <= 0x20) this.space();
    const c = b[this.pos];
    if (c === QUOTE) {
      this.pos = this.stringEnd(this.pos) + 1;
      return;
    }
    if (c === 0x7b || c === 0x5b) {
      let depth = 0;
      let p = this.pos;
      for (;;) {
        const d = b[p];
        if (d === undefined) this.fail('unterminated object or array');
        if (d === QUOTE) p = this.stringEnd(p) + 1;
        else {
          if (d === 0x7b || d === 0x5b) depth++;
          else if (d === 0x7d || d === 0x5d) {
            depth--;
            if (depth === 0) {
              this.pos = p + 1;
              return;
            }
          }
          p++;
        }
      }
    }
    // number or literal: up to the next delimiter
    let p = this.pos;
    for (;;) {
      const d = b[p];
      if (
        d === 0x2c ||
        d === 0x7d ||
        d === 0x5d ||
        d === 0x20 ||
        d === 0x0a ||
        d === 0x0d ||
        d === 0x09 ||
        d === undefined
      )
        break;
      p++;
    }
    if (p === this.pos) this.fail('expected a value');
    this.pos = p;
  }

  /**
   * Short strings seen before, by a hash of their bytes, so that the 57 subject names of a
   * million summaries are decoded once (and their hashes for later Map lookups kept).
   */
  private readonly interned = new Map<number, { text: string; bytes: Buffer }>();

  /** The text of bytes [start, end) (no escapes), interned when short. */
  private text(start: number, end: number): string {
    const b = this.bytes;
    const n = end - start;
    if (n > 48) return b.toString('utf8', start, end);
    let h = 0x811c9dc5 ^ n;
    for (let k = start; k < end; k++) h = Math.imul(h ^ b[k], 0x01000193);
    const cached = this.interned.get(h);
    if (cached !== undefined && cached.bytes.length === n) {
      let same = true;
      for (let k = 0; k < n && same; k++) same = cached.bytes[k] === b[start + k];
      if (same) return cached.text;
    }
    const text = b.toString('utf8', start, end);
    if (cached === undefined && this.interned.size < 4096)
      this.interned.set(h, { text, bytes: Buffer.from(b.subarray(start, end)) });
    return text;
  }

  /** Reads the value at the cursor: scalars directly, objects and arrays via parseJson of their bytes. */
  read(): unknown {
    this.space();
    const b = this.bytes;
    const start = this.pos;
    const c = b[start];
    if (c === QUOTE) {
      const end = this.stringEnd(start);
      this.pos = end + 1;
      let escaped = false;
      for (let k = start + 1; k < end && !escaped; k++) escaped = b[k] === BACKSLASH;
      if (!escaped) return this.text(start + 1, end);
      try {
        return JSON.parse(b.toString('utf8', start, end + 1));
      } catch {
        return this.fail('bad string escape');
      }
    }
    if (c >= 0x30 && c <= 0x39) {
      // plain non-negative integers of up to 15 digits, the usual ids and epochs
      let value = 0;
      let p = start;
      while (p - start < 16 && b[p] >= 0x30 && b[p] <= 0x39) value = value * 10 + (b[p++] - 0x30);
      const next = b[p];
      if (
        p - start < 16 &&
        (p - start === 1 || c !== 0x30) &&
        next !== 0x2e &&
        next !== 0x65 &&
        next !== 0x45 &&
        !(next >= 0x30 && next <= 0x39)
      ) {
        this.pos = p;
        return value;
      }
    }
    this.skip();
    const text = b.toString('utf8', start, this.pos);
    if (c === 0x7b || c === 0x5b) {
      try {
        return parseJson(text, '(scan)');
      } catch {
        return this.fail('malformed object or array');
      }
    }
    if (text === 'true') return true;
    if (text === 'false') return false;
    if (text === 'null') return null;
    if (text === 'NaN') return Number.NaN;
    if (text === 'Infinity') return Number.POSITIVE_INFINITY;
    if (text === '-Infinity') return Number.NEGATIVE_INFINITY;
    if (!/^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/.test(text))
      this.fail(`bad literal ${text.slice(0, 20)}`);
    return Number(text);
  }

  /** True when the next key equals `key` (bytes compared; keys with escapes never match). */
  private keyEquals(start: number, end: number, key: Uint8Array): boolean {
    if (end - start - 1 !== key.length) return false;
    const b = this.bytes;
    for (let k = 0; k < key.length; k++) if (b[start + 1 + k] !== key[k]) return false;
    return true;
  }

  /**
   * Walks the members of the object at the cursor: for each key, `onMember(index)` gets the
   * index of the matching entry of `keys` (or −1) and must consume the value (`read`, `skip`,
   * or a nested walk). Unconsumed values of unmatched keys are skipped automatically.
   */
  members(keys: readonly Uint8Array[], onMember: (index: number) => void): void {
    this.expect(0x7b);
    this.space();
    if (this.bytes[this.pos] === 0x7d) {
      this.pos++;
      return;
    }
    const b = this.bytes;
    // Compact JSON (no whitespace between tokens) takes the direct branches below.
    for (;;) {
      if (b[this.pos] !== QUOTE) {
        this.space();
        if (b[this.pos] !== QUOTE) this.fail('expected a key');
      }
      const start = this.pos;
      const end = this.stringEnd(start);
      let index = -1;
      for (let k = 0; k < keys.length; k++) {
        if (this.keyEquals(start, end, keys[k])) {
          index = k;
          break;
        }
      }
      if (b[end + 1] === 0x3a) this.pos = end + 2;
      else {
        this.pos = end + 1;
        this.expect(0x3a);
      }
      if (index === -1) this.skip();
      else onMember(index);
      let c = b[this.pos];
      if (c !== 0x2c && c !== 0x7d) {
        this.space();
        c = b[this.pos];
      }
      this.pos++;
      if (c === 0x7d) return;
      if (c !== 0x2c) {
        this.pos--;
        this.fail('expected "," or "}"');
      }
    }
  }

  /** Walks the elements of the array at the cursor; `onElement(index)` must consume each. */
  elements(onElement: (index: number) => void): void {
    this.expect(0x5b);
    this.space();
    if (this.bytes[this.pos] === 0x5d) {
      this.pos++;
      return;
    }
    for (let index = 0; ; index++) {
      onElement(index);
      this.space();
      const c = this.bytes[this.pos++];
      if (c === 0x5d) return;
      if (c !== 0x2c) {
        this.pos--;
        this.fail('expected "," or "]"');
      }
    }
  }

  /** Fails unless only whitespace is left. */
  end(): void {
    this.space();
    if (this.pos !== this.bytes.length) this.fail('text after the JSON value');
  }
}

/** UTF-8 bytes of each key, for `JsonCursor.members`. */
export function jsonKeys(...keys: string[]): Uint8Array[] {
  return keys.map((k) => Buffer.from(k, 'utf8'));
}
