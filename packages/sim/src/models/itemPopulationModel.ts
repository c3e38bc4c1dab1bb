/**
 * Evals drawn from an item population file (population/): each replication draws
 * `n` questions (with or without replacement) or `clusters` whole clusters, and scores
 * each drawn question for one system (model `itemPopulation` → clusteredScores) or two
 * systems on the same questions (model `itemPopulationPaired` → pairedClusteredScores;
 * two definitions because a model has one data kind).
 *
 * Score of question i for a system with c_i right of k_i recorded answers (`answer`):
 *  - 'recorded' (default): one of its recorded answers — a Bernoulli(c_i/k_i) draw, which is
 *    exactly the distribution of picking one of its k_i recorded answers uniformly at random
 *    (P(right) = c_i/k_i). In the paired model the two systems' draws are independent given
 *    the question, as two separately recorded answers are.
 *  - 'rate': the rate c_i/k_i itself as a fractional score (no randomness within a question).
 *  - 'first': the first recorded answer (`first_<system>` column), no randomness within a question.
 *
 * Draws: `n` questions uniformly, without replacement (partial Fisher–Yates, undone after
 * each replication) or with (`replace: true`); or `clusters` clusters uniformly without
 * replacement (or with, as a cluster bootstrap), every question of a drawn cluster included.
 * Drawn questions are grouped by their cluster, in order of first draw; a cluster drawn twice
 * with replacement counts as two clusters.
 *
 * Two systems with replacement, `n` questions and binary answers ('recorded', 'first'): a drawn
 * question's cluster and 0/1 scores come from one inversion of a (cluster, outcome) table
 * (itemOutcomeTable.ts, which shows the joint law is the same as the index + Bernoulli draws);
 * the 'independent' design then needs only each system's total, Binomial(n, mean_i p_i), since
 * its pooled slot keeps nothing else. Both are exact shortcuts, not approximations.
 * `pooled: true` (same conditions, 'paired' design) keeps only the paired 2×2 table in one
 * slot, for studies whose methods ignore the clusters (McNemar, paired z, unpaired z): n draws
 * with replacement give outcome counts (n11, n10, n01, n00) ~ Multinomial(n; p11, p10, p01, p00)
 * with p_o the population mean of the per-question outcome probabilities, drawn exactly as
 * n11 ~ Bin(n, p11), n10 ~ Bin(n − n11, p10/(p10 + p01 + p00)), n01 ~ Bin(n − n11 − n10,
 * p01/(p01 + p00)) — three binomial draws instead of n table inversions.
 *
 * truth = the mean over the population's questions of the expected score: mean_i c_i/k_i
 * ('recorded', 'rate'; = Σc/Σk, the share of all recorded answers right, when every k_i is
 * equal — 80.1% for the MMLU stand-in's haiku_off) or mean_i first_i ('first'). Paired:
 * truth = truth(A) − truth(B).
 *
 * Parameters: `population` (path, relative to the study file), `systems` (one name for
 * itemPopulation, two [A, B] for itemPopulationPaired), exactly one of `n` / `clusters`,
 * `replace` (default false), `answer` (default 'recorded'). Each worker loads a file once
 * (cached by absolute path). `generate` is allocation-free.
 */
import type { ClusteredScores, PairedClusteredScores } from '../base/dataKinds.js';
import { defineModel } from '../base/defineModel.js';
import { ConfigError } from '../base/errors.js';
import { MAX_ARRAY_LENGTH } from '../base/limits.js';
import { type OptionValues, readOption } from '../base/options.js';
import type { RandomStream } from '../base/randomStream.js';
import type { DataSource, StudyContext } from '../base/roles.js';
import { type ClusterMembers, clusterMembers } from '../population/clusterMembers.js';
import { type ItemPopulation, populationMeanRate, type SystemResults } from '../population/itemPopulation.js';
import type { DiscreteTable } from '../samplers/discreteTable.js';
import { itemOutcomeTable } from './support/itemOutcomeTable.js';
import { POPULATION_PARAM, readPopulationFile } from './support/populationFile.js';

export const ITEM_ANSWER_MODES = ['recorded', 'rate', 'first'] as const;
export type ItemAnswerMode = (typeof ITEM_ANSWER_MODES)[number];

