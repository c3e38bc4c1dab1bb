/**
 * Reruns of an eval (model `evalReruns`, data `systemCopiesScores`): what a leaderboard of the
 * eval's own systems would look like if the eval were run again — the meaning of "the chance
 * this system ranks first". Each replication
 *
 *   rerun 'questions' (default): draws a new eval from the eval — its number of questions with
 *     replacement, or (`unit: 'clusters'`) its number of whole clusters with replacement, every
 *     question of a drawn cluster included (a cluster drawn twice is two clusters) — and
 *   rerun 'answers': keeps the eval's own questions (answer noise only: a narrower question,
 *     "if these very questions were asked again"; degenerate with one epoch: every rate 0 or 1),
 *
 * then answers every drawn question `epochs` times per system, right with probability p_sq,
 * the question's true rate for that system: the observed c/k (`truth: 'observed'`), or the
 * method-of-moments estimate with the within-question noise removed (`'shrunk'`, shrunkRates.ts,
 * jointly over the systems, so their pairing is kept). Entry totals count right answers
 * (epoch means × epochs: ranks by the epoch means, as analyze); with one epoch the paired 2×2
 * counts are filled (McNemar); and per pair the epoch-mean differences (`differences`, with
 * cluster totals when clusters are drawn) feed analyze's headline test (leaderboardPairs
 * `test: 'headline'`). truth = the number of pairs of systems whose true accuracies differ.
 * Kept answers (`keep: ['answers']`) hold each system's right answers of `epochs` per question;
 * they are not kept for cluster draws (the number of questions varies).
 */
import type { PairDifferences, SystemCopiesScores } from '../base/dataKinds.js';
import { defineModel } from '../base/defineModel.js';
import { ConfigError } from '../base/errors.js';
import { type OptionValues, readOption } from '../base/options.js';
import type { RandomStream } from '../base/randomStream.js';
import type { AnswerSheet, DataSource, StudyContext } from '../base/roles.js';
import { type ClusterMembers, clusterMembers } from '../population/clusterMembers.js';
import { POPULATION_PARAM, readPopulationFile, refuseGradedSystems } from './support/populationFile.js';
import { shrunkRates } from './support/shrunkRates.js';

export interface EvalRerunsParams {
  readonly copies: number;
  readonly entries: readonly string[];
  readonly questionCount: number;
  readonly rerun: 'questions' | 'answers';
  readonly unit: 'questions' | 'clusters';
  /** Questions (unit questions) or clusters drawn per replication. */
  readonly draws: number;
  readonly epochs: number;
  /** p at [q · S + s]. */
  readonly rates: Float64Array;
  readonly members: ClusterMembers;
  readonly clusterCount: number;
  /** Most questions one replication can hold. */
  readonly maxQuestions: number;
  readonly truthNote: string;
  readonly truth: number;
  readonly sheet: AnswerSheet;
  readonly source: DataSource;
}

const PARAMS = {
  population: POPULATION_PARAM,
  systems: { type: 'strings', required: true, description: 'The systems on the board (at least two).' },
  rerun: {
    type: 'choice',
    values: ['questions', 'answers'],
    default: 'questions',
    description:
      "questions: each replication draws a new eval from the eval (questions or whole clusters, with replacement) and answers it; answers: the eval's own questions answered again (answer noise only).",
  },
  unit: {
    type: 'choice',
    values: ['questions', 'clusters'],
    default: 'questions',
    description: 'What a rerun draws: questions, or whole clusters.',
  },
  n: {
    type: 'integer',
    min: 1,
    description: "Questions per rerun (unit questions; default the eval's count).",
  },
  clusters: {
    type: 'integer',
    min: 2,
    description: "Clusters per rerun (unit clusters; default the eval's count).",
  },
  epochs: { type: 'integer', min: 1, max: 1000, default: 1, description: 'Answers per question and system.' },
  truth: {
    type: 'choice',
    values: ['observed', 'shrunk'],
    default: 'observed',
    description:
      "Each question's true rate: its observed c/k, or the method-of-moments estimate (shrunkRates.ts).",
  },
} as const;

