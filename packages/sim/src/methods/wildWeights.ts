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