export interface ItemPopulationParams {
  readonly population: ItemPopulation;
  readonly systems: readonly string[];
  readonly answer: ItemAnswerMode;
  /** Per question: the Bernoulli probability ('recorded') or the fixed score ('rate', 'first'), per system. */
  readonly scoresA: Float64Array;
  readonly scoresB: Float64Array | null;
  readonly unit: 'questions' | 'clusters';
  /** Questions drawn (unit 'questions') or clusters drawn (unit 'clusters'). */
  readonly draws: number;
  readonly replace: boolean;
  /**
   * Two systems: 'paired' (default) scores both on the same drawn questions;
   * 'independent' draws a separate question set for each system — the unpaired design
   * ("1,804 questions per system"). Independent data carry one pooled slot and
   * sumProducts NaN, so only unpaired methods are meaningful (paired ones come out NaN).
   */
  readonly design: 'paired' | 'independent';
  /** Paired design: keep only the pooled 2×2 table (one slot), drawn as one multinomial. */
  readonly pooled: boolean;
  readonly members: ClusterMembers;
  /** The true value: mean expected score (difference A − B when paired). */
  readonly truth: number;
  /** The population file read (provenance of kept output). */
  readonly source: DataSource;
}

const PARAMS = {
  population: POPULATION_PARAM,
  systems: {
    type: 'strings',
    single: true,
    required: true,
    description: 'The system scored (itemPopulation), or the two systems [A, B] (itemPopulationPaired).',
  },
  n: {
    type: 'integer',
    min: 1,
    max: MAX_ARRAY_LENGTH,
    description: 'Questions drawn per replication (or give clusters).',
  },
  clusters: {
    type: 'integer',
    min: 1,
    max: MAX_ARRAY_LENGTH,
    description: 'Whole clusters drawn per replication (or give n).',
  },
  replace: { type: 'boolean', default: false, description: 'Draw with replacement.' },
  answer: {
    type: 'choice',
    values: ITEM_ANSWER_MODES,
    default: 'recorded',
    description:
      "A question's score: one recorded answer (Bernoulli c/k), the rate c/k, or the first answer.",
  },
  design: {
    type: 'choice',
    values: ['paired', 'independent'],
    default: 'paired',
    description: 'Two systems: scored on the same questions (paired), or each on its own draw (independent).',
  },
  pooled: {
    type: 'boolean',
    default: false,
    description:
      'Two systems drawn with replacement (n questions, answer recorded or first): keep only the pooled 2×2 table, one slot without clusters, drawn as one multinomial (for methods that ignore clusters).',
  },
} as const;

/** The parameters of itemPopulation / itemPopulationPaired (shared by itemPopulationShifted). */
export const ITEM_POPULATION_PARAMS = PARAMS;

function systemScores(
  system: SystemResults,
  answer: ItemAnswerMode,
  population: ItemPopulation,
): Float64Array {
  if (answer !== 'first') return Float64Array.from(system.correct, (c, i) => c / system.k[i]);
  if (!system.first) {
    throw new ConfigError(
      'answer',
      answer,
      `"recorded" or "rate": ${population.source} has no column "first_${system.name}"`,
    );
  }
  return Float64Array.from(system.first);
}

