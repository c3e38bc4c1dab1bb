/**
 * The per-replication random stream: sfc32 (Doty-Humphrey, PractRand 0.94,
 * "small fast chaotic", 128-bit state incl. a 32-bit counter, so every seed has
 * period ≥ 2³²; expected period ≈ 2¹²⁷; no known failures in PractRand or
 * TestU01 BigCrush).
 *
 * State derivation (`reseed(cellKey, r)`), for a 53-bit cell key
 * K = K_hi·2³² + K_lo from `streamSeed` and a replication index r ∈ [0, 2³²):
 *   a, b, c, counter = MurmurHash3_x86_32(K_lo ‖ K_hi ‖ r, seed = j·0x9E3779B9), j = 0, 1, 2, 3
 * (the 12-byte message of three little-endian words, four seeds), then 12 sfc32
 * rounds are discarded (the author's recommended seeding). Every state word
 * depends on all 85 input bits through Murmur3's avalanche, so neighbouring
 * replications and cells start far apart; deriving a state is a few hashes, done lazily on a
 * reseeded stream's first draw, and allocates nothing (seedrandom's RC4 key schedule, by
 * contrast, is a 256-step setup and a discard of 256 bytes per seed), so one object per worker
 * is reseeded for every replication. sfc32 needs no multiplications, and 53-bit uniforms from
 * it are cheaper than from xoshiro128** or seedrandom's ARC4 (packages/sim/bench/rng.bench.mjs
 * compares them).
 *
 * `uniform()` has full 53-bit resolution, (⌊a/2⁵⌋·2²⁶ + ⌊b/2⁶⌋)·2⁻⁵³ from two
 * words (the construction of MT19937's genrand_res53), a little dearer than a 32-bit uniform;
 * we pay it so that
 * Bernoulli and inversion draws stay exact for probabilities far below 2⁻³²
 * (binomial tails at n = 1e6, p = 1e-5) and log(1 − U) never sees a coarse grid.
 */
import { InputError } from '@evalsim/core';
import type { RandomStream } from '../base/randomStream.js';
import { sampleBernoulli } from '../samplers/bernoulli.js';
import { sampleBeta } from '../samplers/beta.js';
import { sampleBinomial } from '../samplers/binomial.js';
import { sampleGamma } from '../samplers/gamma.js';
import { normalOffFastPath, sampleNormal, ZIGGURAT_EDGES, ZIGGURAT_RATIOS } from '../samplers/normal.js';
import { sampleRademacher } from '../samplers/rademacher.js';
import { sampleIndex } from '../samplers/uniformIndex.js';
import { sampleWebb } from '../samplers/webb.js';
import { murmur3Words3Int32 } from './murmur3.js';

const TWO_32 = 4294967296;
const TWO_26 = 67108864;
const TWO_NEG_53 = 1.1102230246251565e-16;
/** Largest n for which x·n (x < 2³²) is exact in a double (uniformIndex.ts). */
const MAX_EXACT_PRODUCT_N = 2097152;
const TWO_NEG_52 = 2.220446049250313e-16;
const MAX_CELL_KEY = 9007199254740991;
const WARM_UP_ROUNDS = 12;
const SEED_STEP = 0x9e3779b9;

/** A bulk fill's `count`: a whole number of values that fits the output array (`length`). */
function checkFillCount(count: number, length: number): void {
  if (!(Number.isInteger(count) && count >= 0 && count <= length)) {
    throw new InputError('count', `must be an integer in [0, ${length}], got ${count}`);
  }
}

/** An index range n of {@link SeededStream.fillIndices}: an integer in [1, 2³²]. */
function checkIndexRange(n: number): void {
  if (!(Number.isInteger(n) && n >= 1 && n <= TWO_32)) {
    throw new InputError('n', `must be an integer in [1, 2^32], got ${n}`);
  }
}

/** A seeded sfc32 stream; `reseed` re-targets it to another (cell key, replication). */
export class SeededStream implements RandomStream {
  private a = 0;
  private b = 0;
  private c = 0;
  private counter = 0;
  /** The (cellKey, replication) of the last reseed; `pending` until its state is derived. */
  private cellKey = 0;
  private replication = 0;
  private pending = true;

