/**
 * Options of `rateBattles` (and `evalsim rate`), their choices and defaults.
 */
import { WEAK_RATING_PRIOR } from '@evalsim/core';

export const RATE_CI_CHOICES = ['sandwich', 'fisher', 'bootstrap', 'cluster', 'cluster-sandwich'] as const;
export type RateCi = (typeof RATE_CI_CHOICES)[number];

export const RATE_TIES_CHOICES = ['half', 'davidson'] as const;
export type RateTies = (typeof RATE_TIES_CHOICES)[number];

export const RATE_RANK_CHOICES = ['max-t', 'bonferroni'] as const;
export type RateRankRule = (typeof RATE_RANK_CHOICES)[number];

export const RATE_CLUSTER_FIELDS = ['question_id', 'judge', 'language', 'source'] as const;
export type RateClusterField = (typeof RATE_CLUSTER_FIELDS)[number];

/** Bootstrap rounds by default: each percentile endpoint then has a Monte Carlo s.d. of about 0.085 SE (see bootstrapEndpointMcse). */
export const DEFAULT_RATE_ROUNDS = 1000;
export const DEFAULT_RATE_SEED = 1;
/** Normal draws for the max-t critical value and P(rank 1) under the sandwich or Fisher covariance, at most. */
export const DEFAULT_RANK_DRAWS = 10_000;

/**
 * The draws used when none are asked for: 10,000, fewer for large arenas so that draws × pairs
 * stays under 2·10⁷ (each draw costs m² work), and at least 2,000 (130 models: 2,385 draws; the
 * critical value's Monte Carlo s.e. is reported beside it).
 */
export function defaultRankDraws(models: number): number {
  const pairs = (models * (models - 1)) / 2;
  return Math.max(2000, Math.min(DEFAULT_RANK_DRAWS, Math.round(2e7 / pairs)));
}
/** The ridge used when the MLE does not exist and `prior` is 'auto': core's WEAK_RATING_PRIOR, N(0, (400 Elo)²). */
export const AUTO_PRIOR = WEAK_RATING_PRIOR;

export interface RateOptions {
  readonly level?: number;
  readonly ci?: RateCi;
  /** The cluster of `cluster` / `cluster-sandwich` (default question_id). */
  readonly cluster?: RateClusterField;
  readonly rounds?: number;
  readonly seed?: number;
  readonly ties?: RateTies;
  /** 'mean' (the mean rating is 1000), 'fastchat' (mixtral-8x7b-instruct-v0.1 = 1114 when present) or a model and its rating. */
  readonly anchor?: 'mean' | 'fastchat' | { readonly model: string; readonly rating: number };
  /** Ridge λ ≥ 0 in natural units, or 'auto' (AUTO_PRIOR only when the MLE does not exist). */
  readonly prior?: number | 'auto';
  /** arena-rank's Hessian ridge (times the battles), for the sandwich and Fisher covariances. */
  readonly hessianRidge?: number;
  readonly styleControl?: boolean;
  readonly rankRule?: RateRankRule;
  readonly rankDraws?: number;
  /** Keep only battles between these models. */
  readonly models?: readonly string[];
  /** Keep only anonymous battles (FastChat's leaderboard does). */
  readonly anonyOnly?: boolean;
  /** Extra threads for the bootstrap rounds at most (default: cores − 1; 0: this thread only). Results do not depend on it. */
  readonly threads?: number;
  /**
   * Called as bootstrap rounds finish: after every chunk of rounds this thread computes, and
   * about once a second while it waits for the workers' chunks (for a progress line; the
   * numbers do not depend on it).
   */
  readonly onRounds?: (done: number, total: number) => void;
}
