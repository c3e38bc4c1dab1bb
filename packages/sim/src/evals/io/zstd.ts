/**
 * A Zstandard decompressor (RFC 8878), for inspect_ai `.eval` logs written since April
 * 2026 (ZIP method 93) on Node.js versions without `zlib.zstdDecompressSync` (before 22.15).
 * Decodes every frame of the input (skippable frames skipped): raw, RLE and compressed
 * blocks; raw, RLE, Huffman-compressed and treeless literals (1 or 4 streams, Huffman
 * weights direct or FSE-compressed, §4.2.1); sequences with predefined, RLE, FSE-compressed
 * or repeated tables (§3.1.1.3.2, §4.1) and repeat offsets (§3.1.1.5). Not supported:
 * dictionaries (a frame naming one is refused). The optional content checksum (XXH64) is
 * skipped, not verified: the ZIP CRC-32 of the member is checked after decompression.
 * Malformed input throws {@link ZstdError}; it never reads or writes out of bounds.
 */

export class ZstdError extends Error {}

const highBit = (x: number) => 31 - Math.clz32(x);

const fail = (what: string): never => {
  throw new ZstdError(`zstd: ${what}`);
};

/** Output buffer that grows by doubling (the ZIP directory usually gives the exact size). */
class Output {
  bytes: Uint8Array;
  length = 0;
  constructor(capacity: number) {
    this.bytes = new Uint8Array(Math.max(capacity, 64));
  }
  ensure(extra: number): void {
    const need = this.length + extra;
    if (need <= this.bytes.length) return;
    let size = this.bytes.length * 2;
    while (size < need) size *= 2;
    const grown = new Uint8Array(size);
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }
}

/**
 * A backward bit stream (§4.1, §4.2.1.3): the bytes form one little-endian integer whose
 * highest set bit is an end marker; reading takes the next bits below it. As in zstd's
 * BIT_DStream, a 32-bit window over 4 bytes is consumed from the top and moved down a
 * byte at a time; bits below the start read as zeros (callers check `pos` for overflow).
 */
class BackwardBits {
  /** Index of the lowest byte of the window. */
  private ptr: number;
  /** The window: bytes [ptr, ptr + 4) as an unsigned 32-bit integer. */
  private window: number;
  /** Bits of the window already consumed, from its top. */
  private used: number;

  constructor(
    private readonly b: Uint8Array,
    private readonly start: number,
    end: number,
  ) {
    if (end <= start) fail('empty bit stream');
    const last = b[end - 1];
    if (last === 0) fail('bit stream without end marker');
    const length = end - start;
    if (length >= 4) {
      this.ptr = end - 4;
      this.window =
        (b[this.ptr] | (b[this.ptr + 1] << 8) | (b[this.ptr + 2] << 16) | (b[this.ptr + 3] << 24)) >>> 0;
      this.used = 8 - highBit(last);
    } else {
      let w = 0;
      for (let k = 0; k < length; k++) w |= b[start + k] << (8 * (k + 4 - length));
      this.ptr = start;
      this.window = w >>> 0;
      this.used = (4 - length) * 8 + 8 - highBit(last);
    }
  }

  /** Bits left to read (negative after reading past the start). */
  get pos(): number {
    return (this.ptr - this.start) * 8 + 32 - this.used;
  }

  /** The next `n` (1–25) bits without consuming them. */
  look(n: number): number {
    const used = this.used;
    if (used + n <= 32) return ((this.window << used) >>> 0) >>> (32 - n);
    // past the start: the bits left, then zeros
    const left = 32 - used;
    if (left <= 0) return 0;
    return ((((this.window << used) >>> 0) >>> (32 - left)) << (n - left)) >>> 0;
  }

  /** Consumes `n` bits (after `look`). */
  skip(n: number): void {
    this.used += n;
    if (this.used >= 8) this.reload();
  }

