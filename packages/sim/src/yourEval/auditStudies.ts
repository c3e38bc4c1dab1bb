/**
 * `evalsim audit` as generated studies: "is my interval (and my paired test) trustworthy on
 * THIS eval?" answered by coverage studies calibrated to the eval — its questions, its
 * clusters and their sizes, its accuracy, its spread of difficulty, its ICC — in two
 * data-generating modes, and a paired-test study:
 *
 *  - `<name>-resampling`: model itemPopulation, one recorded answer per question, whole
 *    clusters drawn with replacement (K of them, the eval's own count; questions when the
 *    eval has no clusters); truth = the eval's mean rate;
 *  - `<name>-parametric`: model betaBinomialClusters with the eval's cluster sizes, its
 *    accuracy p and its ICC (populationIcc.ts); truth = p;
 *    both: every interval method × coverage, lower / upper non-coverage, mean width (MCSEs);
 *  - `<name>-paired` (resampling): model itemPopulationShifted (mixture shift), grid
 *    systems × delta: [A] with δ = 0 is two identical copies of A (the false-win rate),
 *    [A, B] with δ = the observed gap is power at that gap (and the two other cells: a copy of A
 *    δ worse, and B moved to A's mean); paired tests × rejectionRate.
 *
 * Interval methods: every built-in interval that takes one system's clustered scores (a test
 * checks the registry against AUDIT_INTERVALS; clustered ones only when the eval has clusters:
 * 2 ≤ K < N; the slow ones — the basic / studentized / BCa cluster bootstraps, the wild cluster
 * and binary bootstraps, the hierarchical beta-binomial — only when named) — or those named —
 * plus user modules. A named clustered method on an eval without clusters is run as asked; the
 * validator's guard rails (config/studyWarnings.ts) flag it.
 */
import type { MethodConfig, StudyConfig } from '../config/studyConfig.js';
import type { ItemPopulation } from '../population/itemPopulation.js';
import { evalSystem } from './evalSystem.js';
import { populationIcc } from './populationIcc.js';

export interface AuditMethod {
  readonly id: string;
  readonly config: MethodConfig;
  /** Needs clusters to mean anything. */
  readonly clustered: boolean;
  /** Defined on 0/1 scores only. */
  readonly binaryOnly: boolean;
  /** Run only when named in `methods` (slow: many resamples or draws per replication). */
  readonly optIn?: boolean;
}

/** The built-in interval methods an audit runs (ids as they appear in the results). */
export const AUDIT_INTERVALS: readonly AuditMethod[] = [
  { id: 'wald', config: { id: 'wald', method: 'wald' }, clustered: false, binaryOnly: true },
  { id: 'wilson', config: { id: 'wilson', method: 'wilson' }, clustered: false, binaryOnly: true },
  {
    id: 'clopperPearson',
    config: { id: 'clopperPearson', method: 'clopperPearson' },
    clustered: false,
    binaryOnly: true,
  },
  { id: 'jeffreys', config: { id: 'jeffreys', method: 'jeffreys' }, clustered: false, binaryOnly: true },
  {
    id: 'agrestiCoull',
    config: { id: 'agrestiCoull', method: 'agrestiCoull' },
    clustered: false,
    binaryOnly: true,
  },
  { id: 'wilsonCC', config: { id: 'wilsonCC', method: 'wilsonCC' }, clustered: false, binaryOnly: true },
  {
    id: 'betaPosterior',
    config: { id: 'betaPosterior', method: 'betaPosterior' },
    clustered: false,
    binaryOnly: true,
  },
  {
    id: 'naiveT',
    config: { id: 'naiveT', method: 'naive', critical: 't' },
    clustered: false,
    binaryOnly: false,
  },
  {
    id: 'clusteredCR1',
    config: { id: 'clusteredCR1', method: 'clustered', estimator: 'cr1' },
    clustered: true,
    binaryOnly: false,
  },
  {
    id: 'clusteredCR2',
    config: { id: 'clusteredCR2', method: 'clustered', estimator: 'cr2' },
    clustered: true,
    binaryOnly: false,
  },
  {
    id: 'kornGraubardWilson',
    config: { id: 'kornGraubardWilson', method: 'kornGraubardWilson' },
    clustered: true,
    binaryOnly: true,
  },
  {
    id: 'kornGraubardClopperPearson',
    config: { id: 'kornGraubardClopperPearson', method: 'kornGraubardClopperPearson' },
    clustered: true,
    binaryOnly: true,
  },
  {
    id: 'clusterBootstrap',
    config: { id: 'clusterBootstrap', method: 'clusterBootstrap', resamples: 200 },
    clustered: true,
    binaryOnly: false,
  },
  // The other bootstrap types, each from its own 200 resamples per replication: opt-in (each
  // costs what the percentile one does).
  ...(
    [
      ['clusterBootstrapBasic', 'basic'],
      ['clusterBootstrapStudentized', 'studentized'],
      ['clusterBootstrapBca', 'bca'],
    ] as const
  ).map(
    ([id, type]): AuditMethod => ({
      id,
      config: { id, method: 'clusterBootstrap', resamples: 200, type },
      clustered: true,
      binaryOnly: false,
      optIn: true,
    }),
  ),
  {
    id: 'wildClusterBootstrap',
    config: { id: 'wildClusterBootstrap', method: 'wildClusterBootstrap' },
    clustered: true,
    binaryOnly: false,
    optIn: true,
  },
  {
    id: 'binaryBootstrap',
    config: { id: 'binaryBootstrap', method: 'binaryBootstrap' },
    clustered: false,
    binaryOnly: true,
    optIn: true,
  },
  {
    id: 'hierarchicalBetaBinomial',
    config: { id: 'hierarchicalBetaBinomial', method: 'hierarchicalBetaBinomial' },
    clustered: true,
    binaryOnly: true,
    optIn: true,
  },
];

