/**
 * Many samples per question: Q questions, each with its own pass probability p_i, and n
 * samples of each drawn as c_i ~ Binomial(n, p_i) — the data of pass@k, pass^k and flip-rate
 * analyses (data kind multiSampleCounts). The cell's `design` names n and the functional
 * (models/support/passAtKDesign.ts: `n=16, pass@5`). Three ways to get the p_i:
 *
 *  - Beta difficulty (`a`, `b`): p_i ~ Beta(a, b) independently; c_i is drawn from its marginal
 *    law BB(n, a, b) by one uniform and a table lookup (samplers/betaBinomialTable.ts).
 *    truth = 1 − B(a, b + k)/B(a, b) for pass@k, B(a + k, b)/B(a, b) for pass^k
 *    (core betaPassAtK, betaPassHatK).
 *  - Clustered Beta difficulty (`a`, `b`, `clusters`, `clusterIcc`): the Q questions fall in K
 *    clusters of sizes as equal as possible (the first Q mod K one larger); cluster g's mean
 *    m_g ~ Beta(μκ_c, (1 − μ)κ_c), μ = a/(a + b), κ_c = 1/clusterIcc − 1; its questions
 *    p ~ Beta(m_gκ_q, (1 − m_g)κ_q), κ_q = a + b; then c ~ Binomial(n, p). truth = the
 *    two-level integral (core nestedBetaPassAtK). clusterIcc 0 makes every m_g = μ: the
 *    clusters are labels only and p_i ~ Beta(a, b) independently (truth betaPassAtK), so a
 *    grid over clusterIcc compares clustered and unclustered data with the same layout.
 *  - An eval's own questions (`population`, `system`): Q questions (default: the population's
 *    count) drawn with replacement, or with `unit: 'clusters'` K whole clusters (default: its
 *    count), each question's p_i its recorded pass rate c_i/k_i; truth = the mean over the
 *    population's questions of 1 − (1 − p_i)^k (or p_i^k) — the resampling audit of
 *    `evalsim audit --k` (yourEval/).
 *
 * Every sample count is n (the design's); `generate` is allocation-free.
 */
import { betaPassAtK, betaPassHatK, nestedBetaPassAtK, pow } from '@evalsim/core';
import type { MultiSampleCounts } from '../base/dataKinds.js';
import { defineModel } from '../base/defineModel.js';
import { ConfigError } from '../base/errors.js';
import { MAX_ARRAY_LENGTH } from '../base/limits.js';
import type { OptionValues } from '../base/options.js';
import { createPassAtKValues, fillPassAtKValues } from '../base/passAtKValues.js';
import type { RandomStream } from '../base/randomStream.js';
import type { DataSource } from '../base/roles.js';
import { type ClusterMembers, clusterMembers } from '../population/clusterMembers.js';
import { populationSystem } from '../population/itemPopulation.js';
import { BETA_BINOMIAL_TABLE_MAX_N, fillBetaBinomialTable } from '../samplers/betaBinomialTable.js';
import { DiscreteTable } from '../samplers/discreteTable.js';
import { type PassAtKDesign, parsePassAtKDesign } from './support/passAtKDesign.js';
import { POPULATION_PARAM, readPopulationFile, refuseGradedSystems } from './support/populationFile.js';

