import { InputError } from '@evalsim/core';
import type { UniformSource } from './source.js';

/** 1 with probability p, else 0: U < p with U uniform on [0, 1) (exact for p a multiple of 2⁻⁵³). */
export function sampleBernoulli(src: UniformSource, p: number): number {
  if (!(p >= 0 && p <= 1)) throw new InputError('p', `must be in [0, 1], got ${p}`);
  return src.uniform() < p ? 1 : 0;
}
