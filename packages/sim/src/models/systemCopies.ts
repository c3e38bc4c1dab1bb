/**
 * A leaderboard of M copies of one system (model `systemCopies`, data kind
 * `systemCopiesScores`): every copy answers every question of an item population once
 * (or the same `n` questions, drawn without replacement per replication), right with the
 * question's rate
 *
 *   p_ij = clip(p_i + g_j/100, 0, 1),   p_i = correct_i/k_i   (the system's recorded rate),
 *
 * where g_j is copy j's true gap in points (`gaps`, default all 0: identical copies).
 * Copies answer independently given the question (as separately recorded answers do).
 * Seed 000 Step 5: 20 copies of Haiku on the 1,140 MMLU questions, every pair tested.
 *
 * Speed (exact, not an approximation): a question with p_ij ∈ {0, 1} for every copy is
 * answered the same way in every replication, so its contribution to the per-copy totals
 * and the per-pair discordant counts is computed once (`allocate`); each replication draws
 * only the questions where some copy has 0 < p_ij < 1 (48 of the stand-in's 1,140 for
 * identical copies). The sufficient statistics live in preallocated typed arrays; `generate`
 * allocates nothing.
 *
 * Pair k of copies (j, l), j < l, is numbered row by row: (0,1), (0,2), …, (0,M−1), (1,2), …,
 * so the M − 1 pairs "versus the first copy" come first (see {@link pairIndex}).
 *
 * Parameters: `population` (file, relative to the study), `system` (one system of it),
 * `copies` M ≥ 2, `gaps` (M numbers in points, optional), `n` (questions per replication,
 * optional: default every question, the same set each time), `rates` ('population', the
 * default, or a number p: every question gets rate p — the textbook world of independent,
 * equally hard items; the file then only supplies the question count).
 * truth = the number of pairs whose true accuracies (mean_i p_ij) differ (0 for identical copies).
 */
import type { SystemCopiesScores } from '../base/dataKinds.js';
import { defineModel } from '../base/defineModel.js';
import { ConfigError } from '../base/errors.js';
import { type OptionValues, readOption } from '../base/options.js';
import type { RandomStream } from '../base/randomStream.js';
import type { AnswerSheet, DataSource, StudyContext } from '../base/roles.js';
import { CopyAnswerBits, drawCopyAnswers } from './support/copyAnswerBits.js';
import { copyRates } from './support/copyRates.js';
import { POPULATION_PARAM, readPopulationFile, refuseGradedSystems } from './support/populationFile.js';

export interface SystemCopiesParams {
  readonly copies: number;
  /** Questions in the population. */
  readonly questionCount: number;
  /** Question ids, cluster names and each question's cluster (for kept answers). */
  readonly sheet: AnswerSheet;
  /** The population file read (provenance of kept output). */
  readonly source: DataSource;
  /** Questions per replication (= questionCount when every question is answered). */
  readonly n: number;
  /** Draw n questions per replication (false: every question, same set). */
  readonly draw: boolean;
  /** p_ij at [i·M + j]. */
  readonly rates: Float64Array;
  /** 1 when some copy has 0 < p_ij < 1 for question i. */
  readonly varies: Uint8Array;
  /** Questions that vary (used when every question is answered). */
  readonly varying: Int32Array;
  /** True accuracy of each copy, mean_i p_ij. */
  readonly accuracies: Float64Array;
  readonly truth: number;
}

const PARAMS = {
  population: POPULATION_PARAM,
  system: { type: 'string', required: true, description: 'The system of the population to copy.' },
  copies: { type: 'integer', min: 2, max: 1000, required: true, description: 'Copies M on the leaderboard.' },
  gaps: {
    type: 'numbers',
    min: -100,
    max: 100,
    description: "Each copy's true gap in points (M numbers; default all 0: identical copies).",
  },
  n: {
    type: 'integer',
    min: 1,
    description: 'Questions per replication, drawn without replacement (default: every question, once).',
  },
  rates: {
    type: 'choice',
    values: ['population'],
    orNumber: { min: 0, max: 1 },
    default: 'population',
    allowed: '"population" (each question\'s recorded rate) or a number in [0, 1]',
    description:
      "Each question's rate: the system's recorded rate (population), or one rate p for every question.",
  },
} as const;

/** Index of pair (j, l), j < l, among the M(M − 1)/2 pairs numbered row by row. */
export function pairIndex(j: number, l: number, copies: number): number {
  return j * copies - (j * (j + 1)) / 2 + (l - j - 1);
}

function clip01(x: number): number {
  return Math.min(1, Math.max(0, x));
}

