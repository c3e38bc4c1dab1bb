/**
 * `evalsim audit` as generated studies: "is my interval (and my paired test) trustworthy on
 * THIS eval?" answered by coverage studies calibrated to the eval — its questions, its
 * clusters and their sizes, its epochs, its accuracy, its spread of difficulty, its ICC — on the
 * scores analyze reports, and a paired-test study:
 *
 *  - `<name>-resampling`: model itemPopulation, whole clusters drawn with replacement (K of
 *    them, the eval's own count; questions when the eval has no clusters), each question
 *    answered as often as the eval answered it (its epochs E) and scored by the epoch mean — the
 *    scores analyze's continuous methods see. With E ≥ 2 the per-question truth is the
 *    method-of-moments estimate with the within-question noise removed (truth 'shrunk',
 *    models/support/shrunkRates.ts); with one answer, the observed outcomes. truth = the mean rate.
 *    Methods: those that take graded scores (E ≥ 2), or every applicable one (E = 1);
 *  - `<name>-answers` (E ≥ 2 only): the same draws with ONE answer per question, from each
 *    question's observed rate — what analyze's 0/1 methods (Wilson, Korn–Graubard, the
 *    hierarchical beta-binomial) see on epoch 1; the 0/1 methods;
 *  - `<name>-parametric`: model betaBinomialClusters with the eval's cluster sizes, its
 *    accuracy p and its ICC (populationIcc.ts), one answer per question (a beta-binomial has no
 *    question-level truth for epochs to repeat; said in the output); truth = p;
 *    all: every interval method × coverage, lower / upper non-coverage, mean width (MCSEs);
 *  - `<name>-paired` (resampling, the eval's epochs): model itemPopulationShifted (mixture
 *    shift), grid systems × delta: [A] with δ = 0 is two identical copies of A (the false-win
 *    rate; with one answer from observed 0/1 rates the copies answer alike, a rate 0 by
 *    construction, reported as such), [A, B] with δ = the observed gap is power at that gap;
 *    analyze's headline test for the structure first (headlineRule.ts), then the others.
 *
 * Graded scores (some system of the eval scored other than 0/1: a `scores_<system>` column; an
 * F1, a rubric or judge grade, partial credit): the resampling and paired studies redraw each
 * drawn question's epoch scores from its own recorded scores (itemPopulation's graded draws,
 * models/support/itemPopulation/recordedScoreMean.ts; one epoch: the question's score is its
 * outcome), scored by their mean as analyze does; the truth is the population mean of that
 * quantity, the mean over the eval's questions of each question's mean score (never shrunk: the
 * shrinkage removes binomial noise). Only the intervals analyze reports for graded scores run
 * (naiveT, CR1, CR2, the cluster bootstraps); the 0/1 ones (Wilson, Jeffreys, Korn–Graubard,
 * the hierarchical beta-binomial, …) and the 0/1 pair (Tango with McNemar, exact McNemar, the
 * unpaired two-proportion z) are not offered, and `notOffered` says so and why; the paired test is
 * the paired t (CR2's t with clusters); B is shifted by the mixture applied to each score.
 *
 * Interval methods: every built-in interval that takes one system's clustered scores (a test
 * checks the registry against AUDIT_INTERVALS; clustered ones only when the eval has clusters:
 * 2 ≤ K < N). Analyze's intervals — the headline rule's, the cluster bootstraps' BCa (with
 * analyze's `resamples`, default 2000) and the hierarchical beta-binomial (≈ 0.5 s a fit: on
 * the first `hbbReplications` replications, default 100, its MCSE stated) — run by default;
 * the other slow ones (basic and studentized cluster bootstraps, the wild cluster and binary
 * bootstraps) only when named. User modules run in the resampling study.
 */
