/**
 * Answers of M copies to V questions as one bitset per copy (bit v of copy j set when copy j
 * answered question slot v right), so a leaderboard's per-copy totals and per-pair discordant
 * counts come from word operations and population counts instead of a pass over the
 * M(M − 1)/2 pairs for every question:
 *
 *   k_j += popcount(x_j),   b_jl += popcount(x_j ∧ ¬x_l),   c_jl += popcount(¬x_j ∧ x_l),
 *
 * summed over the ⌈V/32⌉ words (unused high bits are 0 in every copy, so they never count).
 * popcount is the SWAR bit count (Warren 2012, Hacker's Delight, 2nd ed., §5-1, Fig. 5-2).
 * Same numbers as counting question by question; for the seed-000 leaderboard (20 copies,
 * 48 varying questions) 190 pairs × 2 words instead of 48 × 190 comparisons.
 *
 * `drawCopyAnswers` draws the answers in the order the question-by-question code did
 * (question-major, copy-minor, one uniform per answer with 0 < p < 1: right iff U < p), so the
 * random stream and every count are unchanged.
 */
import type { RandomStream } from '../base/randomStream.js';

/** Number of 1 bits of a 32-bit integer. */
export function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** Bitsets of `copies` copies over `questions` slots, reused across replications. */
export class CopyAnswerBits {
  /** 32-bit words per copy. */
  readonly words: number;
  /** Copy j's word w at [j·words + w]. */
  readonly bits: Int32Array;
  /** Uniforms of one replication (drawCopyAnswers), sized to the answers drawn for `drawnFor`. */
  uniforms: Float64Array = new Float64Array(0);
  /** The rates and questions `uniforms` was sized for. */
  drawnFor: { rates: Float64Array; varying: Int32Array } | null = null;

  constructor(
    readonly copies: number,
    readonly questions: number,
  ) {
    this.words = Math.ceil(questions / 32);
    this.bits = new Int32Array(copies * this.words);
  }

  /** Adds the copies' totals and the pairs' discordant counts (pairs numbered (0,1), (0,2), …, (1,2), …). */
  addCounts(totals: Int32Array, onlyFirst: Int32Array, onlySecond: Int32Array): void {
    const { copies, words, bits } = this;
    let k = 0;
    for (let j = 0; j < copies; j++) {
      const a = j * words;
      let right = 0;
      for (let w = 0; w < words; w++) right += popcount32(bits[a + w]);
      totals[j] += right;
      for (let l = j + 1; l < copies; l++, k++) {
        const b = l * words;
        let first = 0;
        let second = 0;
        for (let w = 0; w < words; w++) {
          const x = bits[a + w];
          const y = bits[b + w];
          first += popcount32(x & ~y);
          second += popcount32(~x & y);
        }
        onlyFirst[k] += first;
        onlySecond[k] += second;
      }
    }
  }
}

/**
 * Fills `answers` for the questions `varying` (slot v = varying[v]) with rates
 * rates[i·copies + j]: a uniform draw where 0 < p < 1 (right iff U < p), else right iff p = 1.
 * The replication's uniforms are drawn in one RandomStream.fillUniform call (the same numbers
 * in the same order as one uniform() per drawn answer), then compared.
 */
export function drawCopyAnswers(
  answers: CopyAnswerBits,
  src: RandomStream,
  rates: Float64Array,
  varying: Int32Array,
): void {
  const { copies, words, bits } = answers;
  if (answers.drawnFor?.rates !== rates || answers.drawnFor.varying !== varying) {
    let drawn = 0;
    for (let v = 0; v < varying.length; v++) {
      for (let j = 0; j < copies; j++) {
        const p = rates[varying[v] * copies + j];
        if (p > 0 && p < 1) drawn++;
      }
    }
    answers.uniforms = new Float64Array(drawn);
    answers.drawnFor = { rates, varying };
  }
  const uniforms = answers.uniforms;
  src.fillUniform(uniforms, uniforms.length);
  bits.fill(0);
  let next = 0;
  for (let v = 0; v < varying.length; v++) {
    const offset = varying[v] * copies;
    const word = v >>> 5;
    const bit = 1 << (v & 31);
    for (let j = 0; j < copies; j++) {
      const p = rates[offset + j];
      const right = p > 0 && p < 1 ? uniforms[next++] < p : p === 1;
      if (right) bits[j * words + word] |= bit;
    }
  }
}
