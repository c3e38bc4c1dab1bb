/**
 * Test helpers: Pearson chi-square goodness of fit against an exact pmf or cdf,
 * and sample moments with their plug-in Monte Carlo standard errors.
 */
import { chiSquareSf } from '@evalsim/core';

/** Reject a sampler when its goodness-of-fit p-value falls below this (fixed seeds; false-alarm rate 1e-4). */
export const GOF_REJECT_BELOW = 1e-4;

export interface ChiSquareResult {
  statistic: number;
  df: number;
  pValue: number;
  bins: number;
}

/**
 * Pearson chi-square of observed counts against expected probabilities (summing
 * to ~1), pooling adjacent cells until each expected count is ≥ 5 (Cochran's rule).
 */
export function chiSquareTest(
  observed: ArrayLike<number>,
  probabilities: ArrayLike<number>,
): ChiSquareResult {
  let total = 0;
  let mass = 0;
  for (let i = 0; i < observed.length; i++) {
    total += observed[i];
    const p = probabilities[i];
    if (!(p >= 0 && p <= 1)) throw new Error(`chiSquareTest: cell ${i} has probability ${p}`);
    mass += p;
  }
  // A broken reference distribution must fail loudly, not pass as a "good fit".
  if (Math.abs(mass - 1) > 1e-6) throw new Error(`chiSquareTest: probabilities sum to ${mass}, not 1`);
  const obs: number[] = [];
  const exp: number[] = [];
  let o = 0;
  let e = 0;
  for (let i = 0; i < observed.length; i++) {
    o += observed[i];
    e += probabilities[i] * total;
    if (e >= 5) {
      obs.push(o);
      exp.push(e);
      o = 0;
      e = 0;
    }
  }
  if (exp.length === 0) throw new Error('chiSquareTest: no cell reached an expected count of 5');
  obs[obs.length - 1] += o;
  exp[exp.length - 1] += e;
  let statistic = 0;
  for (let i = 0; i < exp.length; i++) statistic += (obs[i] - exp[i]) ** 2 / exp[i];
  const df = exp.length - 1;
  return { statistic, df, pValue: df > 0 ? chiSquareSf(statistic, df) : 1, bins: exp.length };
}

/**
 * Discrete goodness of fit: counts of `draws` on 0..maxValue against `pmf`; values
 * beyond maxValue or below 0 land in an "outside" cell whose probability is 1 − Σ pmf.
 */
export function discreteGof(
  draws: ArrayLike<number>,
  pmf: (k: number) => number,
  maxValue: number,
): ChiSquareResult {
  const counts = new Float64Array(maxValue + 2);
  const probabilities = new Float64Array(maxValue + 2);
  for (let i = 0; i < draws.length; i++) {
    const x = draws[i];
    counts[x >= 0 && x <= maxValue && Number.isInteger(x) ? x : maxValue + 1]++;
  }
  let mass = 0;
  for (let k = 0; k <= maxValue; k++) {
    probabilities[k] = pmf(k);
    mass += probabilities[k];
  }
  probabilities[maxValue + 1] = Math.max(0, 1 - mass);
  return chiSquareTest(counts, probabilities);
}

/**
 * Discrete goodness of fit on the window lo..hi (e.g. mean ± 6 s.d.), with the two
 * tails outside it as single cells whose probabilities come from the cdf.
 */
export function windowGof(
  draws: ArrayLike<number>,
  pmf: (k: number) => number,
  cdf: (k: number) => number,
  lo: number,
  hi: number,
): ChiSquareResult {
  const width = hi - lo + 1;
  const counts = new Float64Array(width + 2);
  const probabilities = new Float64Array(width + 2);
  for (let i = 0; i < draws.length; i++) {
    const x = draws[i];
    counts[x < lo ? 0 : x > hi ? width + 1 : x - lo + 1]++;
  }
  probabilities[0] = lo > 0 ? cdf(lo - 1) : 0;
  let mass = probabilities[0];
  for (let k = lo; k <= hi; k++) {
    probabilities[k - lo + 1] = pmf(k);
    mass += pmf(k);
  }
  probabilities[width + 1] = Math.max(0, 1 - mass);
  return chiSquareTest(counts, probabilities);
}

/**
 * Continuous goodness of fit through the probability integral transform: the
 * draws' cdf values F(x) are binned into `bins` equal-width cells of [0, 1],
 * each with expected probability 1/bins.
 */
