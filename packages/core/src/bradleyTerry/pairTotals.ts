/**
 * Sufficient statistics of a Bradley–Terry fit: battles aggregated to the m(m − 1)/2
 * unordered pairs {i, j}, i < j, numbered row by row (pair k of (i, j) is
 * i·m − i(i + 1)/2 + j − i − 1: (0,1), (0,2), …, (1,2), …). For pair k, with y the score of the
 * first model i in one battle (1 win, ½ tie, 0 loss; a fractional preference as AlpacaEval's
 * weighted annotator writes it is allowed) and w the battle's weight (1 for a record):
 *
 *   count_k = Σ w,  score_k = Σ w·y,  squares_k = Σ w·y²,  ties_k = Σ w·[y = ½].
 *
 * A battle recorded as (a = j, b = i, y) enters as (i, j, 1 − y). These four sums are all the
 * likelihood (BT with ties as half wins is a logistic regression on y, FastChat
 * rating_systems.py `bt_loss_and_grad`), its gradient and Hessian, and the sandwich's "meat"
 * (Σ w (y − p)² = squares − 2p·score + p²·count per pair) need: the O(N) battles become O(m²)
 * numbers once, which is what FastChat's `preprocess_for_bt` does with unique (a, b, outcome)
 * rows (lm-sys/FastChat fastchat/serve/monitor/rating_systems.py at 0e6d3e4).
 */
import { InputError } from '../validate.js';

export interface PairTotals {
  /** Number of models m. */
  readonly models: number;
  /** Σ w per pair. */
  readonly count: Float64Array;
  /** Σ w·y per pair, y the first (lower-index) model's score. */
  readonly score: Float64Array;
  /** Σ w·y² per pair. */
  readonly squares: Float64Array;
  /** Σ w over battles with y = ½ (ties) per pair. */
  readonly ties: Float64Array;
}

/** Index of the unordered pair (i, j), i < j, among the m(m − 1)/2 pairs numbered row by row. */
export function unorderedPairIndex(i: number, j: number, models: number): number {
  return i * models - (i * (i + 1)) / 2 + (j - i - 1);
}

/** Number of unordered pairs of m models. */
export function unorderedPairCount(models: number): number {
  return (models * (models - 1)) / 2;
}

/** Zeroed totals for m ≥ 2 models. */
export function createPairTotals(models: number): PairTotals {
  if (!(Number.isInteger(models) && models >= 2)) {
    throw new InputError('models', `must be an integer ≥ 2, got ${models}`);
  }
  const k = unorderedPairCount(models);
  return {
    models,
    count: new Float64Array(k),
    score: new Float64Array(k),
    squares: new Float64Array(k),
    ties: new Float64Array(k),
  };
}

/** Sets every total to 0. */
export function clearPairTotals(totals: PairTotals): void {
  totals.count.fill(0);
  totals.score.fill(0);
  totals.squares.fill(0);
  totals.ties.fill(0);
}

/**
 * Adds `weight` battles of model `a` against model `b` (a ≠ b, both in [0, m)) in which a
 * scored y ∈ [0, 1]. Not checked (the hot path of imports and bootstraps): see
 * {@link pairTotalsFromBattles} for a checked build.
 */
export function addBattle(totals: PairTotals, a: number, b: number, y: number, weight = 1): void {
  const m = totals.models;
  let k: number;
  let s: number;
  if (a < b) {
    k = a * m - (a * (a + 1)) / 2 + (b - a - 1);
    s = y;
  } else {
    k = b * m - (b * (b + 1)) / 2 + (a - b - 1);
    s = 1 - y;
  }
  totals.count[k] += weight;
  totals.score[k] += weight * s;
  totals.squares[k] += weight * s * s;
  if (y === 0.5) totals.ties[k] += weight;
}

/** Totals of battles (a[t], b[t], y[t]), checked: indices in [0, models), a ≠ b, y ∈ [0, 1]. */
export function pairTotalsFromBattles(
  models: number,
  a: ArrayLike<number>,
  b: ArrayLike<number>,
  y: ArrayLike<number>,
): PairTotals {
  if (a.length !== b.length || a.length !== y.length) {
    throw new InputError(
      'a',
      `a, b and y must have one entry per battle (${a.length}, ${b.length}, ${y.length})`,
    );
  }
  const totals = createPairTotals(models);
  for (let t = 0; t < a.length; t++) {
    const ai = a[t];
    const bi = b[t];
    if (!(Number.isInteger(ai) && ai >= 0 && ai < models)) {
      throw new InputError('a', `battle ${t}: model index ${ai} is not in [0, ${models})`);
    }
    if (!(Number.isInteger(bi) && bi >= 0 && bi < models)) {
      throw new InputError('b', `battle ${t}: model index ${bi} is not in [0, ${models})`);
    }
    if (ai === bi) throw new InputError('b', `battle ${t}: model ${ai} against itself`);
    if (!(y[t] >= 0 && y[t] <= 1)) throw new InputError('y', `battle ${t}: score ${y[t]} is not in [0, 1]`);
    addBattle(totals, ai, bi, y[t]);
  }
  return totals;
}

/** Σ count over every pair (the number of battles, weighted). */
export function totalBattles(totals: PairTotals): number {
  let n = 0;
  for (let k = 0; k < totals.count.length; k++) n += totals.count[k];
  return n;
}