/** Resolves one cell's checked parameters against its population. */
export function parseSystemCopies(
  params: OptionValues<typeof PARAMS>,
  context: StudyContext,
): SystemCopiesParams {
  const { file, population, sha256 } = readPopulationFile(params.population, context);
  const system = population.systems.get(params.system);
  if (!system) {
    const known = [...population.systems.keys()].join(', ');
    throw new ConfigError('system', params.system, `one system of ${population.source}: ${known}`);
  }
  refuseGradedSystems([system], 'system', population, 'systemCopies');
  const copies = params.copies;
  const gaps = params.gaps ?? new Array<number>(copies).fill(0);
  if (gaps.length !== copies)
    throw new ConfigError('gaps', params.gaps, `a list of ${copies} gaps (one per copy), in points`);
  const Q = population.questionCount;
  const n = readOption('n', params.n, { ...PARAMS.n, max: Q, default: Q });
  const rawRates = params.rates;
  // Copies with one gap share every question's rate: computed once per question (copyRates).
  const { rates, accuracies, varies, varying, truth } = copyRates(
    Q,
    copies,
    (i, j) =>
      clip01((typeof rawRates === 'number' ? rawRates : system.correct[i] / system.k[i]) + gaps[j] / 100),
    gaps.every((gap) => gap === gaps[0]),
  );
  return {
    copies,
    questionCount: Q,
    sheet: {
      systems: copies,
      slots: n,
      questionIds: population.questions,
      clusters: { names: population.clusterNames, ofQuestion: population.clusterIndex },
    },
    source: { file, sha256, systems: [params.system] },
    n,
    draw: params.n !== undefined && n < Q,
    rates,
    varies,
    varying: Int32Array.from(varying),
    accuracies,
    truth,
  };
}

// ------------------------------------------------------------------ buffers

interface CopiesBuffers extends SystemCopiesScores {
  /** Contributions of the never-varying questions (full-population mode). */
  readonly baseTotals: Int32Array;
  readonly baseOnlyFirst: Int32Array;
  readonly baseOnlySecond: Int32Array;
  /** One question's answers, by copy. */
  readonly row: Uint8Array;
  /** Partial Fisher–Yates permutation of the questions and its swaps (draw mode). */
  readonly order: Int32Array;
  readonly swaps: Int32Array;
  /** The varying questions' answers as per-copy bitsets (copyAnswerBits.ts). */
  readonly bits: CopyAnswerBits;
}

/** Adds one question's answers `row` to the totals and discordant counts. */
function addQuestion(
  row: Uint8Array,
  copies: number,
  totals: Int32Array,
  onlyFirst: Int32Array,
  onlySecond: Int32Array,
): void {
  let right = 0;
  for (let j = 0; j < copies; j++) {
    totals[j] += row[j];
    right += row[j];
  }
  if (right === 0 || right === copies) return;
  let k = 0;
  for (let j = 0; j < copies; j++) {
    const yj = row[j];
    for (let l = j + 1; l < copies; l++, k++) {
      const yl = row[l];
      if (yj !== yl) {
        if (yj === 1) onlyFirst[k]++;
        else onlySecond[k]++;
      }
    }
  }
}

/** Answers of every copy to question i into `row`: a draw where 0 < p < 1, else p itself. */
function answerQuestion(
  params: SystemCopiesParams,
  i: number,
  rng: RandomStream | null,
  row: Uint8Array,
): void {
  const { copies, rates } = params;
  const offset = i * copies;
  for (let j = 0; j < copies; j++) {
    const p = rates[offset + j];
    row[j] = p > 0 && p < 1 ? (rng as RandomStream).bernoulli(p) : p;
  }
}

/** answerQuestion's draws for question i, each right answer set as bit `slot` of its copy's bitset. */
function setAnswerBits(
  params: SystemCopiesParams,
  i: number,
  rng: RandomStream | null,
  answers: CopyAnswerBits,
  slot: number,
): void {
  const { copies, rates } = params;
  const { bits, words } = answers;
  const offset = i * copies;
  const at = slot >>> 5;
  const mask = 1 << (slot & 31);
  for (let j = 0; j < copies; j++) {
    const p = rates[offset + j];
    const right = p > 0 && p < 1 ? (rng as RandomStream).bernoulli(p) : p;
    if (right === 1) bits[j * words + at] |= mask;
  }
}

