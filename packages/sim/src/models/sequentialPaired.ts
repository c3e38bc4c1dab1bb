/**
 * Two systems compared as the questions arrive (model `sequentialPaired`, data kind
 * `sequentialPairedCounts`), for optional stopping ("peeking", seed 002) and sequential
 * designs: `looks` batches of `batchSize` questions; after look k the analyst has the
 * cumulative paired table of the first k·batchSize questions. Each question is discordant
 * (one system right, the other wrong) with probability `discordance`; a discordant question
 * is "only the first right" with probability θ = ½ + gap/(2·discordance) (so the first
 * system's accuracy exceeds the second's by exactly `gap`; gap = 0, the default, is two
 * identical systems). Per batch two exact draws suffice:
 *
 *   D_k ~ Binomial(batchSize, discordance),   b_k ~ Binomial(D_k, θ),   c_k = D_k − b_k,
 *
 * the multinomial split of the batch (with one question per batch, one uniform u per question
 * instead: first right when u < (discordance + gap)/2, second right when u < discordance);
 * concordant questions only enter n. The paired tests
 * (McNemar, paired z on d_i = a_i − b_i) depend on the data only through (n, b, c), so this is
 * exact for them; a method that looks after every question places a batch's questions in a
 * uniformly random order (given the counts, every order is equally likely). Allocation-free.
 * truth = gap.
 */
import type { SequentialPairedCounts } from '../base/dataKinds.js';
import { defineModel } from '../base/defineModel.js';
import { ConfigError } from '../base/errors.js';
import { MAX_ITEMS } from '../base/limits.js';
import type { RandomStream } from '../base/randomStream.js';

export interface SequentialPairedParams {
  readonly looks: number;
  readonly batchSize: number;
  readonly discordance: number;
  readonly gap: number;
}

const PARAMS = {
  looks: { type: 'integer', min: 1, max: 100000, required: true, description: 'Number of looks.' },
  batchSize: {
    type: 'integer',
    min: 1,
    max: MAX_ITEMS,
    required: true,
    description: 'Questions added per look (1: a look after every question).',
  },
  discordance: {
    type: 'number',
    min: 0,
    minExclusive: true,
    max: 1,
    required: true,
    description: 'Probability that a question is discordant (one system right, the other wrong).',
  },
  gap: {
    type: 'number',
    min: -1,
    max: 1,
    default: 0,
    description:
      'True accuracy of the first system minus the second (at most the discordance in size); 0 = identical systems.',
  },
} as const;

export function allocateSequentialPaired(params: SequentialPairedParams): SequentialPairedCounts {
  const items = new Float64Array(params.looks);
  for (let k = 0; k < params.looks; k++) items[k] = (k + 1) * params.batchSize;
  return {
    kind: 'sequentialPairedCounts',
    looks: params.looks,
    items,
    onlyFirst: new Float64Array(params.looks),
    onlySecond: new Float64Array(params.looks),
  };
}

export function generateSequentialPaired(
  params: SequentialPairedParams,
  rng: RandomStream,
  data: SequentialPairedCounts,
): void {
  let b = 0;
  let c = 0;
  const theta = 0.5 + params.gap / (2 * params.discordance);
  if (params.batchSize === 1) {
    const first = (params.discordance + params.gap) / 2;
    for (let k = 0; k < params.looks; k++) {
      const u = rng.uniform();
      if (u < first) b++;
      else if (u < params.discordance) c++;
      data.onlyFirst[k] = b;
      data.onlySecond[k] = c;
    }
    return;
  }
  for (let k = 0; k < params.looks; k++) {
    const discordant = rng.binomial(params.batchSize, params.discordance);
    const first = rng.binomial(discordant, theta);
    b += first;
    c += discordant - first;
    data.onlyFirst[k] = b;
    data.onlySecond[k] = c;
  }
}

export const sequentialPaired = defineModel({
  name: 'sequentialPaired',
  description:
    'Two systems, questions arriving in `looks` batches of `batchSize`; each question discordant with probability `discordance`, the first system right on it with probability ½ + gap/(2·discordance) (first minus second accuracy = `gap`, default 0). Cumulative paired tables per look. truth = gap.',
  dataKind: 'sequentialPairedCounts',
  params: PARAMS,
  parse: (params): SequentialPairedParams => {
    if (Math.abs(params.gap) > params.discordance)
      throw new ConfigError(
        'gap',
        `the accuracy gap ${params.gap} cannot exceed the discordance ${params.discordance} in size (the gap is P(only first right) − P(only second right))`,
      );
    return params;
  },
  allocate: allocateSequentialPaired,
  generate: generateSequentialPaired,
  truth: (params) => params.gap,
});
