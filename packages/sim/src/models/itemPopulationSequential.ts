/**
 * Two systems' answers to an item population's questions arriving one by one (model
 * `itemPopulationSequential`, data `sequentialPairedCounts` with a look after every question):
 * a sequential gate audited on the user's own eval (`evalsim audit --looks`, `plan --looks`'s
 * simulated check). Each replication is a stream of `questions` questions resampled from the
 * eval with replacement, in a uniformly random arrival order, each answered once by A and once
 * by B (Bernoulli of its rates c/k, independent given the question — with one 0/1 answer per
 * question, exactly the recorded pair):
 *
 *  - `resample: 'questions'` (default): the stream's questions are independent uniform draws, so
 *    its outcomes are i.i.d. over {only A right, only B right, concordant} with the population
 *    means p10 = mean_i p_iA(1 − p_iB), p01 = mean_i (1 − p_iA)p_iB; drawn exactly so, one uniform
 *    per question (first right when u < p10, second when u < p10 + p01);
 *  - `resample: 'clusters'`: whole clusters drawn uniformly with replacement until they hold at
 *    least `questions` questions, then `questions` of their questions taken in a uniformly random
 *    order (partial Fisher–Yates) — a shuffled eval whose questions come from a cluster bootstrap,
 *    so the dependence within clusters reaches the stream as it would a real eval's.
 *
 * `hypothesis: 'null'` makes the two systems exchangeable: their labels are swapped with
 * probability ½ per question, so p10 = p01 and truth = 0. (Not per cluster: flipping a whole
 * cluster's differences would hand every subject the eval's whole gap, one way or the other —
 * a spread of subject-level gaps far wider than the eval shows; with 57 subjects of seed 000 it
 * put an O'Brien–Fleming gate's false wins at 22%.) 'observed' keeps them, truth =
 * mean_i p_iA − mean_i p_iB, which the stream's mean estimates consistently (with clusters a
 * ratio: E[Σ d]/E[questions] over uniformly drawn clusters). With `delta`, B's rates are first shifted so that
 * the gap is exactly delta (itemPopulationShifted's logit or mixture shift, imposedGap.ts; one
 * system: B is a shifted copy of A), as `plan` imposes its planned gap; truth = delta.
 *
 * Parameters: population, systems ([A, B], or [A] with delta), questions, resample, hypothesis,
 * delta, shift. `generate` is allocation-free.
 */
import type { SequentialPairedCounts } from '../base/dataKinds.js';
import { defineModel } from '../base/defineModel.js';
import { ConfigError } from '../base/errors.js';
import { MAX_ARRAY_LENGTH } from '../base/limits.js';
import type { OptionValues } from '../base/options.js';
import type { RandomStream } from '../base/randomStream.js';
import type { DataSource, StudyContext } from '../base/roles.js';
import { type ClusterMembers, clusterMembers } from '../population/clusterMembers.js';
import { ITEM_POPULATION_PARAMS, parseItemPopulation } from './itemPopulationModel.js';
import { parseItemPopulationShifted } from './itemPopulationShifted.js';
import { GAP_SHIFTS } from './support/imposedGap.js';
import { readPopulationFile, refuseGradedSystems } from './support/populationFile.js';

export const SEQUENTIAL_HYPOTHESES = ['observed', 'null'] as const;

export interface ItemPopulationSequentialParams {
  readonly questions: number;
  readonly resample: 'questions' | 'clusters';
  readonly hypothesis: (typeof SEQUENTIAL_HYPOTHESES)[number];
  /** Per question: P(A right), P(B right) (B shifted when delta is given). */
  readonly ratesA: Float64Array;
  readonly ratesB: Float64Array;
  /** Population means of P(only A right) and P(only B right) (symmetrised under the null). */
  readonly onlyFirst: number;
  readonly onlySecond: number;
  readonly members: ClusterMembers;
  /** The most questions of one cluster (the scratch's slack). */
  readonly largestCluster: number;
  readonly truth: number;
  readonly source: DataSource;
}

const PARAMS = {
  population: ITEM_POPULATION_PARAMS.population,
  systems: {
    ...ITEM_POPULATION_PARAMS.systems,
    description:
      'The two systems [A, B] (first minus second), or one system A with delta (B = a shifted copy).',
  },
  questions: {
    type: 'integer',
    min: 1,
    max: MAX_ARRAY_LENGTH,
    required: true,
    description: 'Questions in each stream (a look after every one).',
  },
  resample: {
    type: 'choice',
    values: ['questions', 'clusters'],
    default: 'questions',
    description:
      'Draw single questions, or whole clusters (then their questions in a uniformly random order).',
  },
  hypothesis: {
    type: 'choice',
    values: SEQUENTIAL_HYPOTHESES,
    default: 'observed',
    description:
      "'observed': the systems as recorded (truth = the gap); 'null': labels swapped with probability ½ per question, truth 0.",
  },
  delta: {
    type: 'number',
    min: -1,
    minExclusive: true,
    max: 1,
    maxExclusive: true,
    description: "Impose this gap A − B by shifting B's rates (as plan does); default: the eval's own.",
  },
  shift: {
    type: 'choice',
    values: GAP_SHIFTS,
    default: 'logit',
    description: "With delta: how B's rates move (logit by Brent's method, or the closed-form mixture).",
  },
} as const;

