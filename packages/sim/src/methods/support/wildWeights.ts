/**
 * Batched wild-bootstrap weights: fills k cluster weights from few 32-bit words,
 * exactly distributed like `sampleRademacher` / `sampleWebb` (samplers/), but cheaper
 * per weight, since the wild cluster bootstrap needs K·B of them per replication.
 *   - Rademacher: each bit of a uniform word is an independent fair coin → ±1
 *     (32 weights per word).
 *   - Webb (six points, WEBB_POINTS): a word x uniform on [0, 2³²) is accepted when
 *     x < 6¹² (probability 0.507, else redrawn), so x is uniform on [0, 6¹²) and its 12
 *     base-6 digits are independent uniform indices into the six points.
 * Leftover bits/digits are discarded after the k-th weight, so each call's weights are
 * independent of the previous call's.
 *
 * {@link WildWeightDrawer} gives the same weights from the same words, faster: the words come
 * from the stream in bulk (RandomStream.fillUint32, consumed in order, so a replication's
 * weights are unchanged; the unused tail of the last batch is dropped, which is why its stream
 * must serve nothing else until the next `start`), and a Webb word x = r₂·6⁸ + r₁·6⁴ + r₀
 * (two floor-divisions by 6⁴ = 1296, as multiplications by INV_SIX_POW_4) yields its twelve digits as three groups of four, each group's
 * four weights read from a table of the 1296 groups (webbGroupsTable: group v's weights are
 * WEBB[digit i of v], i = 0 … 3, least significant first, as the per-digit loop takes them).
 * The three groups are independent, where the per-digit ⌊y/6⌋ steps formed one chain.
 */

import type { RandomStream } from '../../base/randomStream.js';
import { WEBB_POINTS } from '../../samplers/webb.js';

export type WildWeights = 'rademacher' | 'webb';

export const WILD_WEIGHTS: readonly WildWeights[] = ['rademacher', 'webb'];

const WEBB = Float64Array.from(WEBB_POINTS);
const SIX_POW_12 = 2176782336;

/** Fills out[0 … k−1] with Rademacher (±1) weights. */
function fillRademacher(rng: RandomStream, out: Float64Array, k: number): void {
  let g = 0;
  while (g < k) {
    let word = rng.uint32();
    const end = Math.min(k, g + 32);
    for (; g < end; g++) {
      out[g] = (word & 1) === 1 ? 1 : -1;
      word >>>= 1;
    }
  }
}

/** Fills out[0 … k−1] with Webb six-point weights. */
function fillWebb(rng: RandomStream, out: Float64Array, k: number): void {
  let g = 0;
  while (g < k) {
    let word = rng.uint32();
    while (word >= SIX_POW_12) word = rng.uint32();
    const end = Math.min(k, g + 12);
    for (; g < end; g++) {
      const next = Math.floor(word / 6);
      out[g] = WEBB[word - 6 * next];
      word = next;
    }
  }
}

/** Fills out[0 … k−1] with independent wild-bootstrap weights of the given kind. */
export function fillWildWeights(rng: RandomStream, weights: WildWeights, out: Float64Array, k: number): void {
  if (weights === 'rademacher') fillRademacher(rng, out, k);
  else fillWebb(rng, out, k);
}

const SIX_POW_4 = 1296;
/**
 * 1/6⁴ (rounded): ⌊y·INV_SIX_POW_4⌋ = ⌊y/6⁴⌋ for every integer 0 ≤ y < 6¹², a multiplication where
 * a division has several times its latency. Both sides are non-decreasing in y, so they agree
 * everywhere once they agree at every y = q·6⁴ and q·6⁴ − 1 (checked for all q in the tests).
 */
export const INV_SIX_POW_4 = 1 / SIX_POW_4;
/** Words fetched per bulk call (a Webb draw of K weights needs ≈ 2·⌈K/12⌉). */
const WORD_BATCH = 256;

let webbGroups: Float64Array | null = null;

/**
 * The table T[4v + i] = WEBB[⌊v/6^i⌋ mod 6] for v < 6⁴, i = 0 … 3: a base-6 group's
 * four weights. Built on first use, not when the module loads (every run loads the methods).
 */