  private reload(): void {
    const bytes = this.used >> 3;
    const room = this.ptr - this.start;
    if (room === 0) return;
    const step = Math.min(bytes, room);
    this.ptr -= step;
    this.used -= step * 8;
    const b = this.b;
    const p = this.ptr;
    this.window = (b[p] | (b[p + 1] << 8) | (b[p + 2] << 16) | (b[p + 3] << 24)) >>> 0;
  }

  /** Reads `n` bits (0–31). */
  read(n: number): number {
    if (n === 0) return 0;
    if (n <= 25) {
      const value = this.look(n);
      this.skip(n);
      return value;
    }
    const high = this.look(n - 16);
    this.skip(n - 16);
    const low = this.look(16);
    this.skip(16);
    return high * 65536 + low;
  }
}

/** A forward little-endian bit reader (FSE table descriptions, §4.1.1). */
class ForwardBits {
  bit = 0;
  constructor(
    private readonly b: Uint8Array,
    private readonly start: number,
    private readonly end: number,
  ) {}
  read(n: number): number {
    let value = 0;
    for (let k = 0; k < n; k++) {
      const at = this.start + ((this.bit + k) >> 3);
      if (at >= this.end) fail('FSE table description runs past its block');
      value |= ((this.b[at] >> ((this.bit + k) & 7)) & 1) << k;
    }
    this.bit += n;
    return value;
  }
  peek(n: number): number {
    const saved = this.bit;
    let value = 0;
    for (let k = 0; k < n; k++) {
      const at = this.start + ((saved + k) >> 3);
      const byte = at < this.end ? this.b[at] : 0;
      value |= ((byte >> ((saved + k) & 7)) & 1) << k;
    }
    return value;
  }
  get bytesUsed(): number {
    return (this.bit + 7) >> 3;
  }
}

/** An FSE decoding table (§4.1.1): per state its symbol, bits to read and next-state base. */
interface FseTable {
  readonly log: number;
  readonly symbol: Uint8Array;
  readonly bits: Uint8Array;
  readonly base: Uint16Array;
}

/** Builds the decoding table from normalised counts (−1 = "less than one"). */
function buildFse(norm: readonly number[], log: number): FseTable {
  const size = 1 << log;
  const symbol = new Uint8Array(size);
  const bits = new Uint8Array(size);
  const base = new Uint16Array(size);
  const next = new Array<number>(norm.length);
  let high = size - 1;
  for (let s = 0; s < norm.length; s++) {
    if (norm[s] === -1) {
      symbol[high--] = s;
      next[s] = 1;
    } else next[s] = norm[s];
  }
  const step = (size >> 1) + (size >> 3) + 3;
  const mask = size - 1;
  let pos = 0;
  for (let s = 0; s < norm.length; s++) {
    for (let i = 0; i < norm[s]; i++) {
      symbol[pos] = s;
      do pos = (pos + step) & mask;
      while (pos > high);
    }
  }
  if (pos !== 0) fail('FSE table does not fill');
  for (let u = 0; u < size; u++) {
    const s = symbol[u];
    const state = next[s]++;
    const n = log - highBit(state);
    bits[u] = n;
    base[u] = (state << n) - size;
  }
  return { log, symbol, bits, base };
}

/** Reads an FSE table description (§4.1.1) at `start`; returns the table and the bytes used. */
function readFse(
  b: Uint8Array,
  start: number,
  end: number,
  maxLog: number,
  maxSymbol: number,
): [FseTable, number] {
  const r = new ForwardBits(b, start, end);
  const log = r.read(4) + 5;
  if (log > maxLog) fail(`FSE accuracy ${log} above ${maxLog}`);
  let remaining = (1 << log) + 1;
  let threshold = 1 << log;
  let nbBits = log + 1;
  const norm: number[] = [];
  let previousZero = false;
  while (remaining > 1) {
    if (previousZero) {
      let repeat = r.read(2);
      let zeros = repeat;
      while (repeat === 3) {
        repeat = r.read(2);
        zeros += repeat;
      }
      for (let k = 0; k < zeros; k++) norm.push(0);
      if (norm.length > maxSymbol + 1) fail('too many FSE symbols');
      previousZero = false;
      continue;
    }
    const max = 2 * threshold - 1 - remaining;
    let count: number;
    const low = r.peek(nbBits - 1);
    if (low < max) {
      count = low;
      r.read(nbBits - 1);
    } else {
      count = r.peek(nbBits);
      r.read(nbBits);
      if (count >= threshold) count -= max;
    }
    count -= 1;
    remaining -= Math.abs(count);
    norm.push(count);
    if (norm.length > maxSymbol + 1) fail('too many FSE symbols');
    previousZero = count === 0;
    while (remaining < threshold) {
      nbBits--;
      threshold >>= 1;
    }
  }
  if (remaining !== 1) fail('FSE probabilities do not add up');
  return [buildFse(norm, log), r.bytesUsed];
}

