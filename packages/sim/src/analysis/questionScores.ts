/**
 * One system's per-question scores from an {@link EvalMatrix}, computed once and shared
 * by every method and every pair (Miller 2024 §3: the question is the unit of analysis).
 *
 * - `scores[q]`: the analysed score of question q — the mean of that system's present
 *   epochs (NaN entries skipped), or epoch N alone when `epoch` is set;
 * - `answers[q]`: the 0/1 answer at `answerEpoch` for the methods defined on one binary
 *   answer per question, or `null` with `answersMissing` saying why (graded scores, or a
 *   question without that epoch);
 * - `correct[q]`, `correctSquares[q]`, `asks[q]`: Σ scores, Σ scores² and the number of
 *   epochs present, the input of the variance split (core `gradedVarianceComponents`).
 */
import type { EvalMatrix } from '../evals/evalMatrix.js';

export interface QuestionScores {
  readonly system: string;
  /** Every score of the eval is 0 or 1. */
  readonly binary: boolean;
  readonly scores: Float64Array;
  readonly answerEpoch: number;
  readonly answers: Uint8Array | null;
  readonly answersMissing: string | null;
  readonly correct: Float64Array;
  /** Σ score² over the present epochs, per question (the graded variance split). */
  readonly correctSquares: Float64Array;
  readonly asks: Int32Array;
  readonly minEpochs: number;
  readonly maxEpochs: number;
  /** Mean of `scores` and Σ(score − mean)², for the pairs' correlations. */
  readonly mean: number;
  readonly sumSquares: number;
}

/** Per-question scores of system index `s` (see module doc). */
export function questionScores(matrix: EvalMatrix, s: number, epoch: number | undefined): QuestionScores {
  const Q = matrix.questions.length;
  const E = matrix.epochs;
  const system = matrix.systems[s];
  const scores = new Float64Array(Q);
  const correct = new Float64Array(Q);
  const correctSquares = new Float64Array(Q);
  const asks = new Int32Array(Q);
  const answerEpoch = epoch ?? 1;
  let answers: Uint8Array | null = matrix.binary ? new Uint8Array(Q) : null;
  let answersMissing: string | null = matrix.binary
    ? null
    : `the scores are graded (not all 0/1; metric ${matrix.metric})`;
  let minEpochs = Number.POSITIVE_INFINITY;
  let maxEpochs = 0;
  for (let q = 0; q < Q; q++) {
    const base = (s * Q + q) * E;
    let sum = 0;
    let sum2 = 0;
    let k = 0;
    for (let e = 0; e < E; e++) {
      const x = matrix.scores[base + e];
      if (!Number.isNaN(x)) {
        sum += x;
        sum2 += x * x;
        k++;
      }
    }
    correct[q] = sum;
    correctSquares[q] = sum2;
    asks[q] = k;
    if (k < minEpochs) minEpochs = k;
    if (k > maxEpochs) maxEpochs = k;
    const chosen = answerEpoch <= E ? matrix.scores[base + answerEpoch - 1] : Number.NaN;
    if (epoch !== undefined) {
      if (Number.isNaN(chosen)) {
        throw new RangeError(
          `--epoch ${epoch}: system ${system} has no epoch ${epoch} for question ${matrix.questions[q]} ` +
            `(it has ${k} epoch${k === 1 ? '' : 's'}; the eval's epochs run 1 to ${E})`,
        );
      }
      scores[q] = chosen;
    } else scores[q] = sum / k;
    if (answers !== null) {
      if (Number.isNaN(chosen)) {
        answers = null;
        answersMissing = `system ${system} has no epoch ${answerEpoch} for question ${matrix.questions[q]}`;
      } else answers[q] = chosen;
    }
  }
  let total = 0;
  for (let q = 0; q < Q; q++) total += scores[q];
  const mean = total / Q;
  let sumSquares = 0;
  for (let q = 0; q < Q; q++) sumSquares += (scores[q] - mean) * (scores[q] - mean);
  return {
    mean,
    sumSquares,
    system,
    binary: matrix.binary,
    scores,
    answerEpoch,
    answers,
    answersMissing,
    correct,
    correctSquares,
    asks,
    minEpochs,
    maxEpochs,
  };
}
