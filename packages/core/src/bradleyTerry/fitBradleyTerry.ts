/**
 * The Bradley–Terry maximum-likelihood fit with ties as half wins (FastChat's `compute_bt`,
 * lm-sys/FastChat fastchat/serve/monitor/rating_systems.py at 0e6d3e4), by Newton's method on
 * the pair totals (pairTotals.ts), to convergence.
 *
 * Model: P(i beats j) = σ(θ_i − θ_j), σ(d) = 1/(1 + e^{−d}) (natural-log odds; the Elo scale is
 * R = 1000 + 400/ln 10 · θ, eloScale.ts). With y the score of i (½ for a tie) the log-likelihood
 * of pair k = {i, j} is the logistic one,
 *
 *   ℓ_k = s_k·log p_k + (n_k − s_k)·log(1 − p_k),   p_k = σ(θ_i − θ_j),
 *
 * with gradient ∂ℓ/∂θ_i = Σ_j (s_ij − n_ij·p_ij) and Hessian −L, L the weighted graph
 * Laplacian with edge weights n_ij·p_ij(1 − p_ij). θ is identified only up to a constant: the
 * fit keeps Σθ = 0 and solves each Newton step (L + J)·Δ = g with J = 11ᵀ/m (L + J is positive
 * definite when the comparison graph is connected; 1ᵀΔ = 1ᵀg = 0, so Σθ stays 0 — the
 * reference's `fit_newton`, /work/shared/perf/bt_fit.py). A step that lowers the likelihood is
 * halved until it does not.
 *
 * `prior` λ ≥ 0 adds the ridge −(λ/2)·Σθ² (a N(0, 1/λ) prior on each θ): the fix when the
 * MLE does not exist (a model with only wins or only losses, or any set of models that never
 * lose to the rest: bradleyTerryExistence.ts, Ford 1957). The fit does not detect that case:
 * without a prior Newton walks θ off until the gradient, which decays like e^{−gap}, falls under
 * the tolerance, and reports an absurd gap as converged — check `comparisonGraph` first.
 *
 * Converged when max_i |∂ℓ_λ/∂θ_i| ≤ tolerance·N (N = Σ n, default tolerance 1e-10), after which
 * one more Newton step is taken (quadratic convergence takes θ from there to working precision,
 * so two fits of the same totals agree to rounding whatever their starting points; `polish: false`
 * skips it, for bootstrap refits where 1e-10 is plenty): FastChat
 * stops L-BFGS at gtol 1e-6 after at most 100 iterations, which leaves ratings up to ~0.1 Elo
 * short on 50 k battles (fixtures/scripts/bradleyTerry.py shows it); Newton meets 1e-10 in a
 * handful of steps.
 */
import { InputError } from '../validate.js';
import { choleskyInPlace, choleskySolveInPlace } from './denseCholesky.js';
import { type PairTotals, totalBattles } from './pairTotals.js';

/**
 * A weak prior for when the MLE does not exist: λ = 1/σ² with σ = 400 Elo points = ln 10 natural
 * units, a N(0, (400 Elo)²) prior on each rating — about the information of 0.8 tied battles, so
 * it moves a well-measured rating by far less than its standard error and keeps a model with only
 * wins finite (`evalsim rate --prior auto` and the arena methods use it only then).
 */
export const WEAK_RATING_PRIOR = 1 / Math.LN10 ** 2;

export interface BradleyTerryFitOptions {
  /** Ridge λ ≥ 0 on θ (natural units): −(λ/2)Σθ² is added to the log-likelihood. Default 0. */
  readonly prior?: number;
  /** Relative gradient tolerance (max |gradient| / N). Default 1e-10. */
  readonly tolerance?: number;
  /** Newton steps at most. Default 100. */
  readonly maxIterations?: number;
  /** Starting θ (e.g. the full-data fit for a bootstrap resample); centred before use. */
  readonly start?: ArrayLike<number>;
  /** Reused buffers (many fits of the same size: a bootstrap). */
  readonly workspace?: BradleyTerryWorkspace;
  /** Take one more Newton step once the tolerance is met (default true; a bootstrap refit skips it). */
  readonly polish?: boolean;
}

export interface BradleyTerryFit {
  /** θ̂ (natural-log-odds scale, Σθ = 0). */
  readonly theta: Float64Array;
  /** Newton steps taken. */
  readonly iterations: number;
  /** max_i |∂ℓ_λ/∂θ_i| / N at θ̂. */
  readonly gradient: number;
  readonly converged: boolean;
  /** ℓ(θ̂) − (λ/2)Σθ̂². */
  readonly logLikelihood: number;
}

/** Buffers of one fit of m models. */
export interface BradleyTerryWorkspace {
  readonly models: number;
  readonly hessian: Float64Array;
  readonly gradient: Float64Array;
  readonly step: Float64Array;
  readonly previous: Float64Array;
}

