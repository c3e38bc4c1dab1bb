/**
 * `evalsim audit <eval> --k 1,5,10`: is my pass@k interval trustworthy on THIS eval? A generated
 * coverage study calibrated to the eval's many samples per question (read back by
 * {@link summarizePassAtKAudit}):
 *
 *   model   passAtKSamples on the eval's population file: its questions drawn with replacement
 *           (whole clusters when the eval has clusters), each with the system's recorded pass
 *           rate c_i/n_i as its p_i, and the eval's samples per question n drawn afresh;
 *           truth = the mean over the eval's questions of 1 − (1 − p_i)^k (p_i^k for pass^k);
 *   grid    design: "n=<n>, pass@k" for each k ≤ n, and "n=<n>, pass^k" for each k > 1;
 *   methods every pass@k interval: naive, question-level t, clustered CR1 (with clusters),
 *           Wilson at the effective size (CR1 with clusters: the one `evalsim analyze` reports
 *           first), the percentile bootstrap (whole clusters with clusters), the beta-binomial
 *           posterior;
 *   metrics coverage, lower / upper non-coverage, mean width (with MCSEs).
 *
 * n is the most common samples-per-question count of the system (the eval's own n when equal).
 * The plug-in p_i = c_i/n_i makes the population a little more spread than the questions' true
 * rates (their sampling noise is in it); a coverage study of an eval, not of the population it
 * was drawn from, as the resampling audit of `evalsim audit` is.
 */
import type { MethodConfig, StudyConfig } from '../config/studyConfig.js';
import type { ResultRow } from '../output/resultRow.js';
import type { ItemPopulation } from '../population/itemPopulation.js';
import { binarySystem, populationSystem } from '../population/itemPopulation.js';
import { bradleyVerdict, type Estimate, type Verdict } from './auditSummary.js';

export interface PassAtKAuditOptions {
  readonly populationFile: string;
  readonly population: ItemPopulation;
  readonly system: string;
  readonly k: readonly number[];
  readonly replications?: number;
  readonly seed?: number;
  readonly level?: number;
  readonly name?: string;
}

export interface PassAtKAudit {
  readonly config: StudyConfig;
  readonly methods: readonly string[];
  readonly designs: readonly string[];
  readonly level: number;
  readonly facts: {
    readonly questions: number;
    readonly clusters: number;
    readonly clustered: boolean;
    readonly samples: number;
    readonly equalSamples: boolean;
  };
}

export function buildPassAtKAudit(options: PassAtKAuditOptions): PassAtKAudit {
  const { population, system } = options;
  const results = binarySystem(populationSystem(population, system), population.source, 'pass@k');
  const counts = new Map<number, number>();
  for (const k of results.k) counts.set(k, (counts.get(k) ?? 0) + 1);
  let n = 0;
  for (const [value, count] of counts)
    if (count > (counts.get(n) ?? 0) || (count === counts.get(n) && value > n)) n = value;
  if (n < 2) {
    throw new RangeError(
      `system ${system} has one sample per question: a pass@k audit needs several (import the epochs, trials or repeats)`,
    );
  }
  const over = options.k.filter((k) => k > n);
  if (over.length > 0) throw new RangeError(`--k ${over.join(',')}: the eval has ${n} samples per question`);
  const clusters = population.clusterNames.length;
  const clustered = clusters >= 2 && clusters < population.questionCount;
  const designs = [
    ...options.k.map((k) => `n=${n}, pass@${k}`),
    ...options.k.filter((k) => k > 1).map((k) => `n=${n}, pass^${k}`),
  ];
  const methods: MethodConfig[] = [
    { id: 'wilson', method: 'passAtKWilson' },
    ...(clustered ? [{ id: 'clustered', method: 'passAtKClustered' }] : []),
    { id: 'questionT', method: 'passAtKQuestion' },
    { id: 'naive', method: 'passAtKNaive' },
    { id: 'bootstrap', method: 'passAtKBootstrap', resamples: 499 },
    { id: 'posterior', method: 'passAtKPosterior', grid: 20 },
  ];
  const level = options.level ?? 0.95;
  const config: StudyConfig = {
    $schema: '../../../packages/sim/schema/study.schema.json',
    name: options.name ?? 'audit-passk',
    title: `Coverage of the pass@k intervals on ${population.source}, system ${system}`,
    description:
      `passAtKSamples on the eval's own ${clustered ? `${clusters} clusters (drawn whole)` : `${population.questionCount} questions`}, ` +
      `each with ${system}'s recorded pass rate, ${n} fresh samples per question; truth = the eval's mean 1 − (1 − p_i)^k (p_i^k for pass^k).`,
    seed: options.seed ?? 1,
    replications: options.replications ?? 1000,
    level,
    model: {
      name: 'passAtKSamples',
      params: {
        population: options.populationFile,
        system,
        unit: clustered ? 'clusters' : 'questions',
      },
    },
    grid: { design: designs },
    methods,
    metrics: ['coverage', 'lowerNoncoverage', 'upperNoncoverage', 'meanWidth'],
  };
  return {
    config,
    methods: methods.map((m) => m.id as string),
    designs,
    level,
    facts: {
      questions: population.questionCount,
      clusters,
      clustered,
      samples: n,
      equalSamples: counts.size === 1,
    },
  };
}