function allocateBuffers(params: SystemCopiesParams, keepAnswers: boolean): CopiesBuffers {
  const { copies, questionCount, n } = params;
  const pairCount = (copies * (copies - 1)) / 2;
  const order = new Int32Array(params.draw ? questionCount : 0);
  for (let i = 0; i < order.length; i++) order[i] = i;
  const data: CopiesBuffers = {
    kind: 'systemCopiesScores',
    copies,
    pairCount,
    itemCount: 0,
    totals: new Int32Array(copies),
    onlyFirst: new Int32Array(pairCount),
    onlySecond: new Int32Array(pairCount),
    answers: keepAnswers ? new Uint8Array(copies * n) : null,
    questions: keepAnswers ? new Int32Array(n) : null,
    baseTotals: new Int32Array(copies),
    baseOnlyFirst: new Int32Array(pairCount),
    baseOnlySecond: new Int32Array(pairCount),
    row: new Uint8Array(copies),
    order,
    swaps: new Int32Array(params.draw ? n : 0),
    // Slot v: the v-th varying question (every question answered) or the v-th drawn one (draw mode).
    bits: new CopyAnswerBits(copies, params.draw ? n : params.varying.length),
  };
  if (!params.draw) {
    for (let i = 0; i < questionCount; i++) {
      if (keepAnswers) (data.questions as Int32Array)[i] = i;
      if (params.varies[i]) continue;
      answerQuestion(params, i, null, data.row);
      addQuestion(data.row, copies, data.baseTotals, data.baseOnlyFirst, data.baseOnlySecond);
      if (keepAnswers) for (let j = 0; j < copies; j++) (data.answers as Uint8Array)[j * n + i] = data.row[j];
    }
  }
  return data;
}

/** Buffers of one cell (no item-level answers). */
export function allocateSystemCopies(params: SystemCopiesParams): SystemCopiesScores {
  return allocateBuffers(params, false);
}

/** Buffers that also keep every item-level answer (`answers`, `questions`; same draws). */
export function allocateSystemCopiesAnswers(params: SystemCopiesParams): SystemCopiesScores {
  return allocateBuffers(params, true);
}

function recordRow(data: CopiesBuffers, slot: number, question: number, n: number): void {
  const answers = data.answers as Uint8Array;
  (data.questions as Int32Array)[slot] = question;
  for (let j = 0; j < data.copies; j++) answers[j * n + slot] = data.row[j];
}

/** Draws one replication into `data` (allocation-free). */
export function generateSystemCopies(
  params: SystemCopiesParams,
  rng: RandomStream,
  data: SystemCopiesScores,
): void {
  const d = data as CopiesBuffers;
  const { copies, n } = params;
  const { totals, onlyFirst, onlySecond, row } = d;
  const keep = d.answers !== null;
  d.itemCount = n;
  if (!params.draw) {
    totals.set(d.baseTotals);
    onlyFirst.set(d.baseOnlyFirst);
    onlySecond.set(d.baseOnlySecond);
    if (!keep) {
      // Same draws in the same order, counted by popcount (copyAnswerBits.ts).
      drawCopyAnswers(d.bits, rng, params.rates, params.varying);
      d.bits.addCounts(totals, onlyFirst, onlySecond);
      return;
    }
    const varying = params.varying;
    for (let v = 0; v < varying.length; v++) {
      const i = varying[v];
      answerQuestion(params, i, rng, row);
      addQuestion(row, copies, totals, onlyFirst, onlySecond);
      if (keep) recordRow(d, i, i, n);
    }
    return;
  }
  totals.fill(0);
  onlyFirst.fill(0);
  onlySecond.fill(0);
  const { order, swaps } = d;
  const pool = order.length;
  if (!keep) d.bits.bits.fill(0);
  for (let t = 0; t < n; t++) {
    const j = t + rng.index(pool - t);
    swaps[t] = j;
    const i = order[j];
    order[j] = order[t];
    order[t] = i;
    if (keep) {
      answerQuestion(params, i, params.varies[i] ? rng : null, row);
      addQuestion(row, copies, totals, onlyFirst, onlySecond);
      recordRow(d, t, i, n);
    } else setAnswerBits(params, i, params.varies[i] ? rng : null, d.bits, t);
  }
  // Same draws in the same order, counted by popcount (copyAnswerBits.ts).
  if (!keep) d.bits.addCounts(totals, onlyFirst, onlySecond);
  for (let t = n - 1; t >= 0; t--) {
    const j = swaps[t];
    const v = order[t];
    order[t] = order[j];
    order[j] = v;
  }
}

export const systemCopies = defineModel({
  name: 'systemCopies',
  description:
    'A leaderboard of M copies of one system of an item population (identical, or with true gaps in points), each answering every question (or n drawn per replication) once, right with the question rate. Params: population, system, copies, gaps, n, rates. truth = number of truly different pairs.',
  dataKind: 'systemCopiesScores',
  params: PARAMS,
  parse: parseSystemCopies,
  allocate: allocateSystemCopies,
  generate: generateSystemCopies,
  truth: (params) => params.truth,
  answers: {
    allocate: allocateSystemCopiesAnswers,
    sheet: (params) => params.sheet,
    read: (data) => ({ answers: data.answers as Uint8Array, questions: data.questions as Int32Array }),
  },
  dataSources: (params) => [params.source],
});
