/**
 * A small seeded {@link Rng} for tests of functions that take an injected random source
 * (core has no RNG of its own). Generator: mulberry32 (Tommy Ettinger, public domain),
 * 32-bit state, period 2^32 — ample for the few million draws a test makes.
 */
import type { Rng } from '../../types.js';

export function testRng(seed: number): Rng {
  let state = seed >>> 0;
  const uniform = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const normal = (): number => {
    const u = 1 - uniform();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * uniform());
  };
  const binomial = (n: number, p: number): number => {
    let k = 0;
    for (let i = 0; i < n; i++) if (uniform() < p) k++;
    return k;
  };
  return { uniform, normal, binomial };
}