export interface AuditOptions {
  /** The population file as the studies name it (relative to the study files). */
  readonly populationFile: string;
  readonly population: ItemPopulation;
  /** The eval as the user named it (errors name it; default the population's source). */
  readonly evalName?: string;
  /** The system whose intervals are audited (A). */
  readonly system: string;
  /** A second system B for the power at the observed gap (optional). */
  readonly versus?: string | undefined;
  /** Interval method ids of AUDIT_INTERVALS (default: all that apply). */
  readonly methods?: readonly string[] | undefined;
  /** User interval modules: id and path relative to the study files. */
  readonly modules?: readonly { readonly id: string; readonly file: string }[];
  /**
   * Whole clusters per simulated eval (default: the eval's own count K). Another count asks
   * "how would my intervals do on an eval of K' clusters like these" (the parametric mode then
   * uses K' clusters of the mean size).
   */
  readonly clusters?: number | undefined;
  readonly replications?: number;
  readonly seed?: number;
  readonly level?: number;
  readonly name?: string;
}

export interface AuditFacts {
  readonly questions: number;
  readonly clusters: number;
  /** True when 2 ≤ K < N (whole clusters are resampled). */
  readonly clustered: boolean;
  /** Clusters per simulated eval (K unless chosen). */
  readonly simulatedClusters: number;
  readonly accuracy: number;
  readonly icc: number;
  /** Mean answers per question (the studies draw one). */
  readonly epochs: number;
  /** Observed gap A − B (null without B). */
  readonly gap: number | null;
  /** Correlation of A's and B's per-question rates (null without B). */
  readonly correlation: number | null;
}

export interface Audit {
  readonly facts: AuditFacts;
  readonly methods: readonly string[];
  readonly resampling: StudyConfig;
  readonly parametric: StudyConfig;
  readonly paired: StudyConfig;
  readonly pairedTests: readonly { readonly id: string; readonly label: string }[];
  readonly level: number;
}

function rates(population: ItemPopulation, name: string, flag: string, shown: string): Float64Array {
  const s = evalSystem(population, name, flag, shown);
  return Float64Array.from(s.correct, (c, i) => c / s.k[i]);
}

function correlation(a: Float64Array, b: Float64Array): number {
  const n = a.length;
  let ma = 0;
  let mb = 0;
  for (let i = 0; i < n; i++) {
    ma += a[i] / n;
    mb += b[i] / n;
  }
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let i = 0; i < n; i++) {
    sab += (a[i] - ma) * (b[i] - mb);
    saa += (a[i] - ma) ** 2;
    sbb += (b[i] - mb) ** 2;
  }
  return saa > 0 && sbb > 0 ? sab / Math.sqrt(saa * sbb) : Number.NaN;
}

const METRICS = [
  { metric: 'coverage', id: 'coverage' },
  { metric: 'lowerNoncoverage', id: 'lowerMiss' },
  { metric: 'upperNoncoverage', id: 'upperMiss' },
  { metric: 'meanWidth', id: 'width' },
];

