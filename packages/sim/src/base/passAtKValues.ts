/**
 * Each question's unbiased estimate of the cell's functional — pass@k = 1 − C(n_i − c_i, k)/C(n_i, k)
 * or pass^k = C(c_i, k)/C(n_i, k) (core passAtKValue, passHatKValue) — and their mean, the
 * point estimate every pass@k method reports (shared by the pass@k methods and model
 * passAtKSamples's diagnostics). Values for one n are tabulated over c = 0 … n
 * once (a cell's questions share n), so a replication costs one lookup per question.
 */
import { passAtKValue, passHatKValue } from '@evalsim/core';
import type { MultiSampleCounts } from './dataKinds.js';

export interface PassAtKValues {
  /** ĝ_i of question i (first questionCount entries). */
  values: Float64Array;
  /** The table's n, k and functional, and ĝ(c) for c = 0 … n. */
  n: number;
  k: number;
  estimand: string;
  table: Float64Array;
}

export function createPassAtKValues(): PassAtKValues {
  return { values: new Float64Array(0), n: -1, k: -1, estimand: '', table: new Float64Array(0) };
}

function estimate(estimand: string, n: number, c: number, k: number): number {
  return estimand === 'passAtK' ? passAtKValue(n, c, k) : passHatKValue(n, c, k);
}

/** Fills `w.values` with ĝ_i and returns their mean (allocation-free after the first call per size). */
export function fillPassAtKValues(data: MultiSampleCounts, w: PassAtKValues): number {
  const Q = data.questionCount;
  if (w.values.length < Q) w.values = new Float64Array(Q);
  const { k, estimand, correct, samples } = data;
  let sum = 0;
  for (let i = 0; i < Q; i++) {
    const n = samples[i];
    if (n !== w.n || k !== w.k || estimand !== w.estimand) {
      w.n = n;
      w.k = k;
      w.estimand = estimand;
      if (w.table.length < n + 1) w.table = new Float64Array(n + 1);
      for (let c = 0; c <= n; c++) w.table[c] = estimate(estimand, n, c, k);
    }
    const v = w.table[correct[i]];
    w.values[i] = v;
    sum += v;
  }
  return sum / Q;
}
