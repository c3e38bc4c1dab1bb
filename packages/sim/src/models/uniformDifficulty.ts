/**
 * Miller's resampling example (Miller 2024, "Adding Error Bars to Evals", §resampling;
 * seed 003): a single-token eval whose questions have correct-answer probabilities
 * p ~ Uniform[0, 1]; each question is asked K times and scored by its mean answer
 * (model `uniformDifficulty`, data kind `clusteredScores`: one cluster per question, of its
 * K answers). The variance of one question's score s = X/K, X ~ Bin(K, p), is
 *
 *   Var(s) = Var(p) + E[p(1 − p)]/K = 1/12 + (1/6)/K    (1/4, 1/6, 1/8 at K = 1, 2, 4; → 1/12),
 *
 * and at temperature zero (`temperatureZero: true`) each rate is rounded to 0 or 1
 * (p ≥ ½ → 1), the answers no longer vary and Var(s) = Var(round(p)) = 1/4 for every K.
 * Parameters: `K` (answers per question, ≥ 1), `temperatureZero` (default false),
 * `questions` (default 1: the score of one question). Draws: one uniform and one
 * binomial per question. truth = ½, the mean score.
 */
import type { ClusteredScores } from '../base/dataKinds.js';
import { defineModel } from '../base/defineModel.js';
import { MAX_ARRAY_LENGTH, MAX_ITEMS } from '../base/limits.js';
import type { RandomStream } from '../base/randomStream.js';

export interface UniformDifficultyParams {
  readonly K: number;
  readonly temperatureZero: boolean;
  readonly questions: number;
}

const PARAMS = {
  K: { type: 'integer', min: 1, max: MAX_ITEMS, required: true, description: 'Answers per question.' },
  temperatureZero: {
    type: 'boolean',
    default: false,
    description: 'Round each rate to 0 or 1 (p ≥ ½ → 1): answers no longer vary.',
  },
  questions: {
    type: 'integer',
    min: 1,
    max: MAX_ARRAY_LENGTH,
    default: 1,
    description: 'Questions per eval.',
  },
} as const;

export function allocateUniformDifficulty(params: UniformDifficultyParams): ClusteredScores {
  return {
    kind: 'clusteredScores',
    clusterCount: params.questions,
    itemCount: params.questions * params.K,
    sizes: new Float64Array(params.questions).fill(params.K),
    totals: new Float64Array(params.questions),
    sumSquares: new Float64Array(params.questions),
  };
}

export function generateUniformDifficulty(
  params: UniformDifficultyParams,
  rng: RandomStream,
  data: ClusteredScores,
): void {
  const { K, temperatureZero } = params;
  for (let i = 0; i < params.questions; i++) {
    const p = rng.uniform();
    const right = temperatureZero ? (p >= 0.5 ? K : 0) : rng.binomial(K, p);
    data.totals[i] = right;
    data.sumSquares[i] = right;
  }
}

export const uniformDifficulty = defineModel({
  name: 'uniformDifficulty',
  description:
    "Miller's example: per-question rates p ~ U[0, 1], K answers per question (temperatureZero rounds p to 0/1); one cluster per question. truth = 1/2.",
  dataKind: 'clusteredScores',
  params: PARAMS,
  parse: (params): UniformDifficultyParams => params,
  allocate: allocateUniformDifficulty,
  generate: generateUniformDifficulty,
  truth: () => 0.5,
});
