/**
 * `evalsim leaderboard --systems a,b,c` as a generated study: a leaderboard of an eval's own
 * systems IF THE EVAL WERE RUN AGAIN (model evalReruns): by default each replication draws a
 * new eval from the eval — its number of questions with replacement, or of whole clusters when
 * it has clusters — and answers it as often per question as the eval did (its epochs), with each
 * system's per-question truth (with several epochs the method-of-moments estimate, the observed
 * rates carrying answer noise already; shrunkRates.ts); `rerun: 'answers'` keeps the eval's own
 * questions (answer noise only, labelled so; refused with one epoch, where every rate is 0 or 1
 * and every board would be the same). Read as: per entry, P(rank first), the mean rank, a 95%
 * rank interval with the MCSE of its ends and the whole rank distribution (method
 * leaderboardRank per entry; metrics estimateShare equals r, estimateQuantile 0.025 / 0.975);
 * the significant pairs by analyze's headline test (leaderboardPairs `test: 'headline'`) under
 * no correction, Holm and Benjamini–Hochberg (the mean, and the share of boards with at least
 * one); and the top-minus-bottom gap (topBottomGap). The observed scores are reported as
 * observed — the truth is what a rerun would show, not the eval's scores.
 */
import type { MetricConfig, StudyConfig } from '../config/studyConfig.js';
import type { ResultRow } from '../output/resultRow.js';
import { binarySystem, type ItemPopulation } from '../population/itemPopulation.js';
import type { Estimate } from './auditSummary.js';
import { evalSystem } from './evalSystem.js';
import { evalEpochs } from './planStudy.js';

export type LeaderboardRerun = 'questions' | 'answers';

export interface LeaderboardOptions {
  readonly populationFile: string;
  readonly population: ItemPopulation;
  /** The eval as the user named it (errors name it; default the population's source). */
  readonly evalName?: string;
  readonly systems: readonly string[];
  /** 'questions' (default): new questions (or clusters) each board; 'answers': the eval's own. */
  readonly rerun?: LeaderboardRerun;
  /** Questions (or clusters) per board (default the eval's own count). */
  readonly n?: number | undefined;
  /** Answers per question (default the eval's own). */
  readonly epochs?: number;
  readonly replications?: number;
  readonly seed?: number;
  readonly level?: number;
  readonly name?: string;
}

export interface LeaderboardPlan {
  readonly config: StudyConfig;
  readonly entries: readonly string[];
  /** Each entry's OBSERVED score on the eval (mean per-question rate; not its truth). */
  readonly observed: readonly number[];
  readonly rerun: LeaderboardRerun;
  readonly unit: 'questions' | 'clusters';
  readonly epochs: number;
  /** What a board is, in one sentence. */
  readonly view: string;
  readonly truthNote: string;
}

export const LEADERBOARD_CORRECTION_IDS = [
  ['pairs', 'none'],
  ['pairsHolm', 'holm'],
  ['pairsBH', 'benjaminiHochberg'],
] as const;

/** The method id of entry j's rank. */
export function rankId(j: number): string {
  return `rank:e${j + 1}`;
}

