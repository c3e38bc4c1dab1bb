/**
 * Unique (a, b, outcome) rows of battles with their counts — FastChat's `preprocess_for_bt`
 * (lm-sys/FastChat fastchat/serve/monitor/rating_systems.py at 0e6d3e4): with whole outcomes
 * (1, ½, 0) at most 3·m² rows whatever the number of battles, counted in one pass into a dense
 * array and listed in key order (deterministic); with fractional outcomes (AlpacaEval's weighted
 * annotator) one row per battle. And the pair totals of rows under given counts (the data's own, or
 * a bootstrap resample's).
 */
import { addBattle, createPairTotals, type PairTotals } from '@evalsim/core';

export interface UniqueRows {
  readonly a: Int32Array;
  readonly b: Int32Array;
  readonly y: Float64Array;
  readonly count: Float64Array;
}

/** Unique rows of the first N battles (a[t], b[t], y[t]) among m models. */
export function uniqueRowsOf(
  m: number,
  a: Int32Array,
  b: Int32Array,
  y: Float64Array,
  N: number,
  fractional: boolean,
): UniqueRows {
  if (fractional) {
    return {
      a: a.subarray(0, N),
      b: b.subarray(0, N),
      y: y.subarray(0, N),
      count: new Float64Array(N).fill(1),
    };
  }
  const counts = new Float64Array(m * m * 3);
  for (let t = 0; t < N; t++) counts[(a[t] * m + b[t]) * 3 + ((y[t] * 2) | 0)]++;
  let u = 0;
  for (let k = 0; k < counts.length; k++) if (counts[k] > 0) u++;
  const out = {
    a: new Int32Array(u),
    b: new Int32Array(u),
    y: new Float64Array(u),
    count: new Float64Array(u),
  };
  let r = 0;
  for (let k = 0; k < counts.length; k++) {
    const c = counts[k];
    if (c === 0) continue;
    const o = k % 3;
    const ab = (k - o) / 3;
    out.a[r] = Math.floor(ab / m);
    out.b[r] = ab % m;
    out.y[r] = o / 2;
    out.count[r] = c;
    r++;
  }
  return out;
}

/** Pair totals of unique rows under `counts` (the data's own, or a bootstrap resample's). */
export function totalsOfRows(
  models: number,
  rows: UniqueRows,
  counts: ArrayLike<number>,
  into?: PairTotals,
): PairTotals {
  const t = into ?? createPairTotals(models);
  if (into) {
    t.count.fill(0);
    t.score.fill(0);
    t.squares.fill(0);
    t.ties.fill(0);
  }
  for (let r = 0; r < rows.a.length; r++) {
    const c = counts[r];
    if (c > 0) addBattle(t, rows.a[r], rows.b[r], rows.y[r], c);
  }
  return t;
}