/** A table that always gives `symbol` (RLE mode). */
function rleFse(symbol: number): FseTable {
  return { log: 0, symbol: Uint8Array.of(symbol), bits: Uint8Array.of(0), base: Uint16Array.of(0) };
}

// Predefined distributions (§3.1.1.3.2.2).
const LL_DEFAULT = buildFse(
  [
    4, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 2, 1, 1, 1, 1, 1, -1, -1,
    -1, -1,
  ],
  6,
);
const ML_DEFAULT = buildFse(
  [
    1, 4, 3, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, -1, -1, -1, -1, -1, -1, -1,
  ],
  6,
);
const OF_DEFAULT = buildFse(
  [1, 1, 1, 1, 1, 1, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, -1, -1, -1, -1, -1],
  5,
);

// Literals-length and match-length codes: baselines and extra bits (§3.1.1.3.2.1.1).
const LL_BASE = [
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18, 20, 22, 24, 28, 32, 40, 48, 64, 128, 256, 512,
  1024, 2048, 4096, 8192, 16384, 32768, 65536,
];
const LL_BITS = [
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 3, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14,
  15, 16,
];
const POW2 = Array.from({ length: 32 }, (_, k) => 2 ** k);
const ML_BASE = [
  3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31,
  32, 33, 34, 35, 37, 39, 41, 43, 47, 51, 59, 67, 83, 99, 131, 259, 515, 1027, 2051, 4099, 8195, 16387, 32771,
  65539,
];
const ML_BITS = [
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1,
  2, 2, 3, 3, 4, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
];

/** A Huffman decoding table (§4.2.1): indexed by the next `log` bits. */
interface Huffman {
  readonly log: number;
  readonly symbol: Uint8Array;
  readonly bits: Uint8Array;
}

/** Builds the Huffman table from weights (the last weight implied, §4.2.1.3). */
function buildHuffman(weights: number[]): Huffman {
  let total = 0;
  for (const w of weights) {
    if (w > 11) fail('Huffman weight above 11');
    if (w > 0) total += 1 << (w - 1);
  }
  if (total === 0) fail('Huffman weights all zero');
  const log = highBit(total) + 1;
  if (log > 11) fail('Huffman table above 11 bits');
  const rest = (1 << log) - total;
  if (rest & (rest - 1)) fail('Huffman weights do not complete a power of two');
  const all = [...weights, highBit(rest) + 1];
  const count = new Array<number>(log + 2).fill(0);
  for (const w of all) count[w]++;
  const start = new Array<number>(log + 2).fill(0);
  let next = 0;
  for (let w = 1; w <= log; w++) {
    start[w] = next;
    next += count[w] << (w - 1);
  }
  const size = 1 << log;
  const symbol = new Uint8Array(size);
  const bits = new Uint8Array(size);
  all.forEach((w, s) => {
    if (w === 0) return;
    const length = 1 << (w - 1);
    const from = start[w];
    symbol.fill(s, from, from + length);
    bits.fill(log + 1 - w, from, from + length);
    start[w] += length;
  });
  return { log, symbol, bits };
}

