/**
 * Two identical systems compared as the questions arrive (model `sequentialPaired`, data
 * kind `sequentialPairedCounts`), for optional stopping ("peeking", seed 002): `looks`
 * batches of `batchSize` questions; after look k the analyst has the cumulative paired
 * table of the first k·batchSize questions. Each question is discordant (one system right,
 * the other wrong) with probability `discordance`, and a discordant question goes either way
 * with probability ½ (no true difference). Per batch two exact draws suffice:
 *
 *   D_k ~ Binomial(batchSize, discordance),   b_k ~ Binomial(D_k, ½),   c_k = D_k − b_k,
 *
 * the multinomial split of the batch; concordant questions only enter n. The paired tests
 * (McNemar, paired z on d_i = a_i − b_i) depend on the data only through (n, b, c), so this is
 * exact for them. Allocation-free. truth = 0 (identical systems).
 */
import type { SequentialPairedCounts } from '../base/dataKinds.js';
import { defineModel } from '../base/defineModel.js';
import { MAX_ITEMS } from '../base/limits.js';
import type { RandomStream } from '../base/randomStream.js';

export interface SequentialPairedParams {
  readonly looks: number;
  readonly batchSize: number;
  readonly discordance: number;
}

const PARAMS = {
  looks: { type: 'integer', min: 1, max: 100000, required: true, description: 'Number of looks.' },
  batchSize: {
    type: 'integer',
    min: 2,
    max: MAX_ITEMS,
    required: true,
    description: 'Questions added per look.',
  },
  discordance: {
    type: 'number',
    min: 0,
    minExclusive: true,
    max: 1,
    required: true,
    description: 'Probability that a question is discordant (one system right, the other wrong).',
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
  for (let k = 0; k < params.looks; k++) {
    const discordant = rng.binomial(params.batchSize, params.discordance);
    const first = rng.binomial(discordant, 0.5);
    b += first;
    c += discordant - first;
    data.onlyFirst[k] = b;
    data.onlySecond[k] = c;
  }
}

export const sequentialPaired = defineModel({
  name: 'sequentialPaired',
  description:
    'Two identical systems, questions arriving in `looks` batches of `batchSize`; each question discordant with probability `discordance`, either way with probability ½. Cumulative paired tables per look. truth = 0.',
  dataKind: 'sequentialPairedCounts',
  params: PARAMS,
  parse: (params): SequentialPairedParams => params,
  allocate: allocateSequentialPaired,
  generate: generateSequentialPaired,
  truth: () => 0,
});
