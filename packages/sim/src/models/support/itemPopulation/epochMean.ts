/**
 * A drawn question's score with `epochs` answers per system (answer 'recorded'): the mean of
 * K Bernoulli(p) draws, as analyze's epoch means. One answer is exactly one `bernoulli` draw, so
 * K = 1 keeps the stream of the original one-answer designs.
 */
import type { RandomStream } from '../../../base/randomStream.js';

/** The mean of `epochs` Bernoulli(p) answers. */
export function epochMean(rng: RandomStream, p: number, epochs: number): number {
  if (epochs === 1) return rng.bernoulli(p);
  let right = 0;
  for (let e = 0; e < epochs; e++) right += rng.bernoulli(p);
  return right / epochs;
}