import { headlineRule, type SystemHeadlineMethod } from '../analysis/headlineRule.js';
import type { MethodConfig, StudyConfig } from '../config/studyConfig.js';
import { shrunkRates } from '../models/support/shrunkRates.js';
import { hasGradedScores, type ItemPopulation, type SystemResults } from '../population/itemPopulation.js';
import { evalSystem } from './evalSystem.js';
import { evalEpochs } from './planStudy.js';
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
    config: { id: 'clusterBootstrap', method: 'clusterBootstrap' },
    clustered: true,
    binaryOnly: false,
  },
  // BCa is one of analyze's intervals: audited by default. Basic and studentized: opt-in.
  {
    id: 'clusterBootstrapBca',
    config: { id: 'clusterBootstrapBca', method: 'clusterBootstrap', type: 'bca' },
    clustered: true,
    binaryOnly: false,
  },
  ...(
    [
      ['clusterBootstrapBasic', 'basic'],
      ['clusterBootstrapStudentized', 'studentized'],
    ] as const
  ).map(
    ([id, type]): AuditMethod => ({
      id,
      config: { id, method: 'clusterBootstrap', type },
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
  },
];

/** Replications per study cell unless `replications` is given (MCSE ≈ 0.005 at 95% coverage). */
export const AUDIT_REPLICATIONS = 2000;
/** The cluster bootstrap resamples per replication unless `resamples` is given: analyze's B. */
export const AUDIT_RESAMPLES = 2000;
/** Replications of the hierarchical beta-binomial (≈ 0.5 s a fit) unless `hbbReplications` is given. */
export const AUDIT_HBB_REPLICATIONS = 100;

/** The audit id of analyze's headline interval for a system (headlineRule.ts). */
export function auditIdOfHeadline(method: SystemHeadlineMethod): string {
  return method === 'clusteredCr2' ? 'clusteredCR2' : method;
}

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
  /** Resamples per cluster bootstrap (default {@link AUDIT_RESAMPLES}, analyze's). */
  readonly resamples?: number;
  /** Replications of the hierarchical beta-binomial (default {@link AUDIT_HBB_REPLICATIONS}). */
  readonly hbbReplications?: number;
  /** Answers per question to simulate (default: the eval's own). */
  readonly epochs?: number;
}

export interface AuditFacts {
  /** The eval's scores: 0/1, or graded (some score other than 0/1). */
  readonly scores: 'binary' | 'graded';
  readonly questions: number;
  readonly clusters: number;
  /** True when 2 ≤ K < N (whole clusters are resampled). */
  readonly clustered: boolean;
  /** Clusters per simulated eval (K unless chosen). */
  readonly simulatedClusters: number;
  readonly accuracy: number;
  readonly icc: number;
  /** Answers per question simulated (the eval's epochs unless chosen); the scores are their mean. */
  readonly epochs: number;
  /** How the per-question truth was set (observed rates, or shrunk). */
  readonly truth: { readonly mode: 'observed' | 'shrunk'; readonly note: string };
  /** Two copies of A answer every question alike (one answer from 0/1 rates): no false win can occur. */
  readonly copiesAnswerAlike: boolean;
  /** Observed gap A − B (null without B): the paired study's delta. */
  readonly gap: number | null;
  /**
   * The same gap as analyze shows the pair (later − earlier system of the eval, its `first −
   * second` rows), for what is printed: `label` "B − A" and `difference` −gap when A comes first
   * (null without B).
   */
  readonly pair: { readonly label: string; readonly difference: number } | null;
  /** Correlation of A's and B's per-question rates (null without B). */
  readonly correlation: number | null;
}

export interface Audit {
  readonly facts: AuditFacts;
  /** Interval ids per study (the results' method column). */
  readonly methods: readonly string[];
  readonly resampling: StudyConfig;
  /** One answer per question (the 0/1 methods), when the eval has several epochs. */
  readonly answers: StudyConfig | null;
  readonly parametric: StudyConfig;
  readonly paired: StudyConfig;
  readonly pairedTests: readonly {
    readonly id: string;
    readonly label: string;
    readonly headline: boolean;
  }[];
  /** Analyze's headline interval for this structure (headlineRule.ts), as an audit id. */
  readonly headline: string;
  readonly level: number;
  /** The cap of the hierarchical beta-binomial's replications (null when it is not audited). */
  readonly hbbReplications: number | null;
  /** Graded scores: the 0/1 intervals and paired tests not offered, and why (null for 0/1 scores). */
  readonly notOffered: {
    readonly intervals: readonly string[];
    readonly pairedTests: readonly string[];
    readonly reason: string;
  } | null;
}

/** The 0/1 paired interval and tests analyze and the audit use on 0/1 scores (not on graded ones). */
const BINARY_PAIRED = [
  'tango (Tango score interval)',
  'mcnemarChi2',
  'mcnemar (exact)',
  'unpaired (two-proportion z)',
];