const PARAMS = {
  design: {
    type: 'string',
    required: true,
    allowed: 'a design such as "n=16, pass@5", "n=64, pass^10" or "Q=500, n=16, pass@1"',
    description:
      'Samples per question and the functional: "n=16, pass@5", "n=64, pass^10" (optionally "Q=…, " first).',
  },
  questions: {
    type: 'integer',
    min: 2,
    max: MAX_ARRAY_LENGTH,
    description:
      'Questions Q per replication (or Q=… in the design; default with a population: its question count).',
  },
  a: { type: 'number', min: 0, minExclusive: true, description: 'Beta difficulty: p_i ~ Beta(a, b).' },
  b: { type: 'number', min: 0, minExclusive: true, description: 'Beta difficulty: p_i ~ Beta(a, b).' },
  clusters: {
    type: 'integer',
    min: 2,
    max: MAX_ARRAY_LENGTH,
    description: 'Clusters K (Beta difficulty: questions split evenly; population: whole clusters drawn).',
  },
  clusterIcc: {
    type: 'number',
    min: 0,
    max: 1,
    maxExclusive: true,
    description:
      'With Beta difficulty and clusters: ρ_c = 1/(κ_c + 1) of the cluster means m_g ~ Beta(μκ_c, (1 − μ)κ_c); 0 = every m_g = μ.',
  },
  population: { ...POPULATION_PARAM, required: false },
  system: { type: 'string', description: 'The population system whose pass rates c_i/k_i are the p_i.' },
  unit: {
    type: 'choice',
    values: ['questions', 'clusters'],
    default: 'questions',
    description: 'With a population: draw questions, or whole clusters, with replacement.',
  },
} as const;

type Mode =
  | { readonly kind: 'beta'; readonly a: number; readonly b: number }
  | {
      readonly kind: 'clusteredBeta';
      readonly a: number;
      readonly b: number;
      readonly clusterAlpha: number;
      readonly clusterBeta: number;
      readonly concentration: number;
      /** Cluster of question i. */
      readonly clusterOf: Int32Array;
    }
  | {
      readonly kind: 'population';
      readonly rates: Float64Array;
      readonly unit: 'questions' | 'clusters';
      readonly members: ClusterMembers;
      readonly source: DataSource;
    };

export interface PassAtKSamplesParams {
  readonly design: PassAtKDesign;
  readonly samples: number;
  /** Questions per replication (unit questions), or clusters drawn (population, unit clusters). */
  readonly questions: number;
  readonly clusters: number;
  readonly mode: Mode;
  readonly truth: number;
  /** Capacity of the question arrays. */
  readonly capacity: number;
}

/** The data with the cell's lazily built beta-binomial table. */
interface SamplesData extends MultiSampleCounts {
  table: DiscreteTable | null;
  readonly uniforms: Float64Array;
}

