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
import type { CellParams, ModelDefinition, RandomStream } from '../types.js';
import { rejectUnknownParams, requireNumber } from './readParams.js';

/** Cumulative paired tables after each look. */
export interface SequentialPairedCounts {
  readonly kind: 'sequentialPairedCounts';
  readonly looks: number;
  /** Questions seen by look k (k = 0 … looks − 1). */
  readonly items: Float64Array;
  /** Cumulative b (first system right, second wrong) and c (first wrong, second right). */
  readonly onlyFirst: Float64Array;
  readonly onlySecond: Float64Array;
}

export interface SequentialPairedParams {
  readonly looks: number;
  readonly batchSize: number;
  readonly discordance: number;
}

export function parseSequentialPaired(params: CellParams): SequentialPairedParams {
  rejectUnknownParams(params, ['looks', 'batchSize', 'discordance']);
  return {
    looks: requireNumber(params, 'looks', { integer: true, min: 1, max: 100000 }),
    batchSize: requireNumber(params, 'batchSize', { integer: true, min: 2 }),
    discordance: requireNumber(params, 'discordance', { min: 0, minExclusive: true, max: 1 }),
  };
}

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

export const sequentialPaired: ModelDefinition<SequentialPairedParams, SequentialPairedCounts> = {
  name: 'sequentialPaired',
  description:
    'Two identical systems, questions arriving in `looks` batches of `batchSize`; each question discordant with probability `discordance`, either way with probability ½. Cumulative paired tables per look. truth = 0.',
  dataKind: 'sequentialPairedCounts',
  parse: parseSequentialPaired,
  allocate: allocateSequentialPaired,
  generate: generateSequentialPaired,
  truth: () => 0,
};