/** Reads a Huffman tree description (§4.2.1.1) at `start`; returns the table and the bytes used. */
function readHuffman(b: Uint8Array, start: number, end: number): [Huffman, number] {
  if (start >= end) fail('missing Huffman tree');
  const header = b[start];
  const weights: number[] = [];
  if (header >= 128) {
    const n = header - 127;
    const bytes = (n + 1) >> 1;
    if (start + 1 + bytes > end) fail('Huffman weights past the block');
    for (let k = 0; k < n; k++) {
      const byte = b[start + 1 + (k >> 1)];
      weights.push(k & 1 ? byte & 15 : byte >> 4);
    }
    return [buildHuffman(weights), 1 + bytes];
  }
  const size = header;
  if (start + 1 + size > end) fail('Huffman weights past the block');
  const [table, used] = readFse(b, start + 1, start + 1 + size, 6, 255);
  const bits = new BackwardBits(b, start + 1 + used, start + 1 + size);
  let s1 = bits.read(table.log);
  let s2 = bits.read(table.log);
  for (;;) {
    if (weights.length > 255) fail('too many Huffman weights');
    weights.push(table.symbol[s1]);
    s1 = table.base[s1] + bits.read(table.bits[s1]);
    if (bits.pos < 0) {
      weights.push(table.symbol[s2]);
      break;
    }
    weights.push(table.symbol[s2]);
    s2 = table.base[s2] + bits.read(table.bits[s2]);
    if (bits.pos < 0) {
      weights.push(table.symbol[s1]);
      break;
    }
  }
  return [buildHuffman(weights), 1 + size];
}

/** Decodes one Huffman stream of `count` symbols into `out` at `at`. */
function huffmanStream(
  h: Huffman,
  b: Uint8Array,
  start: number,
  end: number,
  out: Uint8Array,
  at: number,
  count: number,
): void {
  const bits = new BackwardBits(b, start, end);
  const { log, symbol, bits: lengths } = h;
  for (let k = 0; k < count; k++) {
    const index = bits.look(log);
    out[at + k] = symbol[index];
    bits.skip(lengths[index]);
  }
  if (bits.pos !== 0) fail('Huffman stream not consumed exactly');
}

/** State kept across the blocks of a frame. */
interface FrameState {
  huffman: Huffman | undefined;
  ll: FseTable | undefined;
  of: FseTable | undefined;
  ml: FseTable | undefined;
  rep: number[];
  windowSize: number;
  frameStart: number;
}

/** Decodes the literals section; returns the literals and where the sequences section starts. */
function literals(b: Uint8Array, p: number, end: number, state: FrameState): [Uint8Array, number] {
  const b0 = b[p];
  const type = b0 & 3;
  const format = (b0 >> 2) & 3;
  if (type === 0 || type === 1) {
    let size: number;
    let header: number;
    if ((format & 1) === 0) {
      size = b0 >> 3;
      header = 1;
    } else if (format === 1) {
      size = (b0 >> 4) + (b[p + 1] << 4);
      header = 2;
    } else {
      size = (b0 >> 4) + (b[p + 1] << 4) + (b[p + 2] << 12);
      header = 3;
    }
    p += header;
    if (type === 0) {
      if (p + size > end) fail('raw literals past the block');
      return [b.subarray(p, p + size), p + size];
    }
    if (p >= end) fail('RLE literals past the block');
    return [new Uint8Array(size).fill(b[p]), p + 1];
  }
  let regenerated: number;
  let compressed: number;
  let header: number;
  const streams = format === 0 ? 1 : 4;
  if (format <= 1) {
    regenerated = (b0 >> 4) | ((b[p + 1] & 0x3f) << 4);
    compressed = (b[p + 1] >> 6) | (b[p + 2] << 2);
    header = 3;
  } else if (format === 2) {
    regenerated = (b0 >> 4) | (b[p + 1] << 4) | ((b[p + 2] & 3) << 12);
    compressed = (b[p + 2] >> 2) | (b[p + 3] << 6);
    header = 4;
  } else {
    regenerated = (b0 >> 4) | (b[p + 1] << 4) | ((b[p + 2] & 0x3f) << 12);
    compressed = (b[p + 2] >> 6) | (b[p + 3] << 2) | (b[p + 4] << 10);
    header = 5;
  }
  p += header;
  const stop = p + compressed;
  if (stop > end) fail('compressed literals past the block');
  if (type === 2) {
    const [table, used] = readHuffman(b, p, stop);
    state.huffman = table;
    p += used;
  } else if (!state.huffman) fail('treeless literals without a previous Huffman table');
  const h = state.huffman!;
  const out = new Uint8Array(regenerated);
  if (streams === 1) huffmanStream(h, b, p, stop, out, 0, regenerated);
  else {
    if (p + 6 > stop) fail('missing jump table');
    const s1 = b[p] | (b[p + 1] << 8);
    const s2 = b[p + 2] | (b[p + 3] << 8);
    const s3 = b[p + 4] | (b[p + 5] << 8);
    const a = p + 6;
    const starts = [a, a + s1, a + s1 + s2, a + s1 + s2 + s3, stop];
    if (starts[3] > stop) fail('jump table past the literals');
    const segment = (regenerated + 3) >> 2;
    for (let k = 0; k < 4; k++) {
      const count = k < 3 ? segment : regenerated - 3 * segment;
      if (count < 0) fail('literal streams do not fit');
      huffmanStream(h, b, starts[k], starts[k + 1], out, k * segment, count);
    }
  }
  return [out, stop];
}