function mean(values: Float64Array): number {
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

function parse(params: OptionValues<typeof PARAMS>, context: StudyContext): ItemPopulationSequentialParams {
  const common = {
    population: params.population,
    systems: params.systems,
    n: params.questions,
    clusters: undefined,
    replace: true,
    answer: 'recorded' as const,
    design: 'paired' as const,
    pooled: false,
    epochs: 1,
    truth: 'observed' as const,
  };
  if (params.delta === undefined && params.systems.length !== 2)
    throw new ConfigError('systems', params.systems, 'two systems [A, B] (or one system A with delta)');
  const { population } = readPopulationFile(params.population, context);
  refuseGradedSystems(
    params.systems.flatMap((name) => population.systems.get(name) ?? []),
    'systems',
    population,
    'itemPopulationSequential',
  );
  const base =
    params.delta !== undefined
      ? parseItemPopulationShifted({ ...common, delta: params.delta, shift: params.shift }, context)
      : parseItemPopulation(common, context, 2);
  const ratesA = base.scoresA;
  const ratesB = base.scoresB as Float64Array;
  let p10 = 0;
  let p01 = 0;
  for (let i = 0; i < ratesA.length; i++) {
    p10 += ratesA[i] * (1 - ratesB[i]);
    p01 += (1 - ratesA[i]) * ratesB[i];
  }
  p10 /= ratesA.length;
  p01 /= ratesA.length;
  const nullHypothesis = params.hypothesis === 'null';
  if (nullHypothesis) p10 = p01 = (p10 + p01) / 2;
  const members = clusterMembers(base.population);
  let largestCluster = 0;
  for (let c = 0; c + 1 < members.starts.length; c++)
    largestCluster = Math.max(largestCluster, members.starts[c + 1] - members.starts[c]);
  if (params.resample === 'clusters' && base.population.clusterNames.length < 2)
    throw new ConfigError('resample', 'clusters', `"questions": ${base.population.source} has one cluster`);
  return {
    questions: params.questions,
    resample: params.resample,
    hypothesis: params.hypothesis,
    ratesA,
    ratesB,
    onlyFirst: p10,
    onlySecond: p01,
    members,
    largestCluster,
    truth: nullHypothesis ? 0 : params.delta !== undefined ? base.truth : mean(ratesA) - mean(ratesB),
    source: base.source,
  };
}

interface StreamData extends SequentialPairedCounts {
  /** Clusters: the drawn questions' outcomes (+1 only A, −1 only B, 0 concordant), shuffled in place. */
  readonly outcomes: Int8Array;
}

function allocate(params: ItemPopulationSequentialParams): StreamData {
  const n = params.questions;
  const items = new Float64Array(n);
  for (let k = 0; k < n; k++) items[k] = k + 1;
  return {
    kind: 'sequentialPairedCounts',
    looks: n,
    items,
    onlyFirst: new Float64Array(n),
    onlySecond: new Float64Array(n),
    outcomes: new Int8Array(params.resample === 'clusters' ? n + params.largestCluster : 0),
  };
}

function generate(
  params: ItemPopulationSequentialParams,
  rng: RandomStream,
  data: SequentialPairedCounts,
): void {
  const n = params.questions;
  let b = 0;
  let c = 0;
  if (params.resample === 'questions') {
    const first = params.onlyFirst;
    const either = params.onlyFirst + params.onlySecond;
    for (let k = 0; k < n; k++) {
      const u = rng.uniform();
      if (u < first) b++;
      else if (u < either) c++;
      data.onlyFirst[k] = b;
      data.onlySecond[k] = c;
    }
    return;
  }
  const { outcomes } = data as StreamData;
  const { starts, members } = params.members;
  const { ratesA, ratesB } = params;
  const clusters = starts.length - 1;
  const swapping = params.hypothesis === 'null';
  let drawn = 0;
  while (drawn < n) {
    const cluster = rng.index(clusters);
    for (let m = starts[cluster]; m < starts[cluster + 1]; m++) {
      const q = members[m];
      const d = rng.bernoulli(ratesA[q]) - rng.bernoulli(ratesB[q]);
      outcomes[drawn++] = swapping && rng.uniform() < 0.5 ? -d : d;
    }
  }
  // n of the drawn questions in a uniformly random order (partial Fisher–Yates).
  for (let k = 0; k < n; k++) {
    const j = k + rng.index(drawn - k);
    const d = outcomes[j];
    outcomes[j] = outcomes[k];
    outcomes[k] = d;
    if (d > 0) b++;
    else if (d < 0) c++;
    data.onlyFirst[k] = b;
    data.onlySecond[k] = c;
  }
}

export const itemPopulationSequential = defineModel({
  name: 'itemPopulationSequential',
  description:
    "Two systems' answers to an item population's questions arriving one at a time: `questions` resampled questions (or questions of resampled whole clusters) in a uniformly random order, one answer each; hypothesis 'null' swaps the labels with probability ½ per question. Cumulative paired tables after every question. truth = the gap (0 under the null; delta when imposed).",
  dataKind: 'sequentialPairedCounts',
  params: PARAMS,
  parse,
  allocate,
  generate,
  truth: (params) => params.truth,
  dataSources: (params) => [params.source],
});