function mean(values: Float64Array): number {
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

/** Resolves one cell's checked parameters for a model of `systemCount` systems (1 or 2). */
export function parseItemPopulation(
  params: OptionValues<typeof PARAMS>,
  context: StudyContext,
  systemCount: 1 | 2,
): ItemPopulationParams {
  const { file, population, sha256 } = readPopulationFile(params.population, context);
  const systems = params.systems;
  const known = [...population.systems.keys()].join(', ');
  if (systems.length !== systemCount) {
    const other = systemCount === 1 ? 'itemPopulationPaired for two' : 'itemPopulation for one';
    throw new ConfigError(
      'systems',
      systemCount === 1 && systems.length === 1 ? systems[0] : systems,
      `a list of ${systemCount} system name(s) among ${known} (use ${other})`,
    );
  }
  if (systemCount === 2 && systems[0] === systems[1])
    throw new ConfigError('systems', systems, 'two different systems');
  const results = systems.map((name, j) => {
    const system = population.systems.get(name);
    if (!system) throw new ConfigError(`systems[${j}]`, name, `a system of ${population.source}: ${known}`);
    return system;
  });
  const { answer, replace, design } = params;
  if (design === 'independent' && systemCount !== 2) {
    throw new ConfigError('design', design, '"paired" (independent question sets need two systems)');
  }
  if ((params.n !== undefined) === (params.clusters !== undefined)) {
    throw new ConfigError(
      params.n !== undefined ? 'clusters' : 'n',
      undefined,
      'exactly one of "n" (questions) and "clusters" (whole clusters)',
    );
  }
  const unit = params.n !== undefined ? 'questions' : 'clusters';
  const available = unit === 'questions' ? population.questionCount : population.clusterNames.length;
  const name = unit === 'questions' ? 'n' : 'clusters';
  const draws = readOption(name, params[name], {
    ...PARAMS[name],
    required: true,
    ...(replace ? {} : { max: available }),
  });
  if (params.pooled && !(systemCount === 2 && replace && unit === 'questions' && answer !== 'rate')) {
    throw new ConfigError(
      'pooled',
      true,
      'false, unless two systems are drawn with replacement (replace: true) as n questions with answer "recorded" or "first"',
    );
  }
  const scoresA = systemScores(results[0], answer, population);
  const scoresB = systemCount === 2 ? systemScores(results[1], answer, population) : null;
  const truthOf = (system: SystemResults, scores: Float64Array) =>
    answer === 'first' ? mean(scores) : populationMeanRate(system);
  const truth = truthOf(results[0], scoresA) - (scoresB ? truthOf(results[1], scoresB) : 0);
  return {
    population,
    systems,
    answer,
    scoresA,
    scoresB,
    unit,
    draws,
    replace,
    design,
    pooled: params.pooled,
    members: clusterMembers(population),
    truth,
    source: { file, sha256, systems },
  };
}

// ------------------------------------------------------------------ drawing

/** Scratch buffers of a cell, reused by every replication. */
interface DrawScratch {
  /** A permutation of questions or clusters, restored after each draw without replacement. */
  readonly order: Int32Array;
  /** Swap partners of the partial Fisher–Yates shuffle, to undo it. */
  readonly swaps: Int32Array;
  /** Slot of each population cluster in this replication, −1 when not drawn. */
  readonly slotOf: Int32Array;
  /** Population cluster of each slot. */
  readonly clusterOfSlot: Int32Array;
  /** The (cluster, outcome) table when the shortcut applies (see the file comment), else null. */
  readonly outcomes: DiscreteTable | null;
}

/**
 * True when a drawn question's cluster and scores can come from the (cluster, outcome) table:
 * two systems, with replacement, `n` questions, binary answers. (One system keeps its direct
 * draws: they are one index and one Bernoulli per question, cheap at its studies' sizes, and
 * its studies' streams stay as published.)
 */
function usesOutcomeTable(params: ItemPopulationParams): boolean {
  return params.scoresB !== null && params.replace && params.unit === 'questions' && params.answer !== 'rate';
}

function allocateScratch(params: ItemPopulationParams): DrawScratch {
  const pool =
    params.unit === 'questions' ? params.population.questionCount : params.population.clusterNames.length;
  const order = new Int32Array(pool);
  for (let i = 0; i < pool; i++) order[i] = i;
  return {
    order,
    swaps: new Int32Array(params.draws),
    slotOf: new Int32Array(params.population.clusterNames.length).fill(-1),
    clusterOfSlot: new Int32Array(slotCount(params)),
    outcomes: usesOutcomeTable(params)
      ? itemOutcomeTable(
          params.population.clusterIndex,
          params.population.clusterNames.length,
          params.scoresA,
          params.scoresB as Float64Array,
        )
      : null,
  };
}

/**
 * The shortcut draw of `params.draws` questions of two systems (see the file comment): one table
 * inversion per question gives its cluster c and outcome o = 2·y_A + y_B (entry 4c + o); slots
 * are numbered in order of first draw as in {@link drawQuestions}. Fills `counts[4·slot + o]`,
 * the number of the slot's questions with outcome o; returns the number of slots. Allocation-free.
 */
function drawOutcomes(
  params: ItemPopulationParams,
  rng: RandomStream,
  scratch: DrawScratch,
  counts: Int32Array,
): number {
  const { slotOf, clusterOfSlot } = scratch;
  const { cdf, guide, guideSize } = scratch.outcomes as DiscreteTable;
  let used = 0;
  for (let t = 0; t < params.draws; t++) {
    // DiscreteTable.quantile, inlined: min{ i : cdf[i] > u }, the guide's value when its cell is
    // settled (≥ 0), else a search from its start (~entry).
    const u = rng.uniform();
    let entry = guide[Math.floor(u * guideSize)];
    if (entry < 0) {
      entry = ~entry;
      while (entry > 0 && cdf[entry - 1] > u) entry--;
      while (cdf[entry] <= u) entry++;
    }
    const cluster = entry >> 2;
    let slot = slotOf[cluster];
    if (slot < 0) {
      slot = used++;
      slotOf[cluster] = slot;
      clusterOfSlot[slot] = cluster;
      counts.fill(0, 4 * slot, 4 * slot + 4);
    }
    counts[4 * slot + (entry & 3)]++;
  }
  for (let s = 0; s < used; s++) slotOf[clusterOfSlot[s]] = -1;
  return used;
}

/** Σ_i p_i / N: the probability that one question drawn uniformly scores 1. */
function meanProbability(scores: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < scores.length; i++) sum += scores[i];
  return sum / scores.length;
}

