/**
 * The hedged betting confidence sequence for the mean μ of observations in [0, 1] (Waudby-Smith
 * & Ramdas 2023, "Estimating means of bounded random variables by betting", JRSS B 86:1,
 * §4.2–4.3 and Theorem 3). For a candidate mean m two gamblers bet on the next observation with
 * predictable bets (fixed before it is seen), one that it is above m, one below:
 *
 *   K⁺_t(m) = Π_{i≤t} (1 + λ⁺_i(m)(X_i − m)),   K⁻_t(m) = Π_{i≤t} (1 − λ⁻_i(m)(X_i − m)),
 *   λ⁺_i(m) = min(λ̇_i, c/m),  λ⁻_i(m) = min(λ̇_i, c/(1 − m))   (truncation c = ½),
 *
 * with the predictable plug-in bet (their eq. (26), "PrPl")
 *
 *   λ̇_t = √( 2 log(2/α) / (σ̂²_{t−1} · t · log(1 + t)) ),
 *   μ̂_t = (½ + Σ_{i≤t} X_i)/(t + 1),  σ̂²_t = (¼ + Σ_{i≤t} (X_i − μ̂_i)²)/(t + 1),  σ̂²_0 = ¼.
 *
 * At m = μ both capitals are nonnegative martingales with K_0 = 1, so the hedged capital
 * K_t(m) = max(½K⁺_t(m), ½K⁻_t(m)) ≤ ½K⁺ + ½K⁻ exceeds 1/α at some t with probability ≤ α
 * (Ville), and C_t = {m : max_{s≤t} K_s(m) < 1/α} is a confidence sequence (running
 * intersection included). Each factor of K⁺ is nonincreasing in m and each of K⁻
 * nondecreasing, so C_t = (L_t, U_t) is an interval whose ends are the roots of
 * max_{s≤t} K⁺_s(m) = 2/α and max_{s≤t} K⁻_s(m) = 2/α, found here by bisection (O(t) per
 * step) instead of confseq's grid of candidate means. The always-valid p-value of
 * H0: μ = m0 is p_t = min(1, 1/max_{s≤t} K_s(m0)), ≤ α exactly when m0 ∉ C_t.
 *
 * Formulas transcribed from confseq's betting_mart / lambda_predmix_eb
 * (gostevehoward/confseq src/confseq/betting.py and betting_strategies.py, commit
 * 70b1ef30aef08ad459815ea87fc25248f8b15178; theta = ½, trunc_scale = ½, convex_comb = False).
 */
import { assertLevel, InputError } from '../validate.js';

/** The predictable plug-in bets λ̇_1, λ̇_2, … of one sequence (see the module comment). */
export class PredictableBets {
  private t = 0;
  private sum = 0;
  private squares = 0;
  private readonly numerator: number;

  constructor(alpha: number) {
    assertLevel(alpha, 'alpha');
    this.numerator = 2 * Math.log(2 / alpha);
  }

  /** λ̇ for the next observation. */
  next(): number {
    const t = this.t + 1;
    const variance = (0.25 + this.squares) / t;
    return Math.sqrt(this.numerator / (variance * t * Math.log1p(t)));
  }

  /** Records an observation (after betting on it). */
  observe(x: number): void {
    this.t++;
    this.sum += x;
    const mean = Math.min((0.5 + this.sum) / (this.t + 1), 1);
    this.squares += (x - mean) * (x - mean);
  }
}

/** The hedged capital for one candidate mean m, observation by observation. */
export class HedgedCapital {
  private readonly bets: PredictableBets;
  private logPlus = 0;
  private logMinus = 0;
  /** log of max_{s≤t} K_s(m). */
  maxLogCapital = Math.log(0.5);

