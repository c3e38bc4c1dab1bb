/**
 * Votes needed to separate two models by a rating gap — the plan of an arena. Two models whose
 * true ratings differ by Δ Elo points (d = Δ·ln 10/400 in natural units), battles decided by
 * Davidson's model with the tie share t between equal models (ν = 2t/(1 − t), fitDavidson.ts):
 *
 *   P(win) = e^{d/2}/D,  P(tie) = ν/D,  P(loss) = e^{−d/2}/D,  D = e^{d/2} + e^{−d/2} + ν,
 *   s = P(win) + P(tie)/2  (the expected score),   v = P(win) + P(tie)/4 − s²  (its variance).
 *
 * The BT fit with ties as half wins estimates d* = logit(s) (its projection: d* < d when there
 * are ties), with the sandwich variance v/(s(1 − s))² per vote (the delta method on logit(ȳ)).
 * A two-sided test at level 1 − α with power 1 − β then needs, head to head,
 *
 *   n = (z_{1−α/2} + z_{1−β})² · v / ((s(1 − s))² · d*²)   votes between the two.
 *
 * In an arena of M models with every pair sampled alike and ratings near each other, the
 * information of all battles reaches the pair through the complete graph: Var(θ̂_i − θ̂_j) =
 * (2/M)·(v/(s(1 − s))²)·K/N with K = M(M − 1)/2 pairs, so N = n·2K/M = n·(M − 1) battles in all
 * (a pair's direct votes are N/K = 2n/M: the other models carry the rest). An approximation for
 * strengths close together; `evalsim rate --plan --out` checks it by simulation.
 */
import { normalQuantile } from '../distributions/index.js';
import { InputError } from '../validate.js';

export interface VotesPlan {
  /** d* in Elo points (the BT projection of the gap). */
  readonly projectedGap: number;
  readonly expectedScore: number;
  /** Variance of one vote's score. */
  readonly voteVariance: number;
  /** Votes between the two models, head to head (rounded up). */
  readonly headToHead: number;
  /** Battles in all in an arena of `models` with uniform pair sampling (rounded up); equals headToHead for 2 models. */
  readonly arenaBattles: number;
}

export function votesToSeparate(
  gapElo: number,
  tieShare: number,
  level: number,
  power: number,
  models = 2,
): VotesPlan {
  if (!(Number.isFinite(gapElo) && gapElo > 0))
    throw new InputError('gap', `must be a rating gap > 0 Elo points, got ${gapElo}`);
  if (!(tieShare >= 0 && tieShare < 1))
    throw new InputError('tieShare', `must be in [0, 1), got ${tieShare}`);
  if (!(level > 0 && level < 1)) throw new InputError('level', `must be in (0, 1), got ${level}`);
  if (!(power > 0 && power < 1)) throw new InputError('power', `must be in (0, 1), got ${power}`);
  if (!(Number.isInteger(models) && models >= 2))
    throw new InputError('models', `must be an integer ≥ 2, got ${models}`);
  const d = (gapElo * Math.LN10) / 400;
  const nu = (2 * tieShare) / (1 - tieShare);
  const up = Math.exp(d / 2);
  const down = Math.exp(-d / 2);
  const D = up + down + nu;
  const win = up / D;
  const tie = nu / D;
  const s = win + tie / 2;
  const v = win + tie / 4 - s * s;
  const projected = Math.log(s / (1 - s));
  const z = normalQuantile(1 - (1 - level) / 2) + normalQuantile(power);
  const n = (z * z * v) / ((s * (1 - s)) ** 2 * projected * projected);
  return {
    projectedGap: (projected * 400) / Math.LN10,
    expectedScore: s,
    voteVariance: v,
    headToHead: Math.ceil(n),
    arenaBattles: Math.ceil(n * (models - 1)),
  };
}