export function parseEvalReruns(
  params: OptionValues<typeof PARAMS>,
  context: StudyContext,
): EvalRerunsParams {
  const { file, population, sha256 } = readPopulationFile(params.population, context);
  const known = [...population.systems.keys()].join(', ');
  const systems = params.systems.map((name, j) => {
    const s = population.systems.get(name);
    if (!s) throw new ConfigError(`systems[${j}]`, name, `a system of ${population.source}: ${known}`);
    return s;
  });
  if (systems.length < 2 || new Set(params.systems).size !== systems.length)
    throw new ConfigError('systems', params.systems, 'two or more distinct systems');
  refuseGradedSystems(systems, 'systems', population, 'evalReruns');
  const Q = population.questionCount;
  const K = population.clusterNames.length;
  if (params.unit === 'clusters' && !(K >= 2 && K < Q))
    throw new ConfigError('unit', 'clusters', `"questions": ${population.source} has no clusters`);
  const draws =
    params.unit === 'clusters'
      ? readOption('clusters', params.clusters, { ...PARAMS.clusters, default: K })
      : readOption('n', params.n, { ...PARAMS.n, default: Q });
  if (params.rerun === 'answers' && (params.n !== undefined || params.clusters !== undefined))
    throw new ConfigError(
      'rerun',
      'answers',
      '"questions" to draw n questions or clusters (answers keeps the eval\'s own)',
    );
  const S = systems.length;
  const shrunk = params.truth === 'shrunk' ? shrunkRates(systems, population.clusterIndex) : undefined;
  const rates = new Float64Array(Q * S);
  const means: number[] = [];
  for (let s = 0; s < S; s++) {
    const r = shrunk?.rates[s] ?? Float64Array.from(systems[s].correct, (c, i) => c / systems[s].k[i]);
    let m = 0;
    for (let q = 0; q < Q; q++) {
      rates[q * S + s] = r[q];
      m += r[q] / Q;
    }
    means.push(m);
  }
  let truth = 0;
  for (let a = 0; a < S; a++) for (let b = a + 1; b < S; b++) if (means[a] !== means[b]) truth++;
  const members = clusterMembers(population);
  const sizes = Array.from({ length: K }, (_, c) => members.starts[c + 1] - members.starts[c]).sort(
    (x, y) => y - x,
  );
  const maxQuestions =
    params.rerun === 'answers' ? Q : params.unit === 'clusters' ? draws * (sizes[0] ?? 1) : draws;
  return {
    copies: S,
    entries: params.systems,
    questionCount: Q,
    rerun: params.rerun,
    unit: params.unit,
    draws,
    epochs: params.epochs,
    rates,
    members,
    clusterCount: K,
    maxQuestions,
    truthNote: shrunk?.note ?? "each question's observed rate c/k",
    truth,
    sheet: {
      systems: S,
      slots: params.rerun === 'answers' ? Q : draws,
      questionIds: population.questions,
      clusters: { names: population.clusterNames, ofQuestion: population.clusterIndex },
    },
    source: { file, sha256, systems: params.systems },
  };
}

interface RerunBuffers extends SystemCopiesScores {
  readonly differences: PairDifferences;
  /** Right answers (of `epochs`) of each system to the current question. */
  readonly row: Int32Array;
}

function allocate(params: EvalRerunsParams, keep: boolean): RerunBuffers {
  if (keep && params.unit === 'clusters' && params.rerun === 'questions')
    throw new ConfigError(
      'unit',
      'clusters',
      '"questions" to keep answers (a rerun of whole clusters has a varying number of questions)',
    );
  const S = params.copies;
  const pairCount = (S * (S - 1)) / 2;
  const clustered =
    params.unit === 'clusters' ||
    (params.rerun === 'answers' && params.clusterCount >= 2 && params.clusterCount < params.questionCount);
  const maxClusters = clustered ? (params.rerun === 'answers' ? params.clusterCount : params.draws) : 0;
  const slots = params.sheet.slots;
  return {
    kind: 'systemCopiesScores',
    copies: S,
    pairCount,
    itemCount: 0,
    totals: new Int32Array(S),
    onlyFirst: new Int32Array(pairCount),
    onlySecond: new Int32Array(pairCount),
    answers: keep ? new Uint8Array(S * slots) : null,
    questions: keep ? new Int32Array(slots) : null,
    differences: {
      epochs: params.epochs,
      questions: 0,
      sums: new Float64Array(pairCount),
      squares: new Float64Array(pairCount),
      clusterTotals: clustered ? new Float64Array(pairCount * maxClusters) : null,
      clusterSizes: clustered ? new Float64Array(maxClusters) : null,
      maxClusters,
      clusterCount: 0,
    },
    row: new Int32Array(S),
  };
}

