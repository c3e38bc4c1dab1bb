/**
 * A small deterministic {@link Rng} for tests only (excluded from the build):
 * xorshift128 (Marsaglia 2003) uniforms with 53 random bits, Box–Muller normals,
 * and Binomial(n, p) by sequential inversion of the CDF (exact; O(np) per draw, so
 * meant for the modest n of tests — it throws if (1 − p)ⁿ underflows).
 */
import type { Rng } from '../types.js';

export class TestRng implements Rng {
  private x: number;
  private y: number;
  private z: number;
  private w: number;
  private spare = Number.NaN;

  constructor(seed: number) {
    // splitmix32-style scrambling of the seed into four non-zero words.
    let s = seed >>> 0;
    const next = () => {
      s = (s + 0x9e3779b9) >>> 0;
      let t = s;
      t = Math.imul(t ^ (t >>> 16), 0x85ebca6b) >>> 0;
      t = Math.imul(t ^ (t >>> 13), 0xc2b2ae35) >>> 0;
      return (t ^ (t >>> 16)) >>> 0 || 1;
    };
    this.x = next();
    this.y = next();
    this.z = next();
    this.w = next();
  }

  /** Raw 32-bit xorshift128 output. */
  uint32(): number {
    const t = this.x ^ (this.x << 11);
    this.x = this.y;
    this.y = this.z;
    this.z = this.w;
    this.w = (this.w ^ (this.w >>> 19) ^ (t ^ (t >>> 8))) >>> 0;
    return this.w;
  }

  uniform(): number {
    const hi = this.uint32() >>> 5; // 27 bits
    const lo = this.uint32() >>> 6; // 26 bits
    return (hi * 67108864 + lo) / 9007199254740992;
  }

  normal(): number {
    if (!Number.isNaN(this.spare)) {
      const s = this.spare;
      this.spare = Number.NaN;
      return s;
    }
    let u = 0;
    while (u === 0) u = this.uniform();
    const r = Math.sqrt(-2 * Math.log(u));
    const theta = 2 * Math.PI * this.uniform();
    this.spare = r * Math.sin(theta);
    return r * Math.cos(theta);
  }

  binomial(n: number, p: number): number {
    if (p <= 0) return 0;
    if (p >= 1) return n;
    if (p > 0.5) return n - this.binomial(n, 1 - p);
    const q = 1 - p;
    let pmf = q ** n;
    if (pmf === 0) throw new RangeError(`TestRng.binomial: (1 − p)^n underflows for n = ${n}, p = ${p}`);
    const ratio = p / q;
    const u = this.uniform();
    let cdf = pmf;
    let k = 0;
    while (u >= cdf && k < n) {
      pmf *= ((n - k) / (k + 1)) * ratio;
      k++;
      cdf += pmf;
    }
    return k;
  }
}