  /** Stream for replication `replication` of the cell whose key is `cellKey` (from `streamSeed`). */
  constructor(cellKey: number, replication = 0) {
    this.reseed(cellKey, replication);
  }

  /**
   * Point this stream at (cellKey, replication) in place, without allocating.
   * The sequence depends only on these two numbers, never on earlier use.
   * The arguments are checked here; the state (four hashes, 12 rounds) is derived on the first
   * draw, so a stream reseeded for a method that draws nothing (most interval methods: the
   * runner reseeds one per method per replication) costs only the checks. Same sequence.
   */
  reseed(cellKey: number, replication: number): this {
    if (!(cellKey >= 0 && cellKey <= MAX_CELL_KEY && Number.isInteger(cellKey))) {
      throw new InputError('cellKey', `must be an integer in [0, 2^53 − 1], got ${cellKey}`);
    }
    if (!(replication >= 0 && replication < TWO_32 && Number.isInteger(replication))) {
      throw new InputError('replication', `must be an integer in [0, 2^32 − 1], got ${replication}`);
    }
    this.cellKey = cellKey;
    this.replication = replication;
    this.pending = true;
    return this;
  }

  /** Derives the state of (cellKey, replication) (the documented derivation; int32 hashes: nothing boxed). */
  private start(): void {
    const cellKey = this.cellKey;
    const replication = this.replication;
    const low = cellKey >>> 0;
    const high = (cellKey - low) / TWO_32;
    this.a = murmur3Words3Int32(low, high, replication, 0);
    this.b = murmur3Words3Int32(low, high, replication, SEED_STEP);
    this.c = murmur3Words3Int32(low, high, replication, 2 * SEED_STEP);
    this.counter = murmur3Words3Int32(low, high, replication, 3 * SEED_STEP);
    this.pending = false;
    for (let i = 0; i < WARM_UP_ROUNDS; i++) this.step();
  }

  /** One sfc32 step; returns the output as a signed 32-bit integer (state already derived). */
  private step(): number {
    const a = this.a;
    const b = this.b;
    const c = this.c;
    const t = (a + b + this.counter) | 0;
    this.counter = (this.counter + 1) | 0;
    this.a = b ^ (b >>> 9);
    this.b = (c + (c << 3)) | 0;
    this.c = (((c << 21) | (c >>> 11)) + t) | 0;
    return t;
  }

  /** Uniform unsigned 32-bit integer. */
  uint32(): number {
    if (this.pending) this.start();
    return this.step() >>> 0;
  }

  /** Uniform on [0, 1) with 53-bit resolution (multiples of 2⁻⁵³). */
  uniform(): number {
    if (this.pending) this.start();
    const high = this.step() >>> 5;
    const low = this.step() >>> 6;
    return (high * TWO_26 + low) * TWO_NEG_53;
  }