/** Answers question q (slot `slot` of cluster slot `cluster`) for every system and adds it up. */
function answer(
  params: EvalRerunsParams,
  rng: RandomStream,
  d: RerunBuffers,
  q: number,
  slot: number,
  cluster: number,
): void {
  const S = params.copies;
  const E = params.epochs;
  const { row, totals, onlyFirst, onlySecond } = d;
  const diff = d.differences;
  for (let s = 0; s < S; s++) {
    const p = params.rates[q * S + s];
    let right = 0;
    if (p >= 1) right = E;
    else if (p > 0) for (let e = 0; e < E; e++) right += rng.bernoulli(p);
    row[s] = right;
    totals[s] += right;
  }
  let k = 0;
  for (let a = 0; a < S; a++) {
    for (let b = a + 1; b < S; b++, k++) {
      const delta = (row[a] - row[b]) / E;
      if (delta === 0) continue;
      diff.sums[k] += delta;
      diff.squares[k] += delta * delta;
      if (diff.clusterTotals) diff.clusterTotals[k * diff.maxClusters + cluster] += delta;
      if (E === 1) {
        if (delta > 0) onlyFirst[k]++;
        else onlySecond[k]++;
      }
    }
  }
  if (diff.clusterSizes) diff.clusterSizes[cluster]++;
  if (d.answers !== null) {
    const slots = params.sheet.slots;
    (d.questions as Int32Array)[slot] = q;
    for (let s = 0; s < S; s++) d.answers[s * slots + slot] = row[s];
  }
}

function generate(params: EvalRerunsParams, rng: RandomStream, data: SystemCopiesScores): void {
  const d = data as RerunBuffers;
  const diff = d.differences;
  d.totals.fill(0);
  d.onlyFirst.fill(0);
  d.onlySecond.fill(0);
  diff.sums.fill(0);
  diff.squares.fill(0);
  diff.clusterTotals?.fill(0);
  diff.clusterSizes?.fill(0);
  let questions = 0;
  let clusters = 0;
  const { starts, members } = params.members;
  if (params.rerun === 'answers') {
    for (let c = 0; c < params.clusterCount; c++)
      for (let m = starts[c]; m < starts[c + 1]; m++)
        answer(params, rng, d, members[m], questions++, diff.clusterTotals ? c : 0);
    clusters = diff.clusterTotals ? params.clusterCount : 0;
  } else if (params.unit === 'clusters') {
    for (let t = 0; t < params.draws; t++) {
      const c = rng.index(params.clusterCount);
      for (let m = starts[c]; m < starts[c + 1]; m++) answer(params, rng, d, members[m], questions++, t);
    }
    clusters = params.draws;
  } else {
    for (let t = 0; t < params.draws; t++)
      answer(params, rng, d, rng.index(params.questionCount), questions++, 0);
  }
  diff.questions = questions;
  diff.clusterCount = clusters;
  d.itemCount = questions * params.epochs;
}

export const evalReruns = defineModel({
  name: 'evalReruns',
  description:
    'Reruns of an eval for a leaderboard of its systems: each replication draws new questions (or whole clusters) from the eval with replacement — or keeps them (rerun: answers) — and answers each epochs times per system with its true rate (observed, or shrunk). Params: population, systems, rerun, unit, n | clusters, epochs, truth. truth = number of truly different pairs.',
  dataKind: 'systemCopiesScores',
  params: PARAMS,
  parse: parseEvalReruns,
  allocate: (params: EvalRerunsParams) => allocate(params, false),
  generate,
  truth: (params) => params.truth,
  answers: {
    allocate: (params: EvalRerunsParams) => allocate(params, true),
    sheet: (params) => params.sheet,
    read: (data) => ({ answers: data.answers as Uint8Array, questions: data.questions as Int32Array }),
  },
  dataSources: (params) => [params.source],
});
