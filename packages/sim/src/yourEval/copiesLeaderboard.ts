/**
 * `evalsim leaderboard --system S --models M` as a generated study: seed 000 Step 5's board of M
 * identical copies of one system of an item population (model systemCopies: every copy answers
 * each question — all of them, or n drawn without replacement per board — right with the
 * question's measured rate), so every "significant" pair is a false alarm. Read as: the
 * significant pairs by exact McNemar at 5% per board, uncorrected (mean, and the share of boards
 * with at least one) and after Holm (the share with at least one); the top-minus-bottom gap
 * (median and 95th percentile, in proportion units). Replication r is replication r of cell 0 of
 * any study with the same seed (studies/leaderboard-20-copies.json is the published one).
 * The other board, of an eval's own systems as reruns of the eval, is leaderboardStudy.ts.
 */
import type { StudyConfig } from '../config/studyConfig.js';
import type { ResultRow } from '../output/resultRow.js';
import type { Estimate } from './auditSummary.js';

export interface CopiesLeaderboardOptions {
  /** The item population file, as the study names it. */
  readonly populationFile: string;
  /** The system of the population to copy. */
  readonly system: string;
  /** Copies on each board (M ≥ 2). */
  readonly copies: number;
  /** Questions per board, drawn without replacement (default: every question once per copy). */
  readonly n?: number | undefined;
  readonly replications?: number;
  readonly seed?: number;
}

export interface CopiesLeaderboardPlan {
  readonly config: StudyConfig;
  readonly copies: number;
  /** The pairs on a board, M(M − 1)/2. */
  readonly pairs: number;
}

export interface CopiesLeaderboardSummary {
  /** The pairs on a board, M(M − 1)/2. */
  readonly pairs: number;
  /** Significant pairs per board by exact McNemar at 5%, uncorrected: the mean and the share with ≥ 1. */
  readonly significant: { readonly mean: Estimate; readonly atLeastOne: Estimate };
  /** The share of boards with ≥ 1 significant pair after Holm. */
  readonly holm: { readonly atLeastOne: Estimate };
  /** The top − bottom score over the boards (proportions): median and 95th percentile. */
  readonly gap: { readonly median: Estimate; readonly q95: Estimate };
}

export function buildCopiesLeaderboard(options: CopiesLeaderboardOptions): CopiesLeaderboardPlan {
  const { copies } = options;
  const config: StudyConfig = {
    name: 'leaderboard',
    title: `Leaderboards of ${copies} copies of ${options.system}`,
    seed: options.seed ?? 1,
    replications: options.replications ?? 1000,
    model: {
      name: 'systemCopies',
      params: {
        population: options.populationFile,
        system: options.system,
        copies,
        ...(options.n !== undefined ? { n: options.n } : {}),
      },
    },
    methods: [
      { id: 'pairs', method: 'leaderboardPairs' },
      { id: 'pairsHolm', method: 'leaderboardPairs', correction: 'holm' },
      { id: 'gap', method: 'topBottomGap' },
    ],
    metrics: [
      { metric: 'meanEstimate', id: 'mean' },
      { metric: 'estimateShare', id: 'atLeastOne', atLeast: 1 },
      { metric: 'estimateQuantile', id: 'median', q: 0.5 },
      { metric: 'estimateQuantile', id: 'p95', q: 0.95 },
    ],
  };
  return { config, copies, pairs: (copies * (copies - 1)) / 2 };
}

export function summarizeCopiesLeaderboard(
  plan: CopiesLeaderboardPlan,
  rows: readonly ResultRow[],
): CopiesLeaderboardSummary {
  const get = (method: string, metric: string): Estimate => {
    const row = rows.find((r) => r.method === method && r.metric === metric);
    if (!row) throw new Error(`leaderboard: no ${method} ${metric} row`);
    return { value: row.value, mcse: row.mcse };
  };
  return {
    pairs: plan.pairs,
    significant: { mean: get('pairs', 'mean'), atLeastOne: get('pairs', 'atLeastOne') },
    holm: { atLeastOne: get('pairsHolm', 'atLeastOne') },
    gap: { median: get('gap', 'median'), q95: get('gap', 'p95') },
  };
}