function parse(params: OptionValues<typeof PARAMS>, baseDir: string): PassAtKSamplesParams {
  const design = parsePassAtKDesign(params.design);
  const { k, estimand, samples } = design;
  if (design.questions !== undefined && params.questions !== undefined) {
    throw new ConfigError('questions', params.questions, 'absent when the design gives Q=…');
  }
  const given = design.questions ?? params.questions;
  if (params.population !== undefined) {
    if (params.a !== undefined || params.b !== undefined || params.clusterIcc !== undefined) {
      throw new ConfigError('population', params.population, 'a population file without a, b, clusterIcc');
    }
    if (params.system === undefined)
      throw new ConfigError('system', 'undefined', 'the population system to draw');
    const { file, population, sha256 } = readPopulationFile(params.population, { baseDir });
    const system = populationSystem(population, params.system);
    refuseGradedSystems([system], 'system', population, 'passAtKSamples');
    const rates = new Float64Array(population.questionCount);
    let truth = 0;
    for (let i = 0; i < rates.length; i++) {
      const p = system.correct[i] / system.k[i];
      rates[i] = p;
      truth += estimand === 'passAtK' ? 1 - pow(1 - p, k) : pow(p, k);
    }
    truth /= rates.length;
    const members = clusterMembers(population);
    const unit = params.unit;
    let capacity: number;
    let questions: number;
    let clusters = 0;
    if (unit === 'clusters') {
      if (given !== undefined)
        throw new ConfigError('questions', given, 'absent with unit "clusters" (clusters are drawn whole)');
      clusters = params.clusters ?? population.clusterNames.length;
      let largest = 0;
      for (let c = 0; c < population.clusterNames.length; c++) {
        largest = Math.max(largest, members.starts[c + 1] - members.starts[c]);
      }
      capacity = clusters * largest;
      questions = clusters;
    } else {
      if (params.clusters !== undefined)
        throw new ConfigError('clusters', params.clusters, 'only with unit "clusters"');
      questions = given ?? population.questionCount;
      capacity = questions;
    }
    return {
      design,
      samples,
      questions,
      clusters,
      mode: { kind: 'population', rates, unit, members, source: { file, sha256, systems: [params.system] } },
      truth,
      capacity,
    };
  }
  if (params.a === undefined || params.b === undefined) {
    throw new ConfigError(
      params.a === undefined ? 'a' : 'b',
      'undefined',
      'Beta shapes a, b > 0 (or a population file)',
    );
  }
  if (params.system !== undefined)
    throw new ConfigError('system', params.system, 'only with a population file');
  if (given === undefined)
    throw new ConfigError('questions', 'undefined', 'an integer ≥ 2 (or Q=… in the design)');
  const { a, b } = params;
  if (params.clusters === undefined) {
    if (params.clusterIcc !== undefined)
      throw new ConfigError('clusterIcc', params.clusterIcc, 'only with clusters');
    const truth = estimand === 'passAtK' ? betaPassAtK(a, b, k) : betaPassHatK(a, b, k);
    return {
      design,
      samples,
      questions: given,
      clusters: 0,
      mode: { kind: 'beta', a, b },
      truth,
      capacity: given,
    };
  }
  if (params.clusterIcc === undefined)
    throw new ConfigError('clusterIcc', 'undefined', 'a number in (0, 1) with clusters');
  const K = params.clusters;
  if (K > given) throw new ConfigError('clusters', K, `at most the questions (${given})`);
  const mu = a / (a + b);
  const icc = params.clusterIcc;
  const concentration = icc === 0 ? Number.POSITIVE_INFINITY : 1 / icc - 1;
  const clusterOf = new Int32Array(given);
  const base = Math.floor(given / K);
  const extra = given % K;
  let q = 0;
  for (let g = 0; g < K; g++) for (let j = 0; j < base + (g < extra ? 1 : 0); j++) clusterOf[q++] = g;
  return {
    design,
    samples,
    questions: given,
    clusters: K,
    mode: {
      kind: 'clusteredBeta',
      a,
      b,
      clusterAlpha: mu * concentration,
      clusterBeta: (1 - mu) * concentration,
      concentration: a + b,
      clusterOf,
    },
    truth:
      icc === 0
        ? estimand === 'passAtK'
          ? betaPassAtK(a, b, k)
          : betaPassHatK(a, b, k)
        : nestedBetaPassAtK(mu, concentration, a + b, k, estimand),
    capacity: given,
  };
}

function allocate(params: PassAtKSamplesParams): SamplesData {
  const { mode, capacity } = params;
  const clustered = mode.kind === 'clusteredBeta' || (mode.kind === 'population' && mode.unit === 'clusters');
  return {
    kind: 'multiSampleCounts',
    questionCount: 0,
    correct: new Int32Array(capacity),
    samples: new Int32Array(capacity).fill(params.samples),
    clusterOf: mode.kind === 'clusteredBeta' ? mode.clusterOf : clustered ? new Int32Array(capacity) : null,
    clusterCount: params.clusters,
    k: params.design.k,
    estimand: params.design.estimand,
    table: null,
    uniforms: new Float64Array(mode.kind === 'beta' ? capacity : 0),
  };
}

