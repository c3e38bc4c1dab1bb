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
 * A GRADED system (scores in [0, 1], the population's `scores_<system>` column), answer
 * 'recorded': each drawn question is answered again by redrawing its own recorded scores, K
 * draws uniformly with replacement scored by their mean (one recorded score: that score, no
 * draw; support/itemPopulation/recordedScoreMean.ts) — for 0/1 scores the same law as the
 * Bernoulli draws, which 0/1 systems keep. In a pair both systems are scored on the same drawn
 * question (pairing holds at the question), each redrawing its own scores independently. The
 * truth is then the population mean of that same quantity, mean_i of the question's mean
 * recorded score (with whole clusters drawn the per-question mean over the population, as for
 * 0/1). 'rate' scores a graded question by its mean score; 'first', `truth: 'shrunk'` and
 * `pooled` (0/1 notions) are refused for a graded system.
 *
 * With `epochs: K` (answer 'recorded') each drawn question is answered K times and scores the
 * mean — analyze's epoch means, so a study simulates the reduction analyze reports; with
 * `truth: 'shrunk'` the per-question rates are not the observed c/k (which carry one round of
 * answer noise already) but their method-of-moments estimate with that noise removed
 * (support/shrunkRates.ts). Both default to the original behaviour (K = 1, observed rates; same stream).
 *
 * Draws: `n` questions uniformly, with or without replacement, or `clusters` whole clusters
 * (support/itemPopulation/questionDraws.ts). Each way of drawing a cell is a design of its own
 * (support/itemPopulation/), chosen when the cell is parsed:
 *
 *   one system                                   singleDraws        question by question
 *   two, same questions                          pairedDraws        question by question
 *   two, same questions, with replacement,       outcomeTableDraws  one (cluster, outcome) table
 *     n questions, binary answers                                   inversion per question
 *   the same with `pooled: true`                 pooledTable        the 2×2 table, three binomials
 *   two, `design: 'independent'`                 independentDraws   each system its own questions
 *   the same, with replacement, n, binary        independentTotals  two binomial totals
 *
 * (the two table shortcuts hold one answer per question: with `epochs` > 1 a cell draws question
 * by question)
 *
 * The shortcuts are exact, not approximations (each file shows why).
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
import { defineModel } from '../base/defineModel.js';
import { ConfigError } from '../base/errors.js';
import { MAX_ARRAY_LENGTH } from '../base/limits.js';
import { type OptionValues, readOption } from '../base/options.js';
import type { StudyContext } from '../base/roles.js';
import { clusterMembers } from '../population/clusterMembers.js';
import { type ItemPopulation, populationMeanRate, type SystemResults } from '../population/itemPopulation.js';
import { independentDraws } from './support/itemPopulation/independentDraws.js';
import { independentTotals } from './support/itemPopulation/independentTotals.js';
import {
  ITEM_ANSWER_MODES,
  type ItemAnswerMode,
  type ItemPopulationParams,
  type PairedItemDraw,
  type PairedItemPopulationParams,
} from './support/itemPopulation/itemPopulationParams.js';
import { outcomeTableDraws } from './support/itemPopulation/outcomeTableDraws.js';
import { pairedDraws } from './support/itemPopulation/pairedDraws.js';
import { pooledTable } from './support/itemPopulation/pooledTable.js';
import { singleDraws } from './support/itemPopulation/singleDraws.js';
import { POPULATION_PARAM, readPopulationFile } from './support/populationFile.js';
import { shrunkRates } from './support/shrunkRates.js';

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
  epochs: {
    type: 'integer',
    min: 1,
    max: 1000,
    default: 1,
    description:
      "Answers per question and system (answer 'recorded'): the question's score is their mean, as analyze's epoch means.",
  },
  truth: {
    type: 'choice',
    values: ['observed', 'shrunk'],
    default: 'observed',
    description:
      "Each question's true rate: its observed rate c/k, or the method-of-moments estimate with the within-question binomial variance removed (models/support/shrunkRates.ts; needs k ≥ 2).",
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
  if (params.epochs > 1 && answer !== 'recorded') {
    throw new ConfigError('epochs', params.epochs, `1, unless answer is "recorded" (got answer "${answer}")`);
  }
  if (params.epochs > 1 && params.pooled) {
    throw new ConfigError(
      'pooled',
      true,
      'false with epochs > 1 (the pooled 2×2 table holds one answer per question)',
    );
  }
  const graded = results.find((r) => r.scores !== null);
  if (graded) {
    const why = `system "${graded.name}" of ${population.source} has graded scores (column "scores_${graded.name}")`;
    if (answer === 'first') throw new ConfigError('answer', 'first', `"recorded" or "rate": ${why}`);
    if (params.truth === 'shrunk')
      throw new ConfigError(
        'truth',
        'shrunk',
        `"observed": ${why} (the shrinkage removes binomial answer noise)`,
      );
    if (params.pooled)
      throw new ConfigError('pooled', true, `false: ${why} (the pooled 2×2 table holds 0/1 answers)`);
  }
  if (params.truth === 'shrunk' && answer === 'first') {
    throw new ConfigError('truth', 'shrunk', '"observed" with answer "first" (a first answer is not a rate)');
  }
  let scoresA = systemScores(results[0], answer, population);
  let scoresB = systemCount === 2 ? systemScores(results[1], answer, population) : null;
  let truthNote = "each question's observed rate c/k";
  if (params.truth === 'shrunk') {
    const shrunk = shrunkRates(results, population.clusterIndex);
    scoresA = shrunk.rates[0];
    if (systemCount === 2) scoresB = shrunk.rates[1];
    truthNote = shrunk.note;
  }
  const truthOf = (system: SystemResults, scores: Float64Array) =>
    answer === 'first' || params.truth === 'shrunk' ? mean(scores) : populationMeanRate(system);
  const truth = truthOf(results[0], scoresA) - (scoresB ? truthOf(results[1], scoresB) : 0);
  return {
    population,
    systems,
    answer,
    scoresA,
    scoresB,
    gradedA: answer === 'recorded' ? results[0].scores : null,
    gradedB: answer === 'recorded' && systemCount === 2 ? results[1].scores : null,
    unit,
    draws,
    replace,
    design,
    pooled: params.pooled,
    epochs: params.epochs,
    truthRates: { mode: params.truth, note: truthNote },
    members: clusterMembers(population),
    truth,
    source: { file, sha256, systems },
  };
}

/**
 * The design a paired cell draws by (see the file comment): the pooled table, the independent
 * design's totals or draws, the outcome table, or the question-by-question draws.
 */
export function pairedItemDraw(params: ItemPopulationParams): PairedItemDraw {
  // The table shortcuts hold one binary answer per question (never a graded one).
  const binaryWithReplacement =
    params.scoresB !== null &&
    params.replace &&
    params.unit === 'questions' &&
    params.answer !== 'rate' &&
    params.epochs === 1 &&
    params.gradedA === null &&
    params.gradedB === null;
  if (params.pooled && params.design === 'paired') return pooledTable;
  if (params.design === 'independent') return binaryWithReplacement ? independentTotals : independentDraws;
  return binaryWithReplacement ? outcomeTableDraws : pairedDraws;
}

/** `params` with the design its cell draws by. */
export function withPairedDraw(params: ItemPopulationParams): PairedItemPopulationParams {
  return { ...params, draw: pairedItemDraw(params) };
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
  allocate: singleDraws,
  generate: (_params, rng, data) => data.draw(rng),
  truth: (params) => params.truth,
  dataSources: (params) => [params.source],
});

export const itemPopulationPaired = defineModel({
  name: 'itemPopulationPaired',
  description: `Evals drawn from an item population file, two systems [A, B] on the same questions. Params: ${PARAMS_HELP}. truth = A − B.`,
  dataKind: 'pairedClusteredScores',
  params: PARAMS,
  parse: (params, context) => withPairedDraw(parseItemPopulation(params, context, 2)),
  allocate: (params) => params.draw(params),
  generate: (_params, rng, data) => data.draw(rng),
  truth: (params) => params.truth,
  dataSources: (params) => [params.source],
});
