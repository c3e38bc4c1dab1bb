/** Test helper: an aligned eval built from paired 2×2 counts. */
import type { EvalMatrix } from '../evals/evalMatrix.js';

/** A two-system, one-epoch matrix from the paired 2×2 counts (A right & B right = n11, …). */
export function matrixFromCounts(
  n11: number,
  n10: number,
  n01: number,
  n00: number,
  names: [string, string] = ['A', 'B'],
  clusters?: Int32Array,
): EvalMatrix {
  const Q = n11 + n10 + n01 + n00;
  const scores = new Float64Array(2 * Q);
  let q = 0;
  const put = (n: number, a: number, b: number) => {
    for (let i = 0; i < n; i++, q++) {
      scores[q] = a;
      scores[Q + q] = b;
    }
  };
  put(n11, 1, 1);
  put(n10, 1, 0);
  put(n01, 0, 1);
  put(n00, 0, 0);
  const clusterNames = clusters ? [...new Set(clusters)].map((c) => `c${c}`) : [];
  return {
    task: 'default',
    metric: 'correct',
    systems: names,
    questions: Array.from({ length: Q }, (_, i) => `q${i + 1}`),
    clusterOfQuestion: clusters ?? new Int32Array(Q).fill(-1),
    clusterNames,
    epochs: 1,
    scores,
    epochCounts: new Int32Array(2 * Q).fill(1),
    binary: true,
    warnings: [],
  };
}
