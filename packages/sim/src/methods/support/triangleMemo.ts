/**
 * The one memo of the methods: remembers a pure function of two integers 0 ≤ j ≤ i (a row i and
 * a place j in it) that gives `width` numbers — a tail probability by (b + c, k), an interval's
 * bounds by (n, k) or by a table's discordant counts, a test's p-value by (b + c, b). A
 * simulation meets few distinct arguments again and again, so a value computed once is read
 * back, the same bits as the direct call (the function is pure).
 *
 *   dense    rows i < denseRows, entry i(i + 1)/2 + j of one typed array: one index, no hashing.
 *            The triangle of r rows is a prefix of that of 2r rows, so it is allocated for the
 *            rows met so far and grown by doubling (the old entries copied in place).
 *   hashed   rows beyond: an open-addressing table (linear probing) on the key (i, j), from
 *            HASHED_FIRST_SLOTS slots, doubled at load ½; with maxHashed entries it starts again.
 *
 * Both parts live in one array of values and one of stamps (the hashed slots after the dense
 * triangle), so a lookup only notes where its entry is. An entry is known when its stamp is the
 * memo's current generation, so `clear` (a new n, say) costs nothing. Lookups and stores allocate
 * nothing; only a growth does. A lookup positions the memo at its entry: on a hit read
 * `value(k)`, on a miss compute and `store` the numbers there (nothing else may use the memo in
 * between). Holds no random state: memos may be shared by the analysers of one thread.
 */

/** Dense rows by default: (512 · 513)/2 = 131,328 entries at most (≈ 1.6 MB at width 1). */
export const DENSE_ROWS = 512;
/** Entries the hashed part holds by default before it starts again. */
export const MAX_HASHED = 1 << 15;
/** Slots of the hashed part at first (a power of two). */
export const HASHED_FIRST_SLOTS = 1 << 8;
/** Dense rows allocated at first (then doubled as rows are met). */
const FIRST_DENSE_ROWS = 32;
/** The most dense rows a memo may ask for (≈ 2.1 × 10⁹ entries would not fit one array anyway). */
export const MAX_DENSE_ROWS = 1 << 15;

export interface TriangleMemoOptions {
  /** Rows held densely (default DENSE_ROWS; 0: every entry hashed). */
  readonly denseRows?: number;
  /** Hashed entries held at most before the hashed part starts again (default MAX_HASHED). */
  readonly maxHashed?: number;
}

/** Entries of a triangle of `rows` rows (rows ≤ MAX_DENSE_ROWS: the product fits 32 bits). */
function triangle(rows: number): number {
  return (rows * (rows + 1)) >>> 1;
}