/** Reads a sequence table in `mode` (§3.1.1.3.2.1). */
function sequenceTable(
  mode: number,
  b: Uint8Array,
  p: number,
  end: number,
  previous: FseTable | undefined,
  predefined: FseTable,
  maxLog: number,
  maxSymbol: number,
): [FseTable, number] {
  if (mode === 0) return [predefined, p];
  if (mode === 1) {
    if (p >= end) fail('RLE sequence table past the block');
    if (b[p] > maxSymbol) fail('RLE symbol out of range');
    return [rleFse(b[p]), p + 1];
  }
  if (mode === 2) {
    const [table, used] = readFse(b, p, end, maxLog, maxSymbol);
    return [table, p + used];
  }
  if (!previous) fail('repeated sequence table without a previous one');
  return [previous!, p];
}

/** Decodes one compressed block (§3.1.1.3) into `out`. */
function compressedBlock(b: Uint8Array, p: number, end: number, state: FrameState, out: Output): void {
  const [lits, afterLiterals] = literals(b, p, end, state);
  p = afterLiterals;
  if (p >= end) fail('missing sequences section');
  let count = b[p++];
  if (count >= 128) {
    if (count < 255) count = ((count - 128) << 8) + b[p++];
    else {
      count = b[p] + (b[p + 1] << 8) + 0x7f00;
      p += 2;
    }
  }
  let litPos = 0;
  if (count > 0) {
    const modes = b[p++];
    if (modes & 3) fail('reserved bits set in the sequence modes');
    [state.ll, p] = sequenceTable(modes >> 6, b, p, end, state.ll, LL_DEFAULT, 9, 35);
    [state.of, p] = sequenceTable((modes >> 4) & 3, b, p, end, state.of, OF_DEFAULT, 8, 31);
    [state.ml, p] = sequenceTable((modes >> 2) & 3, b, p, end, state.ml, ML_DEFAULT, 9, 52);
    const ll = state.ll!;
    const of = state.of!;
    const ml = state.ml!;
    // The hot loop: the bit reader of BackwardBits inlined in local variables.
    if (end <= p) fail('empty sequence bit stream');
    const lastByte = b[end - 1];
    if (lastByte === 0) fail('sequence bit stream without end marker');
    let ptr: number;
    let win: number;
    let used: number;
    if (end - p >= 4) {
      ptr = end - 4;
      win = (b[ptr] | (b[ptr + 1] << 8) | (b[ptr + 2] << 16) | (b[ptr + 3] << 24)) >>> 0;
      used = 8 - highBit(lastByte);
    } else {
      win = 0;
      for (let k = 0; k < end - p; k++) win |= b[p + k] << (8 * (k + 4 - (end - p)));
      win >>>= 0;
      ptr = p;
      used = (4 - (end - p)) * 8 + 8 - highBit(lastByte);
    }
    const start = p;
    /** Reads n (0–25) bits. */
    const read = (n: number): number => {
      if (n === 0) return 0;
      let value: number;
      if (used + n <= 32) value = ((win << used) >>> 0) >>> (32 - n);
      else {
        const left = 32 - used;
        value = left <= 0 ? 0 : ((((win << used) >>> 0) >>> (32 - left)) << (n - left)) >>> 0;
      }
      used += n;
      if (used >= 8 && ptr > start) {
        const bytes = used >> 3;
        const step = Math.min(bytes, ptr - start);
        ptr -= step;
        used -= step * 8;
        win = (b[ptr] | (b[ptr + 1] << 8) | (b[ptr + 2] << 16) | (b[ptr + 3] << 24)) >>> 0;
      }
      return value;
    };
    const readLong = (n: number): number => (n <= 25 ? read(n) : read(n - 16) * 65536 + read(16));
    let sLL = read(ll.log);
    let sOF = read(of.log);
    let sML = read(ml.log);
    let [rep0, rep1, rep2] = state.rep;
    let o = out.bytes;
    let to = out.length;
    const blockLimit = to + 128 * 1024; // a block regenerates at most 128 KiB
    const frameStart = state.frameStart;
    for (let k = 0; k < count; k++) {
      const ofCode = of.symbol[sOF];
      const mlCode = ml.symbol[sML];
      const llCode = ll.symbol[sLL];
      if (ofCode > 31) fail('offset code out of range');
      const ofValue = POW2[ofCode] + readLong(ofCode);
      const matchLength = ML_BASE[mlCode] + read(ML_BITS[mlCode]);
      const literalLength = LL_BASE[llCode] + read(LL_BITS[llCode]);
      let offset: number;
      if (ofValue > 3) {
        offset = ofValue - 3;
        rep2 = rep1;
        rep1 = rep0;
        rep0 = offset;
      } else {
        const index = ofValue - 1 + (literalLength === 0 ? 1 : 0);
        if (index === 0) offset = rep0;
        else {
          offset = index === 1 ? rep1 : index === 2 ? rep2 : rep0 - 1;
          if (offset <= 0) fail('repeat offset of zero');
          if (index !== 1) rep2 = rep1;
          rep1 = rep0;
          rep0 = offset;
        }
      }
      if (k < count - 1) {
        sLL = ll.base[sLL] + read(ll.bits[sLL]);
        sML = ml.base[sML] + read(ml.bits[sML]);
        sOF = of.base[sOF] + read(of.bits[sOF]);
      }
      // execute: literals, then the match (which may overlap its own output)
      if (litPos + literalLength > lits.length) fail('sequence takes more literals than there are');
      const next = to + literalLength + matchLength;
      if (next > blockLimit) fail('block decompresses to more than 128 KiB');
      if (next > o.length) {
        out.length = to;
        out.ensure(literalLength + matchLength);
        o = out.bytes;
      }
      if (literalLength > 16) {
        o.set(lits.subarray(litPos, litPos + literalLength), to);
        to += literalLength;
        litPos += literalLength;
      } else for (let m = 0; m < literalLength; m++) o[to++] = lits[litPos++];
      if (offset > to - frameStart) fail('match offset before the start of the frame');
      let from = to - offset;
      if (offset >= matchLength && matchLength > 16) {
        o.copyWithin(to, from, from + matchLength);
        to += matchLength;
      } else for (let m = 0; m < matchLength; m++) o[to++] = o[from++];
    }
    out.length = to;
    state.rep = [rep0, rep1, rep2];
    if ((ptr - start) * 8 + 32 - used !== 0) fail('sequence bit stream not consumed exactly');
  }
  const rest = lits.length - litPos;
  out.ensure(rest);
  out.bytes.set(lits.subarray(litPos), out.length);
  out.length += rest;
}

