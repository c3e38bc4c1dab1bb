/**
 * The mixture sequential probability ratio test of Johari, Koomen, Pekelis & Walsh (2022,
 * "Always valid inference: continuous monitoring of A/B tests", Operations Research 70:1806,
 * §3, eq. for Λ_n^{H,θ0} with a normal mixing distribution H = N(θ0, τ²)): for observations
 * with mean θ and variance (or sub-Gaussian proxy) σ², after n of them with mean x̄_n,
 *
 *   Λ_n = √(σ²/(σ² + nτ²)) · exp( n²τ²(x̄_n − θ0)² / (2σ²(σ² + nτ²)) ),
 *
 * a nonnegative (super)martingale under H0: θ = θ0, so p_n = min(1, 1/max_{j≤n} Λ_j) is an
 * always-valid p-value (P(∃n: p_n ≤ α) ≤ α) and {θ0 : Λ_n(θ0) < 1/α} an α-level confidence
 * sequence. It is the normal mixture of normalMixture.ts with S = n(x̄ − θ0), V = nσ² and
 * ρ = σ⁴/τ². Exact for Gaussian data with known σ²; exact as a supermartingale for
 * σ-sub-Gaussian increments (Rademacher signs with σ² = 1, or values in [a, b] with
 * σ² = (b − a)²/4); with an estimated σ² it is only asymptotically valid (Johari et al. §4).
 *
 * Tuning the mixing variance: τ² = σ²·κ(α)/n_planned, κ(α) = 2 log(1/α) + log(1 + 2 log(1/α)),
 * makes the test's boundary tightest after n_planned observations (Howard et al.'s ρ).
 */
import { assertFinite, assertInteger, assertLevel, assertPositive } from '../validate.js';
import { mixtureTuningConstant } from './normalMixture.js';

export interface MixtureSprtOptions {
  /** Variance (or sub-Gaussian proxy) σ² of one observation. */
  readonly sigma2: number;
  /** Mixing variance τ² of the effect under the alternative. */
  readonly tau2: number;
  /** The null mean θ0 (default 0). */
  readonly theta0?: number;
}

/** log Λ_n after n observations summing to `sum` (see the module comment). */
export function mixtureSprtLogRatio(n: number, sum: number, options: MixtureSprtOptions): number {
  const { sigma2, tau2 } = options;
  const theta0 = options.theta0 ?? 0;
  assertInteger('n', n, 0);
  assertFinite('sum', sum);
  assertPositive('sigma2', sigma2);
  assertPositive('tau2', tau2);
  assertFinite('theta0', theta0);
  const s = sum - n * theta0;
  const denom = sigma2 + n * tau2;
  return 0.5 * Math.log(sigma2 / denom) + (tau2 * s * s) / (2 * sigma2 * denom);
}

/** The mSPRT observation by observation: log Λ_n, its running maximum and the p-value. */
export class MixtureSprt {
  private n = 0;
  private sum = 0;
  private readonly sigma2: number;
  private readonly tau2: number;
  private readonly theta0: number;
  /** log max_{j≤n} Λ_j (Λ_0 = 1). */
  maxLogRatio = 0;

  constructor(options: MixtureSprtOptions) {
    mixtureSprtLogRatio(0, 0, options);
    this.sigma2 = options.sigma2;
    this.tau2 = options.tau2;
    this.theta0 = options.theta0 ?? 0;
  }

  /** Adds an observation; returns log Λ_n. */
  push(x: number): number {
    this.n++;
    this.sum += x;
    const s = this.sum - this.n * this.theta0;
    const denom = this.sigma2 + this.n * this.tau2;
    const log = 0.5 * Math.log(this.sigma2 / denom) + (this.tau2 * s * s) / (2 * this.sigma2 * denom);
    if (log > this.maxLogRatio) this.maxLogRatio = log;
    return log;
  }

  /** min(1, 1/max_{j≤n} Λ_j). */
  pValue(): number {
    return Math.min(1, Math.exp(-this.maxLogRatio));
  }
}

/** Always-valid p-values p_1 … p_n of H0: θ = θ0 for the observations x, in order. */
export function mixtureSprtPValues(x: ArrayLike<number>, options: MixtureSprtOptions): Float64Array {
  const test = new MixtureSprt(options);
  const out = new Float64Array(x.length);
  for (let n = 0; n < x.length; n++) {
    if (!Number.isFinite(x[n])) throw new RangeError(`x: entry ${n} is ${x[n]}; observations must be finite`);
    test.push(x[n]);
    out[n] = test.pValue();
  }
  return out;
}

/** The half-width of the mSPRT's confidence sequence after n observations: |x̄ − θ0| < r. */
export function mixtureSprtRadius(
  n: number,
  alpha: number,
  options: Omit<MixtureSprtOptions, 'theta0'>,
): number {
  const { sigma2, tau2 } = options;
  assertInteger('n', n, 1);
  assertLevel(alpha, 'alpha');
  const denom = sigma2 + n * tau2;
  return Math.sqrt(
    ((2 * sigma2 * denom) / (n * n * tau2)) * (Math.log(1 / alpha) + 0.5 * Math.log(denom / sigma2)),
  );
}

/** τ² making the mSPRT tightest after `plannedN` observations of variance σ²: σ²κ(α)/plannedN. */
export function mixtureSprtTau2(plannedN: number, sigma2: number, alpha: number): number {
  assertPositive('plannedN', plannedN);
  assertPositive('sigma2', sigma2);
  return (sigma2 * mixtureTuningConstant(alpha)) / plannedN;
}