/** The slot of key (i, j) among `mask` + 1: multiplicative mixing of i's two 32-bit halves and j. */
function slotOf(low: number, high: number, j: number, mask: number): number {
  let h = Math.imul(low, 0x9e3779b1) ^ Math.imul(high, 0x85ebca77) ^ Math.imul(j, 0xc2b2ae3d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  return h & mask;
}

/** i's high 32 bits (i a safe integer ≥ 0). */
function highHalf(i: number): number {
  return i > 0x7fffffff ? (i / 4294967296) | 0 : 0;
}

export class TriangleMemo {
  readonly denseRows: number;
  readonly maxHashed: number;
  private generation = 1;
  /** Dense rows allocated: the hashed slots start at entry triangle(rows). */
  private rows = 0;
  private hashBase = 0;
  /** Hashed slots (a power of two; 0 until a key beyond the dense rows is met) and live entries. */
  private slots = 0;
  private entries = 0;
  private stamps = new Uint32Array(0);
  private values = new Float64Array(0);
  /** The key of each hashed slot: i's low and high 32 bits, j. */
  private keys = new Int32Array(0);
  /** The entry the last lookup found (or where it belongs), its first value's index, and its key when hashed. */
  private slot = 0;
  private at = 0;
  private keyLow = 0;
  private keyHigh = 0;
  private keyJ = 0;

  /** A memo of `width` numbers per entry. */
  constructor(
    readonly width: number,
    options: TriangleMemoOptions = {},
  ) {
    if (!(Number.isInteger(width) && width >= 1))
      throw new RangeError(`width: must be an integer ≥ 1, got ${width}`);
    this.denseRows = options.denseRows ?? DENSE_ROWS;
    this.maxHashed = options.maxHashed ?? MAX_HASHED;
    if (!(Number.isInteger(this.denseRows) && this.denseRows >= 0 && this.denseRows <= MAX_DENSE_ROWS))
      throw new RangeError(`denseRows: must be an integer in [0, ${MAX_DENSE_ROWS}], got ${this.denseRows}`);
  }

  /**
   * Looks up (i, j): true when it is remembered (read it with `value`), false when it is not
   * (compute it and `store` it). Only integers 0 ≤ j ≤ i, i a safe integer and j below 2³¹,
   * are remembered: any other key is never found and its `store` does nothing, so a caller may
   * pass what its data gives (a fractional count is simply computed every time).
   */
  find(i: number, j: number): boolean {
    // The dense rows allocated: i a whole row among them, 0 ≤ j ≤ i (a fractional or NaN j gives
    // an index that is not one of the arrays': never found, never stored).
    if (i < this.rows && (i | 0) === i && j >>> 0 <= i) {
      const slot = triangle(i) + j;
      this.slot = slot;
      this.at = slot * this.width;
      return this.stamps[slot] === this.generation;
    }
    if (i < this.denseRows && (i | 0) === i && j >= 0 && j <= i) {
      this.grow(i + 1, this.slots);
      return this.find(i, j);
    }
    return this.findHashed(i, j);
  }

  private findHashed(i: number, j: number): boolean {
    if (!(j >= 0 && j <= i && (j | 0) === j && i <= 9007199254740991 && Number.isInteger(i))) {
      this.slot = -1;
      return false;
    }
    const low = i | 0;
    const high = highHalf(i);
    const slots = this.slots;
    if (slots > 0) {
      const keys = this.keys;
      const stamps = this.stamps;
      const hashBase = this.hashBase;
      const generation = this.generation;
      const mask = slots - 1;
      let at = slotOf(low, high, j, mask);
      while (stamps[hashBase + at] === generation) {
        const key = 3 * at;
        if (keys[key] === low && keys[key + 2] === j && keys[key + 1] === high) {
          this.slot = hashBase + at;
          this.at = (hashBase + at) * this.width;
          return true;
        }
        at = (at + 1) & mask;
      }
    }
    return this.missHashed(low, high, j);
  }

  /** Number `k` (0 ≤ k < width) of the entry found. */
  value(k: number): number {
    return this.values[this.at + k]!;
  }

  /** Remembers the numbers of the entry the last `find` missed (those beyond `width` are ignored; nothing for a key that is never remembered). */
  store(a: number, b = 0, c = 0): void {
    const { values, slot, width } = this;
    if (slot < 0) return;
    const at = slot * width;
    values[at] = a;
    if (width > 1) values[at + 1] = b;
    if (width > 2) values[at + 2] = c;
    this.stamps[slot] = this.generation;
    if (slot >= this.hashBase) {
      const key = 3 * (slot - this.hashBase);
      this.keys[key] = this.keyLow;
      this.keys[key + 1] = this.keyHigh;
      this.keys[key + 2] = this.keyJ;
      this.entries++;
    }
  }

  /** Forgets every entry (at no cost: a new generation). */
  clear(): void {
    if (this.generation === 0xffffffff) {
      this.stamps.fill(0);
      this.generation = 0;
    }
    this.generation++;
    this.entries = 0;
  }

  /** Forgets the hashed entries only (the hashed part is full). */
  private clearHashed(): void {
    this.stamps.fill(0, this.hashBase);
    this.entries = 0;
  }

  /**
   * Reallocates for `rows` dense rows (at most denseRows; at least doubled) and `slots` hashed
   * slots, keeping every entry: the dense triangle is a prefix, the hashed slots follow it as a
   * block, or are placed again when their number changes.
   */
  private grow(rows: number, slots: number): void {
    const { stamps, values, keys, hashBase, width, generation } = this;
    const oldSlots = this.slots;
    if (rows > this.rows) rows = Math.min(this.denseRows, Math.max(rows, 2 * this.rows, FIRST_DENSE_ROWS));
    this.rows = rows;
    this.hashBase = triangle(rows);
    this.slots = slots;
    this.stamps = new Uint32Array(this.hashBase + slots);
    this.values = new Float64Array((this.hashBase + slots) * width);
    this.stamps.set(stamps.subarray(0, hashBase));
    this.values.set(values.subarray(0, hashBase * width));
    if (slots === oldSlots) {
      // Only the dense rows grew: the hashed slots move as a block, their keys stay.
      this.stamps.set(stamps.subarray(hashBase), this.hashBase);
      this.values.set(values.subarray(hashBase * width), this.hashBase * width);
      return;
    }
    this.keys = new Int32Array(3 * slots);
    for (let old = 0; old < oldSlots; old++) {
      if (stamps[hashBase + old] !== generation) continue;
      const slot = this.probe(keys[3 * old]!, keys[3 * old + 1]!, keys[3 * old + 2]!);
      const key = 3 * (slot - this.hashBase);
      this.keys[key] = keys[3 * old]!;
      this.keys[key + 1] = keys[3 * old + 1]!;
      this.keys[key + 2] = keys[3 * old + 2]!;
      this.stamps[slot] = generation;
      for (let k = 0; k < width; k++) this.values[slot * width + k] = values[(hashBase + old) * width + k]!;
    }
  }

  /** A hashed key not remembered: room is made for it (the slots allocated, doubled, or started again) and the memo positioned there. */
  private missHashed(low: number, high: number, j: number): false {
    if (this.slots === 0) this.grow(this.rows, HASHED_FIRST_SLOTS);
    else if (this.entries >= this.maxHashed) this.clearHashed();
    else if (2 * (this.entries + 1) > this.slots) this.grow(this.rows, 2 * this.slots);
    this.slot = this.probe(low, high, j);
    this.keyLow = low;
    this.keyHigh = high;
    this.keyJ = j;
    return false;
  }

  /** The entry holding key (low, high, j) among the hashed slots, or the free one where it belongs. */
  private probe(low: number, high: number, j: number): number {
    const { keys, stamps, hashBase, generation } = this;
    const mask = this.slots - 1;
    let at = slotOf(low, high, j, mask);
    while (stamps[hashBase + at] === generation) {
      const key = 3 * at;
      if (keys[key] === low && keys[key + 2] === j && keys[key + 1] === high) return hashBase + at;
      at = (at + 1) & mask;
    }
    return hashBase + at;
  }
}