function generate(params: PassAtKSamplesParams, rng: RandomStream, data: SamplesData): void {
  const { mode, samples: n } = params;
  const correct = data.correct;
  if (mode.kind === 'beta') {
    const Q = params.questions;
    if (data.table === null && n <= BETA_BINOMIAL_TABLE_MAX_N) {
      const table = new DiscreteTable(64, 4096);
      if (fillBetaBinomialTable(table, n, mode.a, mode.b)) data.table = table;
    }
    const table = data.table;
    if (table !== null) {
      rng.fillUniform(data.uniforms, Q);
      for (let i = 0; i < Q; i++) correct[i] = table.quantile(data.uniforms[i]);
    } else {
      for (let i = 0; i < Q; i++) correct[i] = rng.binomial(n, rng.beta(mode.a, mode.b));
    }
    data.questionCount = Q;
    return;
  }
  if (mode.kind === 'clusteredBeta') {
    const Q = params.questions;
    const of = mode.clusterOf;
    let g = -1;
    let alpha = 0;
    let beta = 0;
    for (let i = 0; i < Q; i++) {
      if (of[i] !== g) {
        g = of[i];
        const m = Number.isFinite(mode.clusterAlpha)
          ? rng.beta(mode.clusterAlpha, mode.clusterBeta)
          : mode.a / (mode.a + mode.b);
        alpha = m * mode.concentration;
        beta = (1 - m) * mode.concentration;
      }
      // A cluster mean at 0 or 1 (rounding of a U-shaped law) leaves its questions all failing / passing.
      const p = alpha <= 0 ? 0 : beta <= 0 ? 1 : rng.beta(alpha, beta);
      correct[i] = rng.binomial(n, p);
    }
    data.questionCount = Q;
    return;
  }
  const rates = mode.rates;
  if (mode.unit === 'questions') {
    const Q = params.questions;
    for (let i = 0; i < Q; i++) correct[i] = rng.binomial(n, rates[rng.index(rates.length)]);
    data.questionCount = Q;
    return;
  }
  const { starts, members } = mode.members;
  const of = data.clusterOf as Int32Array;
  const K = starts.length - 1;
  let q = 0;
  for (let g = 0; g < params.clusters; g++) {
    const c = rng.index(K);
    for (let j = starts[c]; j < starts[c + 1]; j++) {
      correct[q] = rng.binomial(n, rates[members[j]]);
      of[q++] = g;
    }
  }
  data.questionCount = q;
}

/**
 * How many questions (and clusters) carry the distance of the estimate from its nearer bound:
 * with x_i = 1 − ĝ_i when ĝ ≥ 1/2 (pass@k near its ceiling rests on the failing questions), else
 * x_i = ĝ_i, the inverse Herfindahl (Σ x)²/Σ x² over questions and over cluster sums of x (NaN
 * without clusters). Few such units is where question-level intervals undercover (the
 * `pass-at-k` study reports their mean per cell; `evalsim analyze` flags an eval below 10).
 */
function createDiagnostics() {
  const values = createPassAtKValues();
  let sums = new Float64Array(0);
  return {
    names: ['rareSideQuestions', 'rareSideClusters'],
    measure(data: MultiSampleCounts, out: Float64Array): void {
      const Q = data.questionCount;
      const mean = fillPassAtKValues(data, values);
      const high = mean >= 0.5;
      let s = 0;
      let s2 = 0;
      for (let i = 0; i < Q; i++) {
        const x = high ? 1 - values.values[i] : values.values[i];
        s += x;
        s2 += x * x;
      }
      out[0] = s2 > 0 ? (s * s) / s2 : 0;
      out[1] = Number.NaN;
      const of = data.clusterOf;
      if (of === null) return;
      if (sums.length < data.clusterCount) sums = new Float64Array(data.clusterCount);
      sums.fill(0, 0, data.clusterCount);
      for (let i = 0; i < Q; i++) sums[of[i]] += high ? 1 - values.values[i] : values.values[i];
      let c2 = 0;
      for (let g = 0; g < data.clusterCount; g++) c2 += sums[g] * sums[g];
      out[1] = c2 > 0 ? (s * s) / c2 : 0;
    },
  };
}

export const passAtKSamples = defineModel({
  name: 'passAtKSamples',
  description:
    'Many samples per question: n samples c_i ~ Binomial(n, p_i) of Q questions, p_i ~ Beta(a, b) (optionally in clusters) ' +
    "or an eval's own pass rates; the design names n and pass@k / pass^k. truth = the population value.",
  dataKind: 'multiSampleCounts',
  params: PARAMS,
  parse: (params, context) => parse(params, context.baseDir),
  allocate,
  generate,
  truth: (params) => params.truth,
  diagnostics: createDiagnostics(),
  dataSources: (params) => (params.mode.kind === 'population' ? [params.mode.source] : []),
});