export function buildAudit(options: AuditOptions): Audit {
  const { population } = options;
  const level = options.level ?? 0.95;
  const name = options.name ?? 'audit';
  const shown = options.evalName ?? population.source;
  const ratesA = rates(population, options.system, '--system', shown);
  const N = population.questionCount;
  const K = population.clusterNames.length;
  const clustered = K >= 2 && K < N;
  const accuracy = ratesA.reduce((s, r) => s + r, 0) / N;
  const icc = clustered ? populationIcc(ratesA, population.clusterIndex) : 0;
  const systemA = evalSystem(population, options.system, '--system', shown);
  const epochs = systemA.k.reduce((s, k) => s + k, 0) / N;
  let gap: number | null = null;
  let rho: number | null = null;
  if (options.versus !== undefined) {
    if (options.versus === options.system)
      throw new RangeError('--versus: name a system other than --system');
    const ratesB = rates(population, options.versus, '--versus', shown);
    gap = accuracy - ratesB.reduce((s, r) => s + r, 0) / N;
    rho = correlation(ratesA, ratesB);
  }
  const applicable = AUDIT_INTERVALS.filter((m) => (clustered || !m.clustered) && !m.optIn);
  let chosen = applicable;
  if (options.methods !== undefined) {
    chosen = options.methods.map((id) => {
      const found = AUDIT_INTERVALS.find((m) => m.id === id);
      if (!found)
        throw new RangeError(
          `--methods: unknown "${id}"; allowed: ${AUDIT_INTERVALS.map((m) => m.id).join(', ')}`,
        );
      return found;
    });
  }
  const methods: MethodConfig[] = [
    ...chosen.map((m) => m.config),
    ...(options.modules ?? []).map((m) => ({ id: m.id, module: m.file })),
  ];
  if (methods.length === 0) throw new RangeError('--methods: no interval method to audit');
  if (options.clusters !== undefined && !clustered) {
    throw new RangeError(`--clusters: ${shown} has no clusters (${K} for ${N} questions)`);
  }
  const drawK = options.clusters ?? K;
  const draw: Record<string, number | boolean> = clustered
    ? { clusters: drawK, replace: true }
    : { n: N, replace: true };
  const sizes = Array.from({ length: K }, () => 0);
  for (const c of population.clusterIndex) sizes[c]++;
  const common = {
    seed: options.seed ?? 1,
    replications: options.replications ?? 1000,
    level,
  };
  const where = clustered
    ? drawK === K
      ? `${N} questions in ${K} clusters`
      : `${drawK} clusters drawn from ${K}`
    : `${N} questions`;
  const resampling: StudyConfig = {
    name: `${name}-resampling`,
    title: `Audit (resampling): interval coverage for ${options.system} at ${where}`,
    description: `Generated by evalsim audit from ${options.populationFile}. Each replication draws ${clustered ? `${drawK} whole clusters` : `${N} questions`} with replacement from the eval and one recorded answer per question (Bernoulli c/k); truth = the eval's mean rate ${accuracy.toFixed(4)}.`,
    ...common,
    model: {
      name: 'itemPopulation',
      params: { population: options.populationFile, systems: [options.system], ...draw },
    },
    methods,
    metrics: METRICS,
  };
  const parametric: StudyConfig = {
    name: `${name}-parametric`,
    title: `Audit (parametric): interval coverage for a beta-binomial eval like ${options.system}`,
    description: `Generated by evalsim audit from ${options.populationFile}: beta-binomial clusters with the eval's ${clustered ? `${K} cluster sizes` : `${N} single questions`}, accuracy p = ${accuracy.toFixed(4)} and ICC ρ = ${icc.toFixed(4)} (ANOVA on the per-question rates); truth = p.`,
    ...common,
    model: {
      name: 'betaBinomialClusters',
      params: {
        p: Math.min(0.999, Math.max(0.001, accuracy)),
        rho: icc,
        ...(!clustered
          ? { m: 1, clusters: N }
          : drawK === K
            ? { sizes }
            : { m: Math.max(1, Math.round(N / K)), clusters: drawK }),
      },
    },
    methods,
    metrics: METRICS,
  };
  const pairedTests = [
    { id: 'mcnemar', label: 'exact McNemar', config: { id: 'mcnemar', method: 'mcnemarExact' } },
    { id: 'pairedZ', label: 'paired z', config: { id: 'pairedZ', method: 'pairedNaiveTest' } },
    ...(clustered
      ? [
          {
            id: 'pairedClustered',
            label: 'paired clustered t',
            config: { id: 'pairedClustered', method: 'pairedClusteredTest' },
          },
        ]
      : []),
    { id: 'unpaired', label: 'unpaired z', config: { id: 'unpaired', method: 'unpairedTwoProportionTest' } },
  ];
  const paired: StudyConfig = {
    name: `${name}-paired`,
    title: `Audit (paired tests): false wins between identical copies of ${options.system}${gap !== null ? ` and power at the observed gap to ${options.versus}` : ''}`,
    description: `Generated by evalsim audit from ${options.populationFile}. Model itemPopulationShifted (mixture shift): systems [${options.system}] with delta 0 = two identical copies answering independently${gap !== null ? `; [${options.system}, ${options.versus}] with delta ${gap} = the observed gap (power)` : ''}. power / false-win rate = share of replications with p < ${+(1 - level).toFixed(6)}.`,
    ...common,
    model: {
      name: 'itemPopulationShifted',
      params: { population: options.populationFile, shift: 'mixture', ...draw },
    },
    grid: {
      systems:
        gap !== null ? [[options.system], [options.system, options.versus as string]] : [[options.system]],
      delta: gap !== null && gap !== 0 ? [0, gap] : [0],
    },
    methods: pairedTests.map((t) => t.config),
    metrics: [
      { metric: 'rejectionRate', id: 'rejection', alternative: 'two-sided', alpha: +(1 - level).toFixed(12) },
    ],
  };
  return {
    facts: {
      questions: N,
      clusters: K,
      clustered,
      simulatedClusters: drawK,
      accuracy,
      icc,
      epochs,
      gap,
      correlation: rho,
    },
    methods: methods.map((m) => m.id as string),
    resampling,
    parametric,
    paired,
    pairedTests: pairedTests.map(({ id, label }) => ({ id, label })),
    level,
  };
}
