/**
 * Per system and question, how many samples the eval holds (n) and how many passed (c), from
 * an {@link EvalMatrix}: every present epoch (trial, repeat, run) is a sample; a sample passes
 * when its score is 1 (0/1 scores) or, with a pass threshold, when its score ≥ the threshold.
 * Graded scores without a threshold are refused (pass@k counts passes), naming the score and
 * where it is.
 */
import type { EvalMatrix } from '../../evals/evalMatrix.js';

export interface SampleCounts {
  /** c per [system][question]. */
  readonly correct: Int32Array;
  /** n per [system][question]. */
  readonly samples: Int32Array;
  /** Σ of scores and of squared scores per [system][question] (for avg@n and the variance split). */
  readonly sums: Float64Array;
  readonly sumSquares: Float64Array;
  readonly minSamples: number;
  readonly maxSamples: number;
  /** How the passes were counted, in words. */
  readonly passRule: string;
}

export function sampleCounts(matrix: EvalMatrix, passThreshold: number | undefined): SampleCounts {
  const S = matrix.systems.length;
  const Q = matrix.questions.length;
  const E = matrix.epochs;
  if (!matrix.binary && passThreshold === undefined) {
    const { scores } = matrix;
    let at = -1;
    for (let i = 0; i < scores.length && at < 0; i++)
      if (!Number.isNaN(scores[i]) && scores[i] !== 0 && scores[i] !== 1) at = i;
    const s = Math.floor(at / (Q * E));
    const q = Math.floor((at % (Q * E)) / E);
    throw new RangeError(
      `pass@k counts passing samples, but metric ${matrix.metric} has graded scores (system ${matrix.systems[s]}, question ${matrix.questions[q]}, epoch ${(at % E) + 1}: ${scores[at]}); give --pass-threshold T (a sample passes when its score ≥ T)`,
    );
  }
  const correct = new Int32Array(S * Q);
  const samples = new Int32Array(S * Q);
  const sums = new Float64Array(S * Q);
  const sumSquares = new Float64Array(S * Q);
  let minSamples = Number.POSITIVE_INFINITY;
  let maxSamples = 0;
  const { scores } = matrix;
  for (let sq = 0; sq < S * Q; sq++) {
    let c = 0;
    let n = 0;
    let s1 = 0;
    let s2 = 0;
    const base = sq * E;
    for (let e = 0; e < E; e++) {
      const x = scores[base + e];
      if (Number.isNaN(x)) continue;
      n++;
      s1 += x;
      s2 += x * x;
      if (passThreshold === undefined ? x === 1 : x >= passThreshold) c++;
    }
    correct[sq] = c;
    samples[sq] = n;
    sums[sq] = s1;
    sumSquares[sq] = s2;
    if (n < minSamples) minSamples = n;
    if (n > maxSamples) maxSamples = n;
  }
  return {
    correct,
    samples,
    sums,
    sumSquares,
    minSamples,
    maxSamples,
    passRule: passThreshold === undefined ? 'score = 1' : `score ≥ ${passThreshold}`,
  };
}
