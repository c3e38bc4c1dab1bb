import { InputError } from '@evalsim/core';
import type { UniformSource } from './source.js';

const TWO_32 = 4294967296;

/**
 * Uniform integer in [0, n), exactly uniform for any integer 1 ≤ n ≤ 2³², by
 * Lemire's multiply-and-reject (Lemire 2019, "Fast random integer generation
 * in an interval", ACM TOMACS 29(1)): with x a uniform 32-bit word, m = x·n,
 * return ⌊m / 2³²⌋ unless (m mod 2³²) < (2³² − n) mod n, in which case draw again.
 * For n ≤ 2²¹ the product x·n is exact in a double; beyond that the 64-bit
 * product is split into 32-bit halves.
 */
export function sampleIndex(src: UniformSource, n: number): number {
  if (!(n >= 1 && n <= TWO_32 && Number.isInteger(n))) {
    throw new InputError('n', `must be an integer in [1, 2^32], got ${n}`);
  }
  let x = src.uint32();
  let low = Math.imul(x, n) >>> 0;
  if (low < n) {
    const threshold = (TWO_32 - n) % n;
    while (low < threshold) {
      x = src.uint32();
      low = Math.imul(x, n) >>> 0;
    }
  }
  return highWord(x, n, low);
}

/** ⌊x·n / 2³²⌋ for 32-bit x and n ≤ 2³², given low = x·n mod 2³². */
function highWord(x: number, n: number, low: number): number {
  if (n <= 2097152) return (x * n - low) / TWO_32;
  // Split n = nh·2¹⁶ + nl so every partial product is exact.
  const nh = Math.floor(n / 65536);
  const nl = n - nh * 65536;
  const lowPart = x * nl; // < 2⁴⁸
  const highPart = x * nh; // < 2⁴⁹ (nh ≤ 2¹⁶)
  return Math.floor((highPart + Math.floor(lowPart / 65536)) / 65536);
}