/** Every question's recorded scores are one value (so two copies drawing one answer score alike). */
function scoresFixed(system: SystemResults): boolean {
  const { scores } = system;
  if (!scores) return system.correct.every((c, i) => c === 0 || c === system.k[i]);
  for (let q = 0; q + 1 < scores.offsets.length; q++) {
    for (let j = scores.offsets[q] + 1; j < scores.offsets[q + 1]; j++)
      if (scores.values[j] !== scores.values[scores.offsets[q]]) return false;
  }
  return true;
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

/** The study method of an audit interval, with the audit's resamples and HBB cap. */
function methodConfig(m: AuditMethod, resamples: number, hbb: number): MethodConfig {
  if (m.config.method === 'clusterBootstrap') return { ...m.config, resamples };
  if (m.id === 'hierarchicalBetaBinomial') return { ...m.config, replications: hbb };
  return m.config;
}

export function buildAudit(options: AuditOptions): Audit {
  const { population } = options;
  const level = options.level ?? 0.95;
  const name = options.name ?? 'audit';
  const shown = options.evalName ?? population.source;
  const systemA = evalSystem(population, options.system, '--system', shown);
  const N = population.questionCount;
  const K = population.clusterNames.length;
  const clustered = K >= 2 && K < N;
  const own = evalEpochs(systemA.k);
  const epochs = options.epochs ?? own;
  if (!(Number.isInteger(epochs) && epochs >= 1 && epochs <= 1000))
    throw new RangeError(`--epochs: a whole number from 1 to 1000, got ${epochs}`);
  if (epochs > 1 && own === 1) {
    throw new RangeError(
      `--epochs ${epochs}: ${shown} has one answer per question, so the per-question truth behind several answers is unknown; audit --epochs 1`,
    );
  }
  const systemB =
    options.versus !== undefined ? evalSystem(population, options.versus, '--versus', shown) : undefined;
  if (systemB && options.versus === options.system)
    throw new RangeError('--versus: name a system other than --system');
  const graded = hasGradedScores(population);
  /** Analyze's scores are 0/1: one 0/1 answer per question. */
  const binary = epochs === 1 && !graded;
  const observedA = Float64Array.from(systemA.correct, (c, i) => c / systemA.k[i]);
  const truth = graded
    ? {
        applied: false,
        rates: [observedA],
        note: "graded scores: each drawn question's epoch scores redrawn from its own recorded scores; truth = the mean over the eval's questions of each question's mean score",
      }
    : epochs >= 2
      ? shrunkRates(systemB ? [systemA, systemB] : [systemA], population.clusterIndex)
      : {
          applied: false,
          rates: [observedA],
          note: "one answer per question: each question's observed rate c/k is its truth",
        };
  const ratesA = truth.applied ? truth.rates[0] : observedA;
  const accuracy = ratesA.reduce((s, r) => s + r, 0) / N;
  const icc = clustered ? populationIcc(observedA, population.clusterIndex) : 0;
  let gap: number | null = null;
  let rho: number | null = null;
  if (systemB) {
    const ratesB = truth.applied
      ? truth.rates[1]
      : Float64Array.from(systemB.correct, (c, i) => c / systemB.k[i]);
    gap = accuracy - ratesB.reduce((s, r) => s + r, 0) / N;
    rho = correlation(ratesA, ratesB);
  }
  // Shown as analyze orients the pair: the system later in the eval minus the earlier one.
  const order = [...population.systems.keys()];
  const pairAsAnalyzed =
    gap === null || options.versus === undefined
      ? null
      : order.indexOf(options.system) < order.indexOf(options.versus)
        ? { label: `${options.versus} \u2212 ${options.system}`, difference: -gap }
        : { label: `${options.system} \u2212 ${options.versus}`, difference: gap };
  const copiesAnswerAlike = epochs === 1 && scoresFixed(systemA);

  let chosen = AUDIT_INTERVALS.filter(
    (m) => (clustered || !m.clustered) && !m.optIn && !(graded && m.binaryOnly),
  );
  if (options.methods !== undefined) {
    chosen = options.methods.map((id) => {
      const found = AUDIT_INTERVALS.find((m) => m.id === id);
      if (!found)
        throw new RangeError(
          `--methods: unknown "${id}"; allowed: ${AUDIT_INTERVALS.map((m) => m.id).join(', ')}`,
        );
      if (graded && found.binaryOnly)
        throw new RangeError(
          `--methods: ${id} needs 0/1 scores; ${shown} has graded scores (intervals for graded scores: ${AUDIT_INTERVALS.filter(
            (m) => !m.binaryOnly,
          )
            .map((m) => m.id)
            .join(', ')})`,
        );
      return found;
    });
  }
  if (chosen.length === 0 && (options.modules ?? []).length === 0)
    throw new RangeError('--methods: no interval method to audit');
  if (options.clusters !== undefined && !clustered) {
    throw new RangeError(`--clusters: ${shown} has no clusters (${K} for ${N} questions)`);
  }
  const resamples = options.resamples ?? AUDIT_RESAMPLES;
  const replications = options.replications ?? AUDIT_REPLICATIONS;
  const hbbReplications = Math.min(replications, options.hbbReplications ?? AUDIT_HBB_REPLICATIONS);
  const config = (m: AuditMethod) => methodConfig(m, resamples, hbbReplications);
  const modules: MethodConfig[] = (options.modules ?? []).map((m) => ({ id: m.id, module: m.file }));
  // Which methods see which scores: with several epochs the resampling study scores epoch means
  // (graded), so the 0/1 methods go to the answers study, as analyze computes them on epoch 1.
  const onMeans = chosen.filter((m) => binary || !m.binaryOnly);
  const onAnswers = epochs >= 2 && !graded ? chosen.filter((m) => m.binaryOnly) : [];
  const drawK = options.clusters ?? K;
  const draw: Record<string, number | boolean> = clustered
    ? { clusters: drawK, replace: true }
    : { n: N, replace: true };
  const sizes = Array.from({ length: K }, () => 0);
  for (const c of population.clusterIndex) sizes[c]++;
  const common = { seed: options.seed ?? 1, replications, level };
  const where = clustered
    ? drawK === K
      ? `${N} questions in ${K} clusters`
      : `${drawK} clusters drawn from ${K}`
    : `${N} questions`;
  const epochText = graded
    ? epochs === 1
      ? "one graded score per question (one of the question's recorded scores)"
      : `${epochs} graded scores per question, each one of the question's recorded scores, scored by their mean`
    : epochs === 1
      ? 'one answer per question'
      : `${epochs} answers per question (the eval's epochs) scored by their mean`;
  /** The model's epochs and truth: shrunk rates behind several 0/1 answers; graded scores are redrawn as recorded. */
  const epochParams = epochs > 1 ? (graded ? { epochs } : { epochs, truth: 'shrunk' }) : {};
  const drawnText = clustered ? `${drawK} whole clusters` : `${N} questions`;
  const resampling: StudyConfig = {
    name: `${name}-resampling`,
    title: `Audit (resampling): interval coverage for ${options.system} at ${where}, ${epochText}`,
    description: `Generated by evalsim audit from ${options.populationFile}. Each replication draws ${drawnText} with replacement from the eval and ${epochText}; truth (${truth.note}) = the mean rate ${accuracy.toFixed(4)}.`,
    ...common,
    model: {
      name: 'itemPopulation',
      params: {
        population: options.populationFile,
        systems: [options.system],
        ...draw,
        ...epochParams,
      },
    },
    methods: [...onMeans.map(config), ...modules],
    metrics: METRICS,
  };
  const answers: StudyConfig | null =
    onAnswers.length > 0
      ? {
          name: `${name}-answers`,
          title: `Audit (resampling, one answer per question): 0/1 interval coverage for ${options.system} at ${where}`,
          description: `Generated by evalsim audit from ${options.populationFile}. The 0/1 methods, as analyze computes them on one epoch: each replication draws ${drawnText} with replacement and one recorded answer per question (Bernoulli c/k); truth = the eval's mean rate.`,
          ...common,
          model: {
            name: 'itemPopulation',
            params: { population: options.populationFile, systems: [options.system], ...draw },
          },
          methods: onAnswers.map(config),
          metrics: METRICS,
        }
      : null;
  const parametric: StudyConfig = {
    name: `${name}-parametric`,
    title: `Audit (parametric): interval coverage for a beta-binomial eval like ${options.system}`,
    description: `Generated by evalsim audit from ${options.populationFile}: beta-binomial clusters with the eval's ${clustered ? `${K} cluster sizes` : `${N} single questions`}, accuracy p = ${accuracy.toFixed(4)} and ICC ρ = ${icc.toFixed(4)} (ANOVA on the per-question rates), one answer per question (a beta-binomial has no question-level truth for epochs to repeat${graded ? "; its answers are 0/1, not the eval's graded scores" : ''}); truth = p.`,
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
    // The hierarchical beta-binomial (≈ 0.5 s a fit) is audited once, on the eval's own clusters,
    // unless named in --methods.
    methods: [
      ...chosen
        .filter((m) => options.methods !== undefined || m.id !== 'hierarchicalBetaBinomial')
        .map(config),
      ...modules,
    ],
    metrics: METRICS,
  };
  // Analyze's headline test for the structure first (headlineRule.ts), then the others users run.
  const pairedTests = [
    ...(clustered
      ? [
          {
            id: 'pairedCr2',
            label: 'paired clustered CR2 t (analyze’s test)',
            headline: true,
            config: { id: 'pairedCr2', method: 'pairedClusteredTest', estimator: 'cr2' },
          },
          {
            id: 'pairedClustered',
            label: 'paired clustered CR1 t(K−1)',
            headline: false,
            config: { id: 'pairedClustered', method: 'pairedClusteredTest' },
          },
        ]
      : !binary
        ? [
            {
              id: 'pairedT',
              label: graded ? 'paired t (analyze’s test)' : 'paired t on epoch means (analyze’s test)',
              headline: true,
              config: { id: 'pairedT', method: 'pairedNaiveTest', critical: 't' },
            },
          ]
        : [
            {
              id: 'mcnemarChi2',
              label: 'McNemar χ² (analyze’s test)',
              headline: true,
              config: { id: 'mcnemarChi2', method: 'mcnemarScoreTest' },
            },
          ]),
    ...(binary
      ? [
          {
            id: 'mcnemar',
            label: 'exact McNemar',
            headline: false,
            config: { id: 'mcnemar', method: 'mcnemarExact' },
          },
        ]
      : []),
    {
      id: 'pairedZ',
      label: 'paired z',
      headline: false,
      config: { id: 'pairedZ', method: 'pairedNaiveTest' },
    },
    ...(binary
      ? [
          {
            id: 'unpaired',
            label: 'unpaired z',
            headline: false,
            config: { id: 'unpaired', method: 'unpairedTwoProportionTest' },
          },
        ]
      : []),
  ];
  const paired: StudyConfig = {
    name: `${name}-paired`,
    title: `Audit (paired tests): false wins between identical copies of ${options.system}${gap !== null ? ` and power at the observed gap to ${options.versus}` : ''}`,
    description: `Generated by evalsim audit from ${options.populationFile}. Model itemPopulationShifted (mixture shift), ${epochText}: systems [${options.system}] with delta 0 = two identical copies answering independently${copiesAnswerAlike ? ' (with one answer from 0/1 rates they answer alike: no false win can occur)' : ''}${gap !== null ? `; [${options.system}, ${options.versus}] with delta ${gap} = the observed gap (power)` : ''}. power / false-win rate = share of replications with p < ${+(1 - level).toFixed(6)}.`,
    ...common,
    model: {
      name: 'itemPopulationShifted',
      params: {
        population: options.populationFile,
        shift: 'mixture',
        ...draw,
        ...epochParams,
      },
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
  const headline = auditIdOfHeadline(
    headlineRule({ questions: N, clusters: clustered ? drawK : 0, binaryScores: binary }).system,
  );
  return {
    facts: {
      scores: graded ? 'graded' : 'binary',
      questions: N,
      clusters: K,
      clustered,
      simulatedClusters: drawK,
      accuracy,
      icc,
      epochs,
      truth: { mode: truth.applied ? 'shrunk' : 'observed', note: truth.note },
      copiesAnswerAlike,
      gap,
      pair: pairAsAnalyzed,
      correlation: rho,
    },
    methods: [...chosen.map((m) => m.id), ...modules.map((m) => m.id as string)],
    resampling,
    answers,
    parametric,
    paired,
    pairedTests: pairedTests.map(({ id, label, headline: h }) => ({ id, label, headline: h })),
    headline,
    level,
    hbbReplications: chosen.some((m) => m.id === 'hierarchicalBetaBinomial') ? hbbReplications : null,
    notOffered: graded
      ? {
          intervals: AUDIT_INTERVALS.filter((m) => m.binaryOnly && (clustered || !m.clustered)).map(
            (m) => m.id,
          ),
          pairedTests: BINARY_PAIRED,
          reason:
            "the eval's scores are graded (not 0/1): these intervals and tests count right answers (a binomial or beta-binomial law, a 2×2 table of discordant answers) and are not defined on graded scores, so analyze does not report them and the audit does not run them",
        }
      : null,
  };
}