function webbGroupsTable(): Float64Array {
  if (webbGroups) return webbGroups;
  const table = new Float64Array(4 * SIX_POW_4);
  for (let v = 0; v < SIX_POW_4; v++) {
    for (let i = 0, rest = v; i < 4; i++, rest = Math.floor(rest / 6)) table[4 * v + i] = WEBB[rest % 6];
  }
  webbGroups = table;
  return table;
}

/**
 * Draws the same weights as {@link fillWildWeights} from the same stream, in bulk (module
 * comment). `start(rng)` before each replication; then any number of `fill` calls.
 */
export class WildWeightDrawer {
  private readonly words = new Uint32Array(WORD_BATCH);
  private cursor = 0;
  private available = 0;
  private rng: RandomStream | null = null;
  /** The Webb groups' weights (webbGroupsTable), taken at the first Webb draw. */
  private groups: Float64Array | null = null;

  constructor(private readonly weights: WildWeights) {}

  /** Starts drawing from `rng` at its current position (drops any words fetched earlier). */
  start(rng: RandomStream): void {
    this.rng = rng;
    this.cursor = 0;
    this.available = 0;
  }

  /**
   * The next word as a signed 32-bit integer (the same 32 bits; callers take `>>> 0` where they
   * need its unsigned value): a word ≥ 2³¹ returned as a double would be boxed on every call that
   * is not inlined, about half of all words.
   */
  private nextWord(): number {
    if (this.cursor === this.available) {
      (this.rng as RandomStream).fillUint32(this.words, WORD_BATCH);
      this.available = WORD_BATCH;
      this.cursor = 0;
    }
    return this.words[this.cursor++] | 0;
  }

  /** Fills out[0 … k−1] with independent weights (the next ones {@link fillWildWeights} would give). */
  fill(out: Float64Array, k: number): void {
    if (this.weights === 'rademacher') this.fillRademacher(out, k);
    else this.fillWebb(out, k);
  }

  private fillRademacher(out: Float64Array, k: number): void {
    let g = 0;
    while (g < k) {
      let word = this.nextWord();
      const end = Math.min(k, g + 32);
      for (; g < end; g++) {
        out[g] = (word & 1) === 1 ? 1 : -1;
        word >>>= 1;
      }
    }
  }

  private fillWebb(out: Float64Array, k: number): void {
    this.groups ??= webbGroupsTable();
    const groups = this.groups;
    let g = 0;
    while (g < k) {
      let word = this.nextWord() >>> 0;
      while (word >= SIX_POW_12) word = this.nextWord() >>> 0;
      // word = r₂·6⁸ + r₁·6⁴ + r₀; group r's weights start at groups[4r].
      // (Integer-typed offsets: a double-typed index costs a conversion check on every read.)
      const upper = Math.floor(word * INV_SIX_POW_4) | 0;
      const r2 = Math.floor(upper * INV_SIX_POW_4) | 0;
      const at0 = (word - upper * SIX_POW_4) << 2;
      const at1 = (upper - r2 * SIX_POW_4) << 2;
      const at2 = r2 << 2;
      if (g + 12 <= k) {
        out[g] = groups[at0];
        out[g + 1] = groups[at0 + 1];
        out[g + 2] = groups[at0 + 2];
        out[g + 3] = groups[at0 + 3];
        out[g + 4] = groups[at1];
        out[g + 5] = groups[at1 + 1];
        out[g + 6] = groups[at1 + 2];
        out[g + 7] = groups[at1 + 3];
        out[g + 8] = groups[at2];
        out[g + 9] = groups[at2 + 1];
        out[g + 10] = groups[at2 + 2];
        out[g + 11] = groups[at2 + 3];
        g += 12;
        continue;
      }
      // The last, partial word: its first k − g weights (digit j of the twelve is digit j mod 4 of group ⌊j/4⌋).
      let at = at0;
      for (let j = 0; g < k; j++, g++) {
        if (j === 4) at = at1;
        else if (j === 8) at = at2;
        out[g] = groups[at + (j & 3)];
      }
    }
  }
}
