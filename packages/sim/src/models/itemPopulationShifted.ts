/**
 * Paired evals from an item population with an IMPOSED true difference (model
 * `itemPopulationShifted`, data `pairedClusteredScores`; the planning tool's model): the
 * draws of itemPopulationPaired (n questions or whole clusters, with or without
 * replacement, one recorded answer per system per question, 'paired' or 'independent'
 * design), except that system B's per-question success rates are moved so that the
 * population gap is exactly
 *
 *   truth = mean_i p_iA − mean_i p'_iB = delta,
 *
 * p'_iB = expit(logit(p_iB) + s) with s found by Brent's method ('logit', default) or the
 * closed-form mixture shift (imposedGap.ts). With one system (`systems: [a]`), B is an
 * independent copy of A (its own answers, same per-question rates) shifted the same way —
 * a planned comparison of "a system like this one, δ worse". A's rates are never changed,
 * so the pairing (which questions are hard for both) is the eval's own.
 *
 * A graded B (scores in [0, 1]: support/itemPopulation/recordedScoreMean.ts) is shifted by the
 * mixture applied to each of its recorded scores, x' = x + t(1 − x) or (1 − t)x: linear, so every
 * question's mean score moves exactly as the mixture moves a rate and the gap is exactly delta
 * (the logit shift of a rate has no one-to-one counterpart on a question's several scores, so
 * it is refused for graded scores).
 *
 * Parameters: those of itemPopulationPaired (population, systems, n | clusters, replace,
 * design, answer 'recorded' | 'rate'), plus `delta` in (−1, 1) (A − B, proportion units)
 * and `shift` ('logit' | 'mixture'). It draws by itemPopulationPaired's designs (allocation-free).
 */
import { defineModel } from '../base/defineModel.js';
import { ConfigError } from '../base/errors.js';
import type { OptionValues } from '../base/options.js';
import type { StudyContext } from '../base/roles.js';
import type { RecordedScores } from '../population/itemPopulation.js';
import { ITEM_POPULATION_PARAMS, parseItemPopulation, withPairedDraw } from './itemPopulationModel.js';
import { GAP_SHIFTS, shiftRates } from './support/imposedGap.js';
import type { PairedItemPopulationParams } from './support/itemPopulation/itemPopulationParams.js';

/** A graded system's recorded scores under the mixture shift of amount t (negative: downwards). */
function shiftedScores(scores: RecordedScores, amount: number): RecordedScores {
  const t = Math.abs(amount);
  const values = Float64Array.from(scores.values, (x) => (amount >= 0 ? x + t * (1 - x) : (1 - t) * x));
  return { offsets: scores.offsets, values };
}

export interface ItemPopulationShiftedParams extends PairedItemPopulationParams {
  /** The shift applied to B's rates: s on the logit scale, or the mixture weight t (negative: downwards). */
  readonly shiftAmount: number;
}

const PARAMS = {
  ...ITEM_POPULATION_PARAMS,
  systems: {
    ...ITEM_POPULATION_PARAMS.systems,
    description: 'The two systems [A, B] (B is shifted), or one system A (B = a shifted copy of A).',
  },
  delta: {
    type: 'number',
    min: -1,
    minExclusive: true,
    max: 1,
    maxExclusive: true,
    required: true,
    description: 'The imposed true difference A − B (proportion units: 0.03 = 3 points).',
  },
  shift: {
    type: 'choice',
    values: GAP_SHIFTS,
    default: 'logit',
    description: "How B's rates move: one shift on the logit scale (Brent), or the closed-form mixture.",
  },
} as const;

function mean(values: Float64Array): number {
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

export function parseItemPopulationShifted(
  params: OptionValues<typeof PARAMS>,
  context: StudyContext,
): ItemPopulationShiftedParams {
  if (params.answer === 'first') {
    throw new ConfigError('answer', 'first', '"recorded" or "rate" (fixed first answers cannot be shifted)');
  }
  const single = params.systems.length === 1;
  const base = parseItemPopulation(
    single ? { ...params, design: 'paired' } : params,
    context,
    single ? 1 : 2,
  );
  const ratesB = base.scoresB ?? base.scoresA;
  const gradedB = single ? base.gradedA : base.gradedB;
  if (gradedB && params.shift !== 'mixture') {
    throw new ConfigError(
      'shift',
      params.shift,
      `"mixture": system B's scores are graded (the logit shift moves 0/1 rates; the mixture moves each recorded score)`,
    );
  }
  const meanA = mean(base.scoresA);
  let moved: { rates: Float64Array; amount: number };
  try {
    moved = shiftRates(ratesB, meanA - params.delta, params.shift);
  } catch (error) {
    throw new ConfigError(
      'delta',
      params.delta,
      `a gap A − B that B's rates can reach (A's mean ${meanA.toFixed(4)}): ${(error as Error).message}`,
    );
  }
  // The design is chosen with B's shifted rates in place (one system: B is now a second system).
  return {
    ...withPairedDraw({
      ...base,
      systems: single ? [base.systems[0], base.systems[0]] : base.systems,
      design: params.design,
      scoresB: moved.rates,
      gradedB: gradedB ? shiftedScores(gradedB, moved.amount) : null,
      truth: meanA - mean(moved.rates),
    }),
    shiftAmount: moved.amount,
  };
}

export const itemPopulationShifted = defineModel({
  name: 'itemPopulationShifted',
  description:
    "Paired evals drawn from an item population with an imposed true gap: B's per-question rates shifted (logit, by Brent's method, or mixture) so mean A − mean B = delta exactly; one system: B = a shifted copy of A. Params: itemPopulationPaired's + delta, shift. truth = delta.",
  dataKind: 'pairedClusteredScores',
  params: PARAMS,
  parse: parseItemPopulationShifted,
  allocate: (params) => params.draw(params),
  generate: (_params, rng, data) => data.draw(rng),
  truth: (params) => params.truth,
  dataSources: (params) => [params.source],
});
