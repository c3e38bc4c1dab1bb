/**
 * Beta(a, b) draws as X / (X + Y) with X ~ Gamma(a), Y ~ Gamma(b) (Devroye 1986,
 * Non-Uniform Random Variate Generation, §IX.4.1), gammas by Marsaglia–Tsang.
 * When either shape is < 1 the ratio is formed in log space,
 * B = 1 / (1 + exp(ln Y − ln X)), so tiny shapes (mass piled near 0 or 1) do not
 * underflow to 0/0. Huge shapes (1e4 and beyond) need nothing special: the
 * Marsaglia–Tsang acceptance rate tends to 1.
 */
import { InputError } from '@evalsim/core';
import { sampleGamma, sampleLogGamma } from './gamma.js';
import type { UniformSource } from './source.js';

/** A Beta(a, b) draw in [0, 1]; mean a/(a+b), variance ab / ((a+b)²(a+b+1)). */
export function sampleBeta(src: UniformSource, a: number, b: number): number {
  if (!(a > 0 && a < Number.POSITIVE_INFINITY))
    throw new InputError('a', `must be a finite number > 0, got ${a}`);
  if (!(b > 0 && b < Number.POSITIVE_INFINITY))
    throw new InputError('b', `must be a finite number > 0, got ${b}`);
  if (a >= 1 && b >= 1) {
    const x = sampleGamma(src, a);
    return x / (x + sampleGamma(src, b));
  }
  const logX = sampleLogGamma(src, a);
  const logY = sampleLogGamma(src, b);
  return 1 / (1 + Math.exp(logY - logX));
}