export function buildLeaderboard(options: LeaderboardOptions): LeaderboardPlan {
  const { population, systems } = options;
  const shown = options.evalName ?? population.source;
  const named = systems.map((name) =>
    binarySystem(evalSystem(population, name, '--systems', shown), shown, 'the leaderboard'),
  );
  if (named.length < 2) throw new RangeError('--systems: a leaderboard needs at least 2 systems');
  if (new Set(systems).size !== systems.length) throw new RangeError('--systems: each system once');
  const entries = [...systems];
  const observed = named.map((s) => s.correct.reduce((t, c, i) => t + c / s.k[i], 0) / s.correct.length);
  const own = evalEpochs(named[0].k);
  const epochs = options.epochs ?? own;
  const rerun = options.rerun ?? 'questions';
  if (epochs > 1 && own === 1) {
    throw new RangeError(
      `--epochs ${epochs}: ${shown} has one answer per question, so the per-question truth behind several answers is unknown`,
    );
  }
  if (rerun === 'answers' && own === 1) {
    throw new RangeError(
      `--rerun answers: ${shown} has one answer per question, so every question's rate is 0 or 1 and every board would be the same (answer noise alone is degenerate); leave --rerun at questions (new questions drawn from the eval)`,
    );
  }
  const K = population.clusterNames.length;
  const clustered = K >= 2 && K < population.questionCount;
  const unit = clustered && rerun === 'questions' ? 'clusters' : 'questions';
  const truth = epochs >= 2 ? 'shrunk' : 'observed';
  const view =
    rerun === 'questions'
      ? `reruns of the eval: each board draws ${unit === 'clusters' ? `${options.n ?? K} whole clusters` : `${options.n ?? population.questionCount} questions`} from the eval with replacement and answers each ${epochs === 1 ? 'once' : `${epochs} times (scored as the mean)`} per system`
      : `answer noise only (a narrower question): the eval's own ${population.questionCount} questions answered again ${epochs} times per system — how much the ranks move with answer noise, not with a new draw of questions`;
  const M = entries.length;
  const metrics: MetricConfig[] = [
    { metric: 'meanEstimate', id: 'mean' },
    { metric: 'estimateShare', id: 'atLeastOne', atLeast: 1 },
    { metric: 'estimateQuantile', id: 'q025', q: 0.025 },
    { metric: 'estimateQuantile', id: 'median', q: 0.5 },
    { metric: 'estimateQuantile', id: 'q95', q: 0.95 },
    { metric: 'estimateQuantile', id: 'q975', q: 0.975 },
    ...Array.from({ length: M }, (_, r) => ({ metric: 'estimateShare', id: `rank:${r + 1}`, equals: r + 1 })),
  ];
  const config: StudyConfig = {
    name: options.name ?? 'leaderboard',
    title: `Leaderboards of ${systems.join(', ')} as ${rerun === 'questions' ? 'reruns of the eval' : 'answer noise only'}: ranks, significant pairs, top − bottom gap`,
    description: `Generated by evalsim leaderboard from ${options.populationFile}: model evalReruns, ${view}. Methods rank:e<j> = entry j's rank (1 = best, ties at random; entries ${entries.map((e, j) => `e${j + 1} = ${e}`).join(', ')}): rank:1 share = P(first), q025/q975 = 95% rank interval. pairs / pairsHolm / pairsBH = significant pairs by analyze's headline test at α = ${+(1 - (options.level ?? 0.95)).toFixed(6)} with no correction / Holm / Benjamini–Hochberg. gap = top − bottom score.`,
    seed: options.seed ?? 1,
    replications: options.replications ?? 1000,
    level: options.level ?? 0.95,
    model: {
      name: 'evalReruns',
      params: {
        population: options.populationFile,
        systems: [...systems],
        rerun,
        unit,
        ...(options.n !== undefined
          ? unit === 'clusters'
            ? { clusters: options.n }
            : { n: options.n }
          : {}),
        epochs,
        truth,
      },
    },
    methods: [
      // Method ids are labels ([A-Za-z0-9_.:-]); entries keep the eval's names (`openai/gpt-x`),
      // so entry j's rank is `rank:e<j+1>` (the description lists them).
      ...entries.map((_, j) => ({ id: rankId(j), method: 'leaderboardRank', entry: j })),
      ...LEADERBOARD_CORRECTION_IDS.map(([id, correction]) => ({
        id,
        method: 'leaderboardPairs',
        test: 'headline',
        correction,
      })),
      { id: 'gap', method: 'topBottomGap' },
    ],
    metrics,
  };
  return {
    config,
    entries,
    observed,
    rerun,
    unit,
    epochs,
    view,
    truthNote:
      truth === 'shrunk'
        ? 'per-question truth: the method-of-moments estimate with the within-question noise removed'
        : "per-question truth: each question's observed outcome",
  };
}

export interface EntrySummary {
  readonly entry: string;
  /** The entry's observed score on the eval (not a truth). */
  readonly observed: number;
  readonly first: Estimate;
  readonly meanRank: Estimate;
  /** The 95% rank interval's ends, each with its MCSE (quantileMcse). */
  readonly rankInterval: readonly [Estimate, Estimate];
  /** P(rank = r), r = 1..M. */
  readonly rankProbabilities: readonly Estimate[];
}

export interface LeaderboardSummary {
  readonly entries: readonly EntrySummary[];
  readonly pairs: readonly {
    readonly correction: string;
    readonly mean: Estimate;
    readonly atLeastOne: Estimate;
  }[];
  readonly gap: { readonly median: Estimate; readonly q95: Estimate };
}

export function summarizeLeaderboard(plan: LeaderboardPlan, rows: readonly ResultRow[]): LeaderboardSummary {
  const get = (method: string, metric: string): Estimate => {
    const row = rows.find((r) => r.method === method && r.metric === metric);
    if (!row) throw new Error(`leaderboard: no ${method} ${metric} row in the results`);
    return { value: row.value, mcse: row.mcse };
  };
  const M = plan.entries.length;
  return {
    entries: plan.entries.map((entry, j) => ({
      entry,
      observed: plan.observed[j],
      first: get(rankId(j), 'rank:1'),
      meanRank: get(rankId(j), 'mean'),
      // Ranks are whole numbers: the type-7 quantiles (which interpolate, e.g. 2.975) widened to
      // the ranks around them, so the interval never claims more than the draws show.
      rankInterval: [
        (({ value, mcse }) => ({ value: Math.floor(value + 1e-9), mcse }))(get(rankId(j), 'q025')),
        (({ value, mcse }) => ({ value: Math.ceil(value - 1e-9), mcse }))(get(rankId(j), 'q975')),
      ],
      rankProbabilities: Array.from({ length: M }, (_, r) => get(rankId(j), `rank:${r + 1}`)),
    })),
    pairs: LEADERBOARD_CORRECTION_IDS.map(([id, correction]) => ({
      correction,
      mean: get(id, 'mean'),
      atLeastOne: get(id, 'atLeastOne'),
    })),
    gap: { median: get('gap', 'median'), q95: get('gap', 'q95') },
  };
}