export function continuousGof(
  draws: ArrayLike<number>,
  cdf: (x: number) => number,
  bins = 100,
): ChiSquareResult {
  const counts = new Float64Array(bins);
  for (let i = 0; i < draws.length; i++) {
    const u = cdf(draws[i]);
    if (!(u >= 0 && u <= 1)) throw new Error(`continuousGof: cdf(${draws[i]}) = ${u}`);
    counts[Math.min(bins - 1, Math.max(0, Math.floor(u * bins)))]++;
  }
  return chiSquareTest(counts, new Float64Array(bins).fill(1 / bins));
}

export interface SampleMoments {
  count: number;
  mean: number;
  /** Central moments m2 … m6 (divisor N). */
  m2: number;
  m3: number;
  m4: number;
  m6: number;
  /** Plug-in standard errors: √(m2/N), √((m4 − m2²)/N), √((m6 − m3² − 6 m4 m2 + 9 m2³)/N). */
  seMean: number;
  seVariance: number;
  seThird: number;
}

/** Sample mean and central moments with their asymptotic standard errors (Kendall & Stuart, §10.5). */
export function sampleMoments(draws: ArrayLike<number>): SampleMoments {
  const n = draws.length;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += draws[i];
  const mean = sum / n;
  let m2 = 0;
  let m3 = 0;
  let m4 = 0;
  let m6 = 0;
  for (let i = 0; i < n; i++) {
    const d = draws[i] - mean;
    const d2 = d * d;
    m2 += d2;
    m3 += d2 * d;
    m4 += d2 * d2;
    m6 += d2 * d2 * d2;
  }
  m2 /= n;
  m3 /= n;
  m4 /= n;
  m6 /= n;
  return {
    count: n,
    mean,
    m2,
    m3,
    m4,
    m6,
    seMean: Math.sqrt(m2 / n),
    seVariance: Math.sqrt(Math.max(0, m4 - m2 * m2) / n),
    seThird: Math.sqrt(Math.max(0, m6 - m3 * m3 - 6 * m4 * m2 + 9 * m2 * m2 * m2) / n),
  };
}

/** Number of standard errors allowed between a sample moment and its exact value. */
export const MOMENT_Z = 5;

/** Fill a Float64Array with `count` draws. */
export function drawMany(count: number, draw: () => number): Float64Array {
  const out = new Float64Array(count);
  for (let i = 0; i < count; i++) out[i] = draw();
  return out;
}

export interface ExactMoments {
  mean: number;
  variance: number;
  /** Third central moment, when cheap to state. */
  third?: number;
}

/**
 * |sample moment − exact| / its plug-in standard error, for mean, variance and
 * (when given) the third central moment. Tests require each below MOMENT_Z.
 */
export function momentZScores(draws: ArrayLike<number>, exact: ExactMoments): number[] {
  const m = sampleMoments(draws);
  const z = [Math.abs(m.mean - exact.mean) / m.seMean, Math.abs(m.m2 - exact.variance) / m.seVariance];
  if (exact.third !== undefined) z.push(Math.abs(m.m3 - exact.third) / m.seThird);
  return z;
}

/**
 * Discrete goodness of fit for very wide supports: cells [lo + i·width, lo + (i+1)·width)
 * up to hi, plus the two tails, with probabilities from cdf differences.
 */
export function cdfBinnedGof(
  draws: ArrayLike<number>,
  cdf: (k: number) => number,
  lo: number,
  hi: number,
  width: number,
): ChiSquareResult {
  const cells = Math.ceil((hi - lo + 1) / width);
  const counts = new Float64Array(cells + 2);
  const probabilities = new Float64Array(cells + 2);
  for (let i = 0; i < draws.length; i++) {
    const x = draws[i];
    counts[x < lo ? 0 : x > hi ? cells + 1 : 1 + Math.floor((x - lo) / width)]++;
  }
  let previous = cdf(lo - 1);
  probabilities[0] = previous;
  for (let c = 0; c < cells; c++) {
    const next = cdf(Math.min(hi, lo + (c + 1) * width - 1));
    probabilities[c + 1] = next - previous;
    previous = next;
  }
  probabilities[cells + 1] = 1 - previous;
  return chiSquareTest(counts, probabilities);
}
