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
 * must serve nothing else until the next `start`), and a Webb word x = h·6⁶ + l (one division)
 * yields its low six digits from l and the next six from h by integer multiply-shifts,
 * ⌊y/6⌋ = (y·43691) >>> 18 for 0 ≤ y < 6⁶ (checked exhaustively in the tests).
 */

import type { RandomStream } from '../base/randomStream.js';
import { WEBB_POINTS } from '../samplers/webb.js';

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

const SIX_POW_6 = 46656;
/** Words fetched per bulk call (a Webb draw of K weights needs ≈ 2·⌈K/12⌉). */
const WORD_BATCH = 256;

/**
 * ⌊y/6⌋ for integers 0 ≤ y < 6⁶: 43691/2¹⁸ = 1/6 + ε, ε = 2/(6·2¹⁸), so y·43691/2¹⁸ exceeds y/6 by
 * y·ε < 0.06, less than the 1/6 between y/6's largest fractional part (5/6) and 1; y·43691 < 2³¹.
 */
function divSix(y: number): number {
  return Math.imul(y, 43691) >>> 18;
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

  constructor(private readonly weights: WildWeights) {}

  /** Starts drawing from `rng` at its current position (drops any words fetched earlier). */
  start(rng: RandomStream): void {
    this.rng = rng;
    this.cursor = 0;
    this.available = 0;
  }

  private nextWord(): number {
    if (this.cursor === this.available) {
      (this.rng as RandomStream).fillUint32(this.words, WORD_BATCH);
      this.available = WORD_BATCH;
      this.cursor = 0;
    }
    return this.words[this.cursor++];
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
    let g = 0;
    while (g < k) {
      let word = this.nextWord();
      while (word >= SIX_POW_12) word = this.nextWord();
      const high = Math.floor(word / SIX_POW_6);
      let digits = word - high * SIX_POW_6;
      const middle = Math.min(k, g + 6);
      for (; g < middle; g++) {
        const next = divSix(digits);
        out[g] = WEBB[digits - 6 * next];
        digits = next;
      }
      digits = high;
      const end = Math.min(k, g + 6);
      for (; g < end; g++) {
        const next = divSix(digits);
        out[g] = WEBB[digits - 6 * next];
        digits = next;
      }
    }
  }
}