export interface PassAtKAuditRow {
  readonly design: string;
  readonly method: string;
  readonly coverage: Estimate;
  readonly lowerMiss: Estimate;
  readonly upperMiss: Estimate;
  readonly width: Estimate;
  readonly verdict: Verdict;
}

export interface PassAtKAuditSummary {
  readonly band: readonly [number, number];
  readonly rows: readonly PassAtKAuditRow[];
  readonly recommendation: string;
}

const NONE: Estimate = { value: Number.NaN, mcse: Number.NaN };

/** The audit's coverage table and a recommendation from it. */
export function summarizePassAtKAudit(
  audit: PassAtKAudit,
  results: readonly ResultRow[],
): PassAtKAuditSummary {
  const alpha = 1 - audit.level;
  const band: readonly [number, number] = [audit.level - alpha / 2, audit.level + alpha / 2];
  const find = (design: string, method: string, metric: string): Estimate => {
    const r = results.find((x) => x.params.design === design && x.method === method && x.metric === metric);
    return r ? { value: r.value, mcse: r.mcse } : NONE;
  };
  const rows: PassAtKAuditRow[] = [];
  for (const design of audit.designs) {
    for (const method of audit.methods) {
      const coverage = find(design, method, 'coverage');
      const replications = results.find(
        (x) => x.params.design === design && x.method === method && x.metric === 'coverage',
      )?.replications;
      rows.push({
        design,
        method,
        coverage,
        lowerMiss: find(design, method, 'lowerNoncoverage'),
        upperMiss: find(design, method, 'upperNoncoverage'),
        width: find(design, method, 'meanWidth'),
        verdict: bradleyVerdict(coverage, audit.level, replications),
      });
    }
  }
  const headline = rows.filter((r) => r.method === 'wilson');
  const bad = headline.filter((r) => r.verdict === 'too low' || r.verdict === 'too high');
  const near = headline.filter((r) => r.verdict === 'undecided');
  const show = (r: PassAtKAuditRow) =>
    `${r.design} (${(100 * r.coverage.value).toFixed(1)}% ± ${(100 * r.coverage.mcse).toFixed(1)})`;
  const name = `Wilson at the ${audit.facts.clustered ? 'CR1' : 'question-level'} effective size, the interval evalsim analyze reports first,`;
  let recommendation: string;
  if (bad.length > 0) {
    const holding = [
      ...new Set(
        rows
          .filter((r) => bad.some((b) => b.design === r.design) && r.verdict === 'holds')
          .map((r) => r.method),
      ),
    ];
    recommendation =
      `${name} misses Bradley's band on this eval for ${bad.map(show).join(', ')}; ` +
      `read those estimates with the intervals that hold there: ${holding.join(', ') || 'none of them'}.`;
  } else if (near.length > 0) {
    recommendation = `${name} is within Bradley's band or within 2 MCSE of its edge for every design (undecided at 2 MCSE: ${near.map(show).join(', ')}); more --replications would settle those.`;
  } else recommendation = `${name} stays within Bradley's band for every design on this eval.`;
  return { band, rows, recommendation };
}
