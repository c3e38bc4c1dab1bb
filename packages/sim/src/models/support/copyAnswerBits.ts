/**
 * Answers of M copies to V questions as one bitset per copy (bit v of copy j set when copy j
 * answered question slot v right), so a leaderboard's per-copy totals and per-pair discordant
 * counts come from word operations and population counts instead of a pass over the
 * M(M − 1)/2 pairs for every question:
 *
 *   k_j += popcount(x_j),   b_jl += popcount(x_j ∧ ¬x_l),   c_jl += popcount(x_j ∧ ¬x_l) + popcount(x_l) − popcount(x_j),
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
import type { RandomStream } from '../../base/randomStream.js';

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
  /** drawCopyAnswers' plan for the rates and questions it last drew (built on first use). */
  plan: DrawPlan | null = null;
  /** Each copy's right answers among the bits (addCounts' scratch). */
  private readonly right: Int32Array;

  constructor(
    readonly copies: number,
    readonly questions: number,
  ) {
    this.words = Math.ceil(questions / 32);
    this.bits = new Int32Array(copies * this.words);
    this.right = new Int32Array(copies);
  }

  /**
   * Adds the copies' totals and the pairs' discordant counts (pairs numbered (0,1), (0,2), …,
   * (1,2), …). One population count per pair and word: c_jl = b_jl + k_l − k_j over these
   * questions (both sides count the questions copy l got right, less those both got right).
   */
  addCounts(totals: Int32Array, onlyFirst: Int32Array, onlySecond: Int32Array): void {
    const { copies, words, bits, right } = this;
    for (let j = 0; j < copies; j++) {
      const a = j * words;
      let count = 0;
      for (let w = 0; w < words; w++) count += popcount32(bits[a + w]);
      right[j] = count;
      totals[j] += count;
    }
    let k = 0;
    for (let j = 0; j < copies; j++) {
      const a = j * words;
      for (let l = j + 1; l < copies; l++, k++) {
        const b = l * words;
        let first = 0;
        for (let w = 0; w < words; w++) first += popcount32(bits[a + w] & ~bits[b + w]);
        onlyFirst[k] += first;
        onlySecond[k] += first + right[l] - right[j];
      }
    }
  }
}

/**
 * What drawCopyAnswers needs of (rates, varying), flattened once: the bits of the answers that
 * are right for sure (p = 1), and for each drawn answer (0 < p < 1, question-major, copy-minor)
 * its word, its bit and its rate.
 */
interface DrawPlan {
  readonly rates: Float64Array;
  readonly varying: Int32Array;
  readonly base: Int32Array;
  readonly word: Int32Array;
  readonly bit: Int32Array;
  readonly rate: Float64Array;
  /** The replication's draws, 1 right, 0 wrong (RandomStream.fillBernoulli). */
  readonly right: Uint8Array;
}

function planDraws(answers: CopyAnswerBits, rates: Float64Array, varying: Int32Array): DrawPlan {
  const { copies, words } = answers;
  const base = new Int32Array(answers.bits.length);
  const word: number[] = [];
  const bit: number[] = [];
  const rate: number[] = [];
  for (let v = 0; v < varying.length; v++) {
    const offset = varying[v] * copies;
    for (let j = 0; j < copies; j++) {
      const p = rates[offset + j];
      const at = j * words + (v >>> 5);
      const mask = 1 << (v & 31);
      if (p > 0 && p < 1) {
        word.push(at);
        bit.push(mask);
        rate.push(p);
      } else if (p === 1) base[at] |= mask;
    }
  }
  return {
    rates,
    varying,
    base,
    word: Int32Array.from(word),
    bit: Int32Array.from(bit),
    rate: Float64Array.from(rate),
    right: new Uint8Array(rate.length),
  };
}

/**
 * Fills `answers` for the questions `varying` (slot v = varying[v]) with rates
 * rates[i·copies + j]: a uniform draw where 0 < p < 1 (right iff U < p), else right iff p = 1.
 * The replication's draws are one RandomStream.fillBernoulli call against the flattened plan's
 * rates (the same uniforms in the same order as one uniform() per drawn answer, question-major,
 * copy-minor, each compared with its p), then set as bits without a branch: half the draws of a
 * question at p = 1/2 are right, so a branch on each mispredicted half the time and took half of
 * the draw's time.
 */
export function drawCopyAnswers(
  answers: CopyAnswerBits,
  src: RandomStream,
  rates: Float64Array,
  varying: Int32Array,
): void {
  let plan = answers.plan;
  if (plan === null || plan.rates !== rates || plan.varying !== varying) {
    plan = planDraws(answers, rates, varying);
    answers.plan = plan;
  }
  const { bits } = answers;
  const { word, bit, rate, right } = plan;
  bits.set(plan.base);
  src.fillBernoulli(rate, rate.length, right);
  for (let t = 0; t < right.length; t++) bits[word[t]] |= bit[t] & -right[t];
}
