import type { UniformSource } from './source.js';

/**
 * Rademacher weight: +1 or −1 with probability ½ each (mean 0, variance 1),
 * the classic wild-bootstrap weight (Liu 1988; Cameron, Gelbach & Miller 2008).
 * Uses the top bit of one 32-bit word.
 */
export function sampleRademacher(src: UniformSource): number {
  return src.uint32() >= 2147483648 ? 1 : -1;
}
