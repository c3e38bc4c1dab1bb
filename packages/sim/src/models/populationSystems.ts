/**
 * A leaderboard of several systems of an item population, each answering with ITS OWN
 * per-question success rates (model `populationSystems`, data `systemCopiesScores`, the
 * leaderboard data kind of systemCopies): entry j is system s(j), right on question i with
 *
 *   p_ij = correct_{i,s(j)} / k_{i,s(j)},
 *
 * answering independently given the question (as separately recorded answers do), so the
 * true gaps between systems are the eval's own and the pairing (which questions are hard
 * for everyone) is kept. `copies` c puts every system on the board c times (entries
 * s.1 … s.c): `systems: [haiku_off], copies: 20` is the seed-000 board of 20 identical
 * copies, the systemCopies model's case. Every question is answered once per leaderboard
 * (or `n` drawn without replacement per replication). Draws, counts and kept answers are
 * systemCopies' own (its allocate / generate, allocation-free), only the rates differ.
 * truth = the number of pairs of entries whose true accuracies differ.
 */
import { defineModel } from '../base/defineModel.js';
import { ConfigError } from '../base/errors.js';
import { type OptionValues, readOption } from '../base/options.js';
import type { StudyContext } from '../base/roles.js';
import { copyRates } from './support/copyRates.js';
import { POPULATION_PARAM, readPopulationFile, refuseGradedSystems } from './support/populationFile.js';
import {
  allocateSystemCopies,
  allocateSystemCopiesAnswers,
  generateSystemCopies,
  type SystemCopiesParams,
} from './systemCopies.js';

export interface PopulationSystemsParams extends SystemCopiesParams {
  /** Entry names, in board order (system, or system.copy when copies > 1). */
  readonly entries: readonly string[];
}

const PARAMS = {
  population: POPULATION_PARAM,
  systems: { type: 'strings', required: true, description: 'The systems on the leaderboard (at least one).' },
  copies: {
    type: 'integer',
    min: 1,
    max: 1000,
    default: 1,
    description: 'Times each system appears on the board (independent answers each time).',
  },
  n: {
    type: 'integer',
    min: 1,
    description: 'Questions per replication, drawn without replacement (default: every question, once).',
  },
} as const;

export function parsePopulationSystems(
  params: OptionValues<typeof PARAMS>,
  context: StudyContext,
): PopulationSystemsParams {
  const { file, population, sha256 } = readPopulationFile(params.population, context);
  const known = [...population.systems.keys()].join(', ');
  const systems = params.systems.map((name, j) => {
    const s = population.systems.get(name);
    if (!s) throw new ConfigError(`systems[${j}]`, name, `a system of ${population.source}: ${known}`);
    return s;
  });
  if (new Set(params.systems).size !== params.systems.length)
    throw new ConfigError('systems', params.systems, 'distinct system names (use copies to repeat one)');
  refuseGradedSystems(systems, 'systems', population, 'populationSystems');
  const copies = systems.length * params.copies;
  if (copies < 2 || copies > 1000)
    throw new ConfigError('copies', params.copies, 'a board of 2 to 1,000 entries (systems × copies)');
  const entries = systems.flatMap((s) =>
    Array.from({ length: params.copies }, (_, c) => (params.copies > 1 ? `${s.name}.${c + 1}` : s.name)),
  );
  const Q = population.questionCount;
  const n = readOption('n', params.n, { ...PARAMS.n, max: Q, default: Q });
  const { rates, accuracies, varies, varying, truth } = copyRates(Q, copies, (i, j) => {
    const s = systems[Math.floor(j / params.copies)];
    return s.correct[i] / s.k[i];
  });
  return {
    copies,
    entries,
    questionCount: Q,
    sheet: {
      systems: copies,
      slots: n,
      questionIds: population.questions,
      clusters: { names: population.clusterNames, ofQuestion: population.clusterIndex },
    },
    source: { file, sha256, systems: params.systems },
    n,
    draw: params.n !== undefined && n < Q,
    rates,
    varies,
    varying: Int32Array.from(varying),
    accuracies,
    truth,
  };
}

export const populationSystems = defineModel({
  name: 'populationSystems',
  description:
    'A leaderboard of systems of an item population, each answering every question (or n drawn per replication) once with its own per-question rates; copies repeats each system. Params: population, systems, copies, n. truth = number of truly different pairs.',
  dataKind: 'systemCopiesScores',
  params: PARAMS,
  parse: parsePopulationSystems,
  allocate: (params: PopulationSystemsParams) => allocateSystemCopies(params),
  generate: (params: PopulationSystemsParams, rng, data) => generateSystemCopies(params, rng, data),
  truth: (params) => params.truth,
  answers: {
    allocate: (params: PopulationSystemsParams) => allocateSystemCopiesAnswers(params),
    sheet: (params) => params.sheet,
    read: (data) => ({ answers: data.answers as Uint8Array, questions: data.questions as Int32Array }),
  },
  dataSources: (params) => [params.source],
});