/** Largest number of clusters one replication can hold. */
function slotCount(params: ItemPopulationParams): number {
  return params.unit === 'clusters'
    ? params.draws
    : Math.min(params.draws, params.population.clusterNames.length);
}

/**
 * Calls `visit(slot, question)` for every drawn question; returns the number of slots
 * (clusters) used. Allocation-free; the scratch permutation is restored before returning.
 */
function drawQuestions(
  params: ItemPopulationParams,
  rng: RandomStream,
  scratch: DrawScratch,
  startSlot: (slot: number) => void,
  visit: (slot: number, question: number) => void,
): number {
  const { order, swaps, slotOf, clusterOfSlot } = scratch;
  const { draws, replace } = params;
  const pool = order.length;
  if (params.unit === 'clusters') {
    const { starts, members } = params.members;
    for (let t = 0; t < draws; t++) {
      let cluster: number;
      if (replace) cluster = rng.index(pool);
      else {
        const j = t + rng.index(pool - t);
        swaps[t] = j;
        cluster = order[j];
        order[j] = order[t];
        order[t] = cluster;
      }
      startSlot(t);
      for (let m = starts[cluster]; m < starts[cluster + 1]; m++) visit(t, members[m]);
    }
    if (!replace) undoShuffle(order, swaps, draws);
    return draws;
  }
  const clusterIndex = params.population.clusterIndex;
  let used = 0;
  for (let t = 0; t < draws; t++) {
    let question: number;
    if (replace) question = rng.index(pool);
    else {
      const j = t + rng.index(pool - t);
      swaps[t] = j;
      question = order[j];
      order[j] = order[t];
      order[t] = question;
    }
    const cluster = clusterIndex[question];
    let slot = slotOf[cluster];
    if (slot < 0) {
      slot = used++;
      slotOf[cluster] = slot;
      clusterOfSlot[slot] = cluster;
      startSlot(slot);
    }
    visit(slot, question);
  }
  for (let s = 0; s < used; s++) slotOf[clusterOfSlot[s]] = -1;
  if (!replace) undoShuffle(order, swaps, draws);
  return used;
}

function undoShuffle(order: Int32Array, swaps: Int32Array, draws: number): void {
  for (let t = draws - 1; t >= 0; t--) {
    const j = swaps[t];
    const v = order[t];
    order[t] = order[j];
    order[j] = v;
  }
}

// ------------------------------------------------------------------ one system

interface ItemScores extends ClusteredScores {
  readonly scratch: DrawScratch;
  readonly startSlot: (slot: number) => void;
  readonly visit: (slot: number, question: number) => void;
  rng: RandomStream | null;
}

function allocateSingle(params: ItemPopulationParams): ItemScores {
  const slots = slotCount(params);
  const sizes = new Float64Array(slots);
  const totals = new Float64Array(slots);
  const sumSquares = new Float64Array(slots);
  const scores = params.scoresA;
  const recorded = params.answer === 'recorded';
  const data: ItemScores = {
    kind: 'clusteredScores',
    clusterCount: 0,
    itemCount: 0,
    sizes,
    totals,
    sumSquares,
    scratch: allocateScratch(params),
    rng: null,
    startSlot: (slot) => {
      sizes[slot] = 0;
      totals[slot] = 0;
      sumSquares[slot] = 0;
    },
    visit: (slot, question) => {
      const y = recorded ? (data.rng as RandomStream).bernoulli(scores[question]) : scores[question];
      sizes[slot] += 1;
      totals[slot] += y;
      sumSquares[slot] += y * y;
    },
  };
  return data;
}