export function createBradleyTerryWorkspace(models: number): BradleyTerryWorkspace {
  return {
    models,
    hessian: new Float64Array(models * models),
    gradient: new Float64Array(models),
    step: new Float64Array(models),
    previous: new Float64Array(models),
  };
}

/**
 * Fills g = ∇ℓ_λ and H = L + λI (+ J when `augment`) at θ; returns ℓ_λ(θ). With `hessian`
 * null only ℓ_λ and g are computed.
 */
export function bradleyTerryDerivatives(
  totals: PairTotals,
  theta: Float64Array,
  prior: number,
  gradient: Float64Array,
  hessian: Float64Array | null,
  augment: boolean,
): number {
  const m = totals.models;
  const { count, score } = totals;
  gradient.fill(0);
  if (hessian) hessian.fill(augment ? 1 / m : 0);
  let loglik = 0;
  let k = 0;
  for (let i = 0; i < m; i++) {
    const ti = theta[i];
    const ri = i * m;
    for (let j = i + 1; j < m; j++, k++) {
      const n = count[k];
      if (n === 0) continue;
      const d = ti - theta[j];
      const s = score[k];
      const e = Math.exp(-Math.abs(d));
      const p = d >= 0 ? 1 / (1 + e) : e / (1 + e);
      const l1pe = Math.log1p(e);
      // log p = −softplus(−d), log(1 − p) = −softplus(d)
      const logP = d >= 0 ? -l1pe : d - l1pe;
      const logQ = d >= 0 ? -d - l1pe : -l1pe;
      loglik += s * logP + (n - s) * logQ;
      const r = s - n * p;
      gradient[i] += r;
      gradient[j] -= r;
      if (hessian) {
        const w = n * p * (1 - p);
        hessian[ri + i] += w;
        hessian[j * m + j] += w;
        hessian[ri + j] -= w;
        hessian[j * m + i] -= w;
      }
    }
  }
  if (prior > 0) {
    let sq = 0;
    for (let i = 0; i < m; i++) {
      sq += theta[i] * theta[i];
      gradient[i] -= prior * theta[i];
      if (hessian) hessian[i * m + i] += prior;
    }
    loglik -= 0.5 * prior * sq;
  }
  return loglik;
}

function maxAbs(v: Float64Array): number {
  let out = 0;
  for (let i = 0; i < v.length; i++) out = Math.max(out, Math.abs(v[i]));
  return out;
}

/** Bradley–Terry MLE (or posterior mode with `prior`) of the pair totals. */
export function fitBradleyTerry(totals: PairTotals, options: BradleyTerryFitOptions = {}): BradleyTerryFit {
  const m = totals.models;
  const prior = options.prior ?? 0;
  const tolerance = options.tolerance ?? 1e-10;
  const maxIterations = options.maxIterations ?? 100;
  if (!(prior >= 0 && Number.isFinite(prior))) throw new InputError('prior', `must be ≥ 0, got ${prior}`);
  if (!(tolerance > 0)) throw new InputError('tolerance', `must be > 0, got ${tolerance}`);
  const n = totalBattles(totals);
  if (!(n > 0)) throw new InputError('totals', 'hold no battles');
  const ws = options.workspace ?? createBradleyTerryWorkspace(m);
  if (ws.models !== m) throw new InputError('workspace', `is for ${ws.models} models, not ${m}`);
  const theta = new Float64Array(m);
  if (options.start) {
    let mean = 0;
    for (let i = 0; i < m; i++) mean += options.start[i] / m;
    for (let i = 0; i < m; i++) theta[i] = options.start[i] - mean;
  }
  const { hessian, gradient, step, previous } = ws;
  let loglik = bradleyTerryDerivatives(totals, theta, prior, gradient, hessian, true);
  let iterations = 0;
  let polish = options.polish ?? true;
  for (;;) {
    const met = maxAbs(gradient) <= tolerance * n;
    if (iterations >= maxIterations || (met && !polish)) break;
    if (met) polish = false;
    if (!choleskyInPlace(hessian, m)) {
      throw new InputError('totals', 'the comparison graph is not connected (the Newton system is singular)');
    }
    step.set(gradient);
    choleskySolveInPlace(hessian, m, step);
    previous.set(theta);
    iterations++;
    let t = 1;
    for (let halving = 0; ; halving++) {
      for (let i = 0; i < m; i++) theta[i] = previous[i] + t * step[i];
      const next = bradleyTerryDerivatives(totals, theta, prior, gradient, hessian, true);
      // Accept unless the likelihood fell by more than rounding (ℓ is a sum of N-sized terms).
      if (next >= loglik - 1e-13 * Math.abs(loglik) || halving === 40) {
        loglik = next;
        break;
      }
      t /= 2;
    }
  }
  const g = maxAbs(gradient) / n;
  return { theta, iterations, gradient: g, converged: g <= tolerance, logLikelihood: loglik };
}
