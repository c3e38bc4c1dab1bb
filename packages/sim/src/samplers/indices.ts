import { InputError } from '@evalsim/core';
import type { UniformSource } from './source.js';
import { sampleIndex } from './uniformIndex.js';

/**
 * Fill `out` with indices drawn uniformly with replacement from [0, n) (the
 * nonparametric / cluster bootstrap resample), each exactly uniform (Lemire's
 * method, see `sampleIndex`). Returns `out`.
 */
export function sampleIndices(src: UniformSource, n: number, out: Int32Array): Int32Array {
  if (!(n >= 1 && n <= 2147483647 && Number.isInteger(n))) {
    throw new InputError('n', `must be an integer in [1, 2^31 − 1], got ${n}`);
  }
  const len = out.length;
  for (let i = 0; i < len; i++) out[i] = sampleIndex(src, n);
  return out;
}