function generateSingle(params: ItemPopulationParams, rng: RandomStream, data: ClusteredScores): void {
  const d = data as ItemScores;
  d.rng = rng;
  d.clusterCount = drawQuestions(params, rng, d.scratch, d.startSlot, d.visit);
  let items = 0;
  for (let s = 0; s < d.clusterCount; s++) items += d.sizes[s];
  d.itemCount = items;
  d.rng = null;
}

// ------------------------------------------------------------------ two systems

interface PairedItemScores extends PairedClusteredScores {
  readonly scratch: DrawScratch;
  readonly setPass: (pass: 0 | 1 | 2) => void;
  readonly startSlot: (slot: number) => void;
  readonly visit: (slot: number, question: number) => void;
  /** counts[4·slot + 2·y_A + y_B]: the slot's questions of each outcome (the outcome-table path). */
  readonly outcomeCounts: Int32Array;
  /**
   * The pooled table's draws: [p11, p10/(p10 + p01 + p00), p01/(p01 + p00)], p_o the mean over
   * the questions of P(outcome o) (two independent Bernoullis per question).
   */
  readonly pooledChances: Float64Array;
  /** P(score 1) of one uniformly drawn question, per system (the independent design's shortcut). */
  readonly meanA: number;
  readonly meanB: number;
  rng: RandomStream | null;
}

function allocatePaired(params: ItemPopulationParams): PairedItemScores {
  const slots = slotCount(params);
  const arrays = Array.from({ length: 6 }, () => new Float64Array(slots));
  const [sizes, totalsA, totalsB, sumSquaresA, sumSquaresB, sumProducts] = arrays;
  const a = params.scoresA;
  const b = params.scoresB as Float64Array;
  const recorded = params.answer === 'recorded';
  // 0: both systems on each drawn question; 1 / 2: only A / only B, pooled in slot 0.
  let pass = 0;
  const data: PairedItemScores = {
    kind: 'pairedClusteredScores',
    clusterCount: 0,
    itemCount: 0,
    sizes,
    totalsA,
    totalsB,
    sumSquaresA,
    sumSquaresB,
    sumProducts,
    scratch: allocateScratch(params),
    rng: null,
    setPass: (value) => {
      pass = value;
    },
    startSlot: (slot) => {
      if (pass === 0) for (const array of arrays) array[slot] = 0;
    },
    visit: (slot, question) => {
      const rng = data.rng as RandomStream;
      if (pass !== 0) {
        const y = recorded ? rng.bernoulli((pass === 1 ? a : b)[question]) : (pass === 1 ? a : b)[question];
        if (pass === 1) {
          sizes[0] += 1;
          totalsA[0] += y;
          sumSquaresA[0] += y * y;
        } else {
          totalsB[0] += y;
          sumSquaresB[0] += y * y;
        }
        return;
      }
      const ya = recorded ? rng.bernoulli(a[question]) : a[question];
      const yb = recorded ? rng.bernoulli(b[question]) : b[question];
      sizes[slot] += 1;
      totalsA[slot] += ya;
      totalsB[slot] += yb;
      sumSquaresA[slot] += ya * ya;
      sumSquaresB[slot] += yb * yb;
      sumProducts[slot] += ya * yb;
    },
    outcomeCounts: new Int32Array(4 * slots),
    pooledChances: pooledChances(a, b),
    meanA: meanProbability(a),
    meanB: meanProbability(b),
  };
  return data;
}

/** [p11, p10/(p10 + p01 + p00), p01/(p01 + p00)] of one question drawn uniformly (see the file comment). */
function pooledChances(a: Float64Array, b: Float64Array): Float64Array {
  let p11 = 0;
  let p10 = 0;
  let p01 = 0;
  let p00 = 0;
  for (let i = 0; i < a.length; i++) {
    p11 += a[i] * b[i];
    p10 += a[i] * (1 - b[i]);
    p01 += (1 - a[i]) * b[i];
    p00 += (1 - a[i]) * (1 - b[i]);
  }
  const total = p11 + p10 + p01 + p00;
  const chance = (x: number, of: number) => (of > 0 ? Math.min(1, x / of) : 0);
  return Float64Array.of(chance(p11, total), chance(p10, p10 + p01 + p00), chance(p01, p01 + p00));
}