  constructor(
    readonly mean: number,
    alpha: number,
    readonly truncation = 0.5,
  ) {
    if (!(mean >= 0 && mean <= 1)) throw new InputError('mean', `must be in [0, 1], got ${mean}`);
    if (!(truncation > 0 && truncation < 1))
      throw new InputError('truncation', `must be in (0, 1), got ${truncation}`);
    this.bets = new PredictableBets(alpha);
  }

  /** Bets on x ∈ [0, 1], then records it (x = m leaves the capital as it is). */
  push(x: number): void {
    const m = this.mean;
    const d = x - m;
    if (d !== 0) {
      const bet = this.bets.next();
      this.logPlus += Math.log1p(Math.min(bet, this.truncation / m) * d);
      this.logMinus += Math.log1p(-Math.min(bet, this.truncation / (1 - m)) * d);
      const log = Math.max(this.logPlus, this.logMinus) + Math.log(0.5);
      if (log > this.maxLogCapital) this.maxLogCapital = log;
    }
    this.bets.observe(x);
  }

  /** min(1, 1/max_{s≤t} K_s(m)). */
  pValue(): number {
    return Math.min(1, Math.exp(-this.maxLogCapital));
  }
}

function checkObservations(x: ArrayLike<number>): void {
  if (x.length === 0) throw new InputError('x', 'must hold at least one observation');
  for (let i = 0; i < x.length; i++) {
    const v = x[i];
    if (!(v >= 0 && v <= 1)) throw new InputError('x', `entry ${i} is ${v}; observations must be in [0, 1]`);
  }
}

/** λ̇_1 … λ̇_n for the observations x. */
export function predictableBets(x: ArrayLike<number>, alpha: number): Float64Array {
  const bets = new PredictableBets(alpha);
  const out = new Float64Array(x.length);
  for (let i = 0; i < x.length; i++) {
    out[i] = bets.next();
    bets.observe(x[i]);
  }
  return out;
}

/** log max_{s≤t} K^±_s(m) over the whole sequence (sign +1 or −1). */
function maxLogSide(x: ArrayLike<number>, bets: Float64Array, m: number, sign: 1 | -1, c: number): number {
  const cap = c / (sign === 1 ? m : 1 - m);
  let log = 0;
  let max = 0;
  for (let i = 0; i < x.length; i++) {
    log += Math.log1p(sign * Math.min(bets[i], cap) * (x[i] - m));
    if (log > max) max = log;
  }
  return max;
}

export interface BettingOptions {
  readonly alpha: number;
  /** c in λ ≤ c/m (default ½). */
  readonly truncation?: number;
}

/** The running-intersection interval C_n = (lower, upper) after all of x (see the module comment). */
export function bettingConfidenceSequence(
  x: ArrayLike<number>,
  options: BettingOptions,
): { lower: number; upper: number } {
  const { alpha } = options;
  const c = options.truncation ?? 0.5;
  checkObservations(x);
  const bets = predictableBets(x, alpha);
  const threshold = Math.log(2 / alpha);
  // The + side excludes [0, L]; the − side excludes [U, 1].
  const solve = (sign: 1 | -1): number => {
    const excluded = (m: number) => maxLogSide(x, bets, m, sign, c) >= threshold;
    let inside = sign === 1 ? 1 : 0;
    let outside = sign === 1 ? 0 : 1;
    if (!excluded(outside)) return outside;
    for (let i = 0; i < 60; i++) {
      const mid = (inside + outside) / 2;
      if (excluded(mid)) outside = mid;
      else inside = mid;
    }
    return outside;
  };
  return { lower: solve(1), upper: solve(-1) };
}

/** Always-valid p-values p_1 … p_n of H0: μ = m0. */
export function bettingPValues(x: ArrayLike<number>, m0: number, options: BettingOptions): Float64Array {
  checkObservations(x);
  const capital = new HedgedCapital(m0, options.alpha, options.truncation ?? 0.5);
  const out = new Float64Array(x.length);
  for (let i = 0; i < x.length; i++) {
    capital.push(x[i]);
    out[i] = capital.pValue();
  }
  return out;
}