/** Decompresses every frame of `input`; `sizeHint` (e.g. the ZIP member size) sizes the output. */
export function zstdDecompress(input: Uint8Array, sizeHint = 0): Uint8Array {
  const b = input;
  const out = new Output(sizeHint || input.length * 4);
  let p = 0;
  while (p < b.length) {
    if (p + 4 > b.length) fail('truncated frame');
    const magic = (b[p] | (b[p + 1] << 8) | (b[p + 2] << 16) | (b[p + 3] << 24)) >>> 0;
    if ((magic & 0xfffffff0) === 0x184d2a50) {
      if (p + 8 > b.length) fail('truncated skippable frame');
      const size = (b[p + 4] | (b[p + 5] << 8) | (b[p + 6] << 16) | (b[p + 7] << 24)) >>> 0;
      p += 8 + size;
      continue;
    }
    if (magic !== 0xfd2fb528) fail(`not a zstd frame (magic 0x${magic.toString(16)})`);
    p += 4;
    const descriptor = b[p++];
    const fcsFlag = descriptor >> 6;
    const single = (descriptor >> 5) & 1;
    if (descriptor & 8) fail('reserved bit set in the frame header');
    const checksum = (descriptor >> 2) & 1;
    const dictFlag = descriptor & 3;
    let windowSize = 0;
    if (!single) {
      const w = b[p++];
      const base = 2 ** (10 + (w >> 3));
      windowSize = base + (base / 8) * (w & 7);
    }
    const dictBytes = [0, 1, 2, 4][dictFlag];
    let dictionary = 0;
    for (let k = 0; k < dictBytes; k++) dictionary += b[p + k] * 2 ** (8 * k);
    p += dictBytes;
    if (dictionary !== 0) fail(`frame needs dictionary ${dictionary}, which is not available`);
    const fcsBytes = fcsFlag === 0 ? (single ? 1 : 0) : [0, 2, 4, 8][fcsFlag];
    let contentSize = -1;
    if (fcsBytes > 0) {
      contentSize = 0;
      for (let k = 0; k < fcsBytes; k++) contentSize += b[p + k] * 2 ** (8 * k);
      if (fcsBytes === 2) contentSize += 256;
      p += fcsBytes;
    }
    if (single) windowSize = contentSize;
    const state: FrameState = {
      huffman: undefined,
      ll: undefined,
      of: undefined,
      ml: undefined,
      rep: [1, 4, 8],
      windowSize,
      frameStart: out.length,
    };
    const blockMax = Math.min(windowSize || 128 * 1024, 128 * 1024);
    for (;;) {
      if (p + 3 > b.length) fail('truncated block header');
      const header = b[p] | (b[p + 1] << 8) | (b[p + 2] << 16);
      p += 3;
      const last = header & 1;
      const type = (header >> 1) & 3;
      const size = header >>> 3;
      if (type === 0) {
        if (p + size > b.length) fail('truncated raw block');
        out.ensure(size);
        out.bytes.set(b.subarray(p, p + size), out.length);
        out.length += size;
        p += size;
      } else if (type === 1) {
        if (p >= b.length) fail('truncated RLE block');
        out.ensure(size);
        out.bytes.fill(b[p], out.length, out.length + size);
        out.length += size;
        p += 1;
      } else if (type === 2) {
        if (size > blockMax) fail('compressed block larger than allowed');
        if (p + size > b.length) fail('truncated compressed block');
        compressedBlock(b, p, p + size, state, out);
        p += size;
      } else fail('reserved block type');
      if (last) break;
    }
    if (contentSize >= 0 && out.length - state.frameStart !== contentSize)
      fail('frame content size mismatch');
    if (checksum) p += 4;
    if (p > b.length) fail('truncated checksum');
  }
  return out.bytes.length === out.length ? out.bytes : out.bytes.slice(0, out.length);
}