/** The pooled 2×2 table of n draws with replacement in slot 0 (three binomial draws). */
function generatePooled(n: number, rng: RandomStream, d: PairedItemScores): void {
  const [p11, q10, q01] = d.pooledChances;
  const both = rng.binomial(n, p11);
  let rest = n - both;
  const onlyA = rest > 0 ? rng.binomial(rest, q10) : 0;
  rest -= onlyA;
  const onlyB = rest > 0 ? rng.binomial(rest, q01) : 0;
  d.sizes[0] = n;
  d.totalsA[0] = both + onlyA;
  d.totalsB[0] = both + onlyB;
  d.sumSquaresA[0] = both + onlyA;
  d.sumSquaresB[0] = both + onlyB;
  d.sumProducts[0] = both;
  d.clusterCount = 1;
  d.itemCount = n;
}

function generatePaired(params: ItemPopulationParams, rng: RandomStream, data: PairedClusteredScores): void {
  const d = data as PairedItemScores;
  if (params.pooled && params.design === 'paired') {
    generatePooled(params.draws, rng, d);
    return;
  }
  d.rng = rng;
  if (params.design === 'independent' && d.scratch.outcomes) {
    // The pooled slot keeps only n and each system's total: n independent draws of a uniform
    // question then its 0/1 score make the total Binomial(n, mean_i p_i), exactly.
    const n = params.draws;
    const totalA = rng.binomial(n, d.meanA);
    const totalB = rng.binomial(n, d.meanB);
    d.sizes[0] = n;
    d.totalsA[0] = totalA;
    d.totalsB[0] = totalB;
    d.sumSquaresA[0] = totalA;
    d.sumSquaresB[0] = totalB;
    d.sumProducts[0] = Number.NaN;
    d.clusterCount = 1;
    d.itemCount = n;
    d.rng = null;
    return;
  }
  if (params.design === 'independent') {
    for (const array of [d.sizes, d.totalsA, d.totalsB, d.sumSquaresA, d.sumSquaresB]) array[0] = 0;
    d.setPass(1);
    drawQuestions(params, rng, d.scratch, d.startSlot, d.visit);
    d.setPass(2);
    drawQuestions(params, rng, d.scratch, d.startSlot, d.visit);
    d.setPass(0);
    d.sumProducts[0] = Number.NaN;
    d.clusterCount = 1;
    d.itemCount = d.sizes[0];
    d.rng = null;
    return;
  }
  if (d.scratch.outcomes) {
    const used = drawOutcomes(params, rng, d.scratch, d.outcomeCounts);
    const counts = d.outcomeCounts;
    for (let s = 0; s < used; s++) {
      const onlyB = counts[4 * s + 1];
      const onlyA = counts[4 * s + 2];
      const both = counts[4 * s + 3];
      d.sizes[s] = counts[4 * s] + onlyB + onlyA + both;
      d.totalsA[s] = onlyA + both;
      d.totalsB[s] = onlyB + both;
      d.sumSquaresA[s] = onlyA + both;
      d.sumSquaresB[s] = onlyB + both;
      d.sumProducts[s] = both;
    }
    d.clusterCount = used;
  } else d.clusterCount = drawQuestions(params, rng, d.scratch, d.startSlot, d.visit);
  let items = 0;
  for (let s = 0; s < d.clusterCount; s++) items += d.sizes[s];
  d.itemCount = items;
  d.rng = null;
}

// ------------------------------------------------------------------ definitions

const PARAMS_HELP =
  'population (file), systems, n questions or clusters (whole clusters), replace (false), ' +
  "design: 'paired' (default) | 'independent' (two systems: a separate question set each), " +
  "answer: 'recorded' (one recorded answer, Bernoulli c/k) | 'rate' (c/k) | 'first', pooled (false: keep only the 2×2 table)";

export const itemPopulation = defineModel({
  name: 'itemPopulation',
  description: `Evals drawn from an item population file, one system. Params: ${PARAMS_HELP}. truth = mean score over the population.`,
  dataKind: 'clusteredScores',
  params: PARAMS,
  parse: (params, context) => parseItemPopulation(params, context, 1),
  allocate: allocateSingle,
  generate: generateSingle,
  truth: (params) => params.truth,
  dataSources: (params) => [params.source],
});

export const itemPopulationPaired = defineModel({
  name: 'itemPopulationPaired',
  description: `Evals drawn from an item population file, two systems [A, B] on the same questions. Params: ${PARAMS_HELP}. truth = A − B.`,
  dataKind: 'pairedClusteredScores',
  params: PARAMS,
  parse: (params, context) => parseItemPopulation(params, context, 2),
  allocate: allocatePaired,
  generate: generatePaired,
  truth: (params) => params.truth,
  dataSources: (params) => [params.source],
});