  /**
   * out[0 … count − 1] = the next `count` uniforms: the same sfc32 steps and arithmetic as
   * `count` calls of {@link uniform} (bit for bit, and the stream is left where those calls
   * would leave it), with the state in locals for the whole loop instead of loaded and stored
   * on the object at every step.
   */
  fillUniform(out: Float64Array, count: number): void {
    checkFillCount(count, out.length);
    if (this.pending) this.start();
    let a = this.a;
    let b = this.b;
    let c = this.c;
    let d = this.counter;
    for (let i = 0; i < count; i++) {
      let t = (a + b + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (((c << 21) | (c >>> 11)) + t) | 0;
      const high = t >>> 5;
      t = (a + b + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (((c << 21) | (c >>> 11)) + t) | 0;
      out[i] = (high * TWO_26 + (t >>> 6)) * TWO_NEG_53;
    }
    this.a = a;
    this.b = b;
    this.c = c;
    this.counter = d;
  }

  /**
   * out[i] = 1 when the i-th next uniform is below probabilities[i], else 0, i = 0 … count − 1:
   * the same uniforms as {@link fillUniform} (the stream left where it would be), compared as they
   * are made instead of stored and read back, and written as 0/1 without a branch (a draw at
   * p = 1/2 is a coin flip no branch predictor can learn).
   */
  fillBernoulli(probabilities: Float64Array, count: number, out: Uint8Array): void {
    checkFillCount(count, Math.min(out.length, probabilities.length));
    if (this.pending) this.start();
    let a = this.a;
    let b = this.b;
    let c = this.c;
    let d = this.counter;
    for (let i = 0; i < count; i++) {
      let t = (a + b + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (((c << 21) | (c >>> 11)) + t) | 0;
      const high = t >>> 5;
      t = (a + b + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (((c << 21) | (c >>> 11)) + t) | 0;
      out[i] = +((high * TWO_26 + (t >>> 6)) * TWO_NEG_53 < probabilities[i]);
    }
    this.a = a;
    this.b = b;
    this.c = c;
    this.counter = d;
  }

  /**
   * out[0 … count − 1] = the next `count` values of {@link uint32} (same words, same order, the
   * stream left where those calls would leave it), the state in locals for the whole loop.
   */
  fillUint32(out: Uint32Array, count: number): void {
    checkFillCount(count, out.length);
    if (this.pending) this.start();
    let a = this.a;
    let b = this.b;
    let c = this.c;
    let d = this.counter;
    for (let i = 0; i < count; i++) {
      const t = (a + b + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (((c << 21) | (c >>> 11)) + t) | 0;
      out[i] = t;
    }
    this.a = a;
    this.b = b;
    this.c = c;
    this.counter = d;
  }

  /**
   * out[0 … count − 1] = the next `count` values of {@link index}(n): the same words through the
   * same Lemire multiply-and-reject (samplers/uniformIndex.ts), so the same indices and the same
   * stream position after, with the state in locals. For n > 2²¹ it calls {@link index} per value.
   */
  fillIndices(out: Int32Array, count: number, n: number): void {
    checkFillCount(count, out.length);
    checkIndexRange(n);
    if (n > MAX_EXACT_PRODUCT_N) {
      for (let i = 0; i < count; i++) out[i] = sampleIndex(this, n);
      return;
    }
    if (this.pending) this.start();
    let a = this.a;
    let b = this.b;
    let c = this.c;
    let d = this.counter;
    for (let i = 0; i < count; i++) {
      const x = (a + b + d) >>> 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (((c << 21) | (c >>> 11)) + x) | 0;
      const low = Math.imul(x, n) >>> 0;
      if (low >= n) {
        out[i] = (x * n - low) / TWO_32;
        continue;
      }
      this.a = a;
      this.b = b;
      this.c = c;
      this.counter = d;
      out[i] = this.indexAfterLowWord(x, low, n);
      a = this.a;
      b = this.b;
      c = this.c;
      d = this.counter;
    }
    this.a = a;
    this.b = b;
    this.c = c;
    this.counter = d;
  }

  /**
   * out[r] = Σ values[i] over `terms` successive indices i = {@link index}(n), for r = 0 … count − 1:
   * the indices those calls (or {@link fillIndices}) would give from the same words, in the same
   * order, leaving the stream where they would; each sum taken in 32-bit integers, which is exact
   * when the caller's values keep every partial sum an int32 (e.g. values ≥ 0 with
   * terms·max < 2³¹). One loop instead of filling indices and summing them (the cluster
   * bootstrap's resample sums: count resamples of terms = n clusters). Needs n ≤ values.length.
   */
  fillIndexedSums(out: Int32Array, count: number, values: Int32Array, terms: number, n: number): void {
    checkFillCount(count, out.length);
    checkIndexRange(n);
    if (!(Number.isInteger(terms) && terms >= 0)) {
      throw new InputError('terms', `must be a non-negative integer, got ${terms}`);
    }
    if (n > values.length) {
      throw new InputError('n', `must be at most values.length = ${values.length}, got ${n}`);
    }
    if (n > MAX_EXACT_PRODUCT_N) {
      for (let r = 0; r < count; r++) {
        let sum = 0;
        for (let j = 0; j < terms; j++) sum = (sum + values[sampleIndex(this, n)]) | 0;
        out[r] = sum;
      }
      return;
    }
    if (this.pending) this.start();
    let a = this.a;
    let b = this.b;
    let c = this.c;
    let d = this.counter;
    for (let r = 0; r < count; r++) {
      let sum = 0;
      for (let j = 0; j < terms; j++) {
        const x = (a + b + d) >>> 0;
        d = (d + 1) | 0;
        a = b ^ (b >>> 9);
        b = (c + (c << 3)) | 0;
        c = (((c << 21) | (c >>> 11)) + x) | 0;
        const low = Math.imul(x, n) >>> 0;
        if (low >= n) {
          sum = (sum + values[((x * n - low) / TWO_32) | 0]) | 0;
          continue;
        }
        this.a = a;
        this.b = b;
        this.c = c;
        this.counter = d;
        sum = (sum + values[this.indexAfterLowWord(x, low, n)]) | 0;
        a = this.a;
        b = this.b;
        c = this.c;
        d = this.counter;
      }
      out[r] = sum;
    }
    this.a = a;
    this.b = b;
    this.c = c;
    this.counter = d;
  }

  /**
   * The rest of Lemire's method (samplers/uniformIndex.ts) for a first word x whose low product
   * word `low` = x·n mod 2³² is below n (probability n/2³²): draws again while low is under the
   * threshold (2³² − n) mod n, from the state on the object; n ≤ 2²¹.
   */
  private indexAfterLowWord(x: number, low: number, n: number): number {
    const threshold = (TWO_32 - n) % n;
    while (low < threshold) {
      x = this.uint32();
      low = Math.imul(x, n) >>> 0;
    }
    return (x * n - low) / TWO_32;
  }

  /** Uniform integer in [0, n), exact (Lemire's method), 1 ≤ n ≤ 2³². */
  index(n: number): number {
    return sampleIndex(this, n);
  }

  /** Standard normal (256-layer ziggurat). */
  normal(): number {
    return sampleNormal(this);
  }

  /**
   * out[0 … count − 1] = the next `count` values of {@link normal}, bit for bit (and the stream
   * is left where those calls would leave it): the ziggurat's fast path (≈ 99% of draws) runs
   * on two sfc32 steps kept in locals, the rest goes through the sampler's own slow path
   * (samplers/normal.ts, normalOffFastPath) on the same two words. No double is boxed per draw.
   */
  fillNormal(out: Float64Array, count: number): void {
    checkFillCount(count, out.length);
    if (this.pending) this.start();
    const edges = ZIGGURAT_EDGES;
    const ratios = ZIGGURAT_RATIOS;
    let a = this.a;
    let b = this.b;
    let c = this.c;
    let d = this.counter;
    for (let i = 0; i < count; i++) {
      let t = (a + b + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (((c << 21) | (c >>> 11)) + t) | 0;
      const first = t >>> 0;
      t = (a + b + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (((c << 21) | (c >>> 11)) + t) | 0;
      const layer = first & 255;
      const u = ((first >>> 11) * TWO_32 + (t >>> 0)) * TWO_NEG_52 - 1;
      if (Math.abs(u) < ratios[layer]) {
        out[i] = u * edges[layer];
        continue;
      }
      this.a = a;
      this.b = b;
      this.c = c;
      this.counter = d;
      out[i] = normalOffFastPath(this, layer, u);
      a = this.a;
      b = this.b;
      c = this.c;
      d = this.counter;
    }
    this.a = a;
    this.b = b;
    this.c = c;
    this.counter = d;
  }

  /** Gamma(shape, 1) (Marsaglia–Tsang). */
  gamma(shape: number): number {
    return sampleGamma(this, shape);
  }

  /** Beta(a, b) (ratio of gammas). */
  beta(a: number, b: number): number {
    return sampleBeta(this, a, b);
  }

  /** Binomial(n, p), exact for any n (inversion or BTRD). */
  binomial(n: number, p: number): number {
    return sampleBinomial(this, n, p);
  }

  /** 1 with probability p, else 0. */
  bernoulli(p: number): number {
    return sampleBernoulli(this, p);
  }

  /** ±1 with probability ½ each. */
  rademacher(): number {
    return sampleRademacher(this);
  }

  /** Webb six-point weight (±√½, ±1, ±√(3/2)). */
  webb(): number {
    return sampleWebb(this);
  }
}
