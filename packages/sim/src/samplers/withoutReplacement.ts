/**
 * Uniform random permutations and samples without replacement, allocation-free
 * after warm-up.
 */
import { InputError } from '@evalsim/core';
import type { UniformSource } from './source.js';
import { sampleIndex } from './uniformIndex.js';

/** Largest k handled by Floyd's algorithm (O(k²) membership scans, no scratch memory). */
const FLOYD_MAX_K = 48;

/**
 * Shuffle the first `length` entries of `values` (default all) in place by
 * Fisher–Yates (Durstenfeld 1964; Knuth TAOCP vol. 2, Algorithm 3.4.2P).
 * Every permutation is equally likely. Returns `values`.
 */
export function shuffle<T extends { [i: number]: number; length: number }>(
  src: UniformSource,
  values: T,
  length: number = values.length,
): T {
  if (!(length >= 0 && length <= values.length && Number.isInteger(length))) {
    throw new InputError('length', `must be an integer in [0, ${values.length}], got ${length}`);
  }
  for (let i = length - 1; i > 0; i--) {
    const j = sampleIndex(src, i + 1);
    const t = values[i];
    values[i] = values[j];
    values[j] = t;
  }
  return values;
}

/**
 * Write k distinct indices from [0, n) into out[0..k): a uniformly random
 * k-subset in uniformly random order (every ordered k-tuple of distinct indices
 * has probability (n−k)!/n!). k ≤ 48: Floyd's algorithm (Bentley & Floyd 1987,
 * "A sample of brilliance", CACM 30(9)) followed by a shuffle. Larger k: a
 * partial Fisher–Yates on an identity permutation kept in module scratch (grown
 * to n entries once, 4n bytes) whose swaps are undone afterwards, so each call
 * costs O(k), not O(n). Returns `out`.
 */
export function sampleWithoutReplacement(
  src: UniformSource,
  n: number,
  k: number,
  out: Int32Array,
): Int32Array {
  if (!(n >= 0 && n <= 2147483647 && Number.isInteger(n))) {
    throw new InputError('n', `must be an integer in [0, 2^31 − 1], got ${n}`);
  }
  if (!(k >= 0 && k <= n && Number.isInteger(k))) {
    throw new InputError('k', `must be an integer in [0, n = ${n}], got ${k}`);
  }
  if (out.length < k) throw new InputError('out', `must have length ≥ k = ${k}, got ${out.length}`);
  if (k <= FLOYD_MAX_K) return floydSample(src, n, k, out);
  return partialFisherYates(src, n, k, out);
}

function floydSample(src: UniformSource, n: number, k: number, out: Int32Array): Int32Array {
  let count = 0;
  for (let j = n - k; j < n; j++) {
    const t = sampleIndex(src, j + 1);
    let seen = false;
    for (let i = 0; i < count; i++) {
      if (out[i] === t) {
        seen = true;
        break;
      }
    }
    out[count++] = seen ? j : t;
  }
  return shuffle(src, out, k);
}

let identity = new Int32Array(0);
let swaps = new Int32Array(0);

function partialFisherYates(src: UniformSource, n: number, k: number, out: Int32Array): Int32Array {
  if (identity.length < n) {
    identity = new Int32Array(Math.max(n, 2 * identity.length));
    for (let i = 0; i < identity.length; i++) identity[i] = i;
  }
  if (swaps.length < k) swaps = new Int32Array(Math.max(k, 2 * swaps.length));
  const perm = identity;
  for (let i = 0; i < k; i++) {
    const j = i + sampleIndex(src, n - i);
    swaps[i] = j;
    const t = perm[j];
    perm[j] = perm[i];
    perm[i] = t;
    out[i] = t;
  }
  // Undo the swaps in reverse order so `identity` is the identity again.
  for (let i = k - 1; i >= 0; i--) {
    const j = swaps[i];
    const t = perm[j];
    perm[j] = perm[i];
    perm[i] = t;
  }
  return out;
}
