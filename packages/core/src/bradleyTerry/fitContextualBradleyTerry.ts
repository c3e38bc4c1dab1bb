/**
 * Bradley–Terry with battle covariates — FastChat's style control (`fit_contextual_bt` /
 * `compute_style_control`, lm-sys/FastChat fastchat/serve/monitor/rating_systems.py at 0e6d3e4):
 * a logistic regression of the score y of model a on
 *
 *   z_t = θ_a − θ_b + f_t·β,
 *
 * f_t the battle's standardised style differences (preprocess_for_style: (x_a − x_b)/(x_a + x_b + 1)
 * per feature, then z-scored), with FastChat's ridge on every coefficient: its loss is
 * −ℓ + (reg/2)·Σ params² with reg = 0.5 and the ratings in base-10 units (θ = ln 10 · r), so in θ
 * units the penalty is (λ_θ/2)Σθ² + (λ_β/2)Σβ² with λ_θ = 0.5/ln²10 and λ_β = 0.5 (the
 * defaults here). The ratings are then "what the model would score with the style of its
 * opponent", FastChat's style-controlled leaderboard.
 *
 * Newton on the m + k unknowns with the rating block's constant direction fixed by J = 11ᵀ/m
 * (λ_θ > 0 already makes the solution unique and centred; J keeps λ_θ = 0 solvable too), step
 * halving, converged when max |gradient| ≤ tolerance·Σw. FastChat stops L-BFGS at gtol 1e-6 and
 * 100 iterations. `contextualCovariance`: the penalised Hessian H (information plus ridge) and
 * the sandwich H⁻¹GH⁻¹ with G = Σ w²(y − p)² x xᵀ, x = (e_a − e_b, f) (arena-rank's contextual
 * sandwich, lmarena/arena-rank arena_rank/models/contextual_bradley_terry.py at 3900eae, up to its
 * different penalty and 1/n scaling, which cancel in H⁻¹GH⁻¹).
 */
import { InputError } from '../validate.js';
import { choleskyInPlace, choleskyInverse, choleskySolveInPlace } from './denseCholesky.js';

export interface ContextualBattles {
  readonly models: number;
  readonly a: ArrayLike<number>;
  readonly b: ArrayLike<number>;
  readonly y: ArrayLike<number>;
  /** N×k row-major covariates. */
  readonly features: Float64Array;
  readonly featureCount: number;
  /** Per-battle weights (bootstrap counts); default 1. */
  readonly weights?: ArrayLike<number>;
}

export interface ContextualFitOptions {
  /** Ridge on θ (natural units). Default FastChat's 0.5/ln²10. */
  readonly ratingPenalty?: number;
  /** Ridge on β. Default FastChat's 0.5. */
  readonly featurePenalty?: number;
  readonly tolerance?: number;
  readonly maxIterations?: number;
}

export interface ContextualFit {
  readonly theta: Float64Array;
  readonly beta: Float64Array;
  readonly iterations: number;
  readonly gradient: number;
  readonly converged: boolean;
  readonly ratingPenalty: number;
  readonly featurePenalty: number;
}

export const FASTCHAT_STYLE_RATING_PENALTY = 0.5 / Math.LN10 ** 2;
export const FASTCHAT_STYLE_FEATURE_PENALTY = 0.5;

function check(data: ContextualBattles): void {
  const n = data.a.length;
  if (data.b.length !== n || data.y.length !== n || data.features.length !== n * data.featureCount) {
    throw new InputError('features', 'a, b, y and the N×k features must describe the same battles');
  }
}

/** g, H (+J on θ when `augment`) and the penalised log-likelihood at (θ, β). */
function contextualDerivatives(
  data: ContextualBattles,
  theta: Float64Array,
  beta: Float64Array,
  lt: number,
  lb: number,
  g: Float64Array,
  h: Float64Array | null,
  meat: Float64Array | null,
  augment: boolean,
): number {
  const m = data.models;
  const k = data.featureCount;
  const p = m + k;
  const { a, b, y, features, weights } = data;
  g.fill(0);
  if (h) {
    h.fill(0);
    if (augment) for (let i = 0; i < m; i++) for (let j = 0; j < m; j++) h[i * p + j] = 1 / m;
  }
  if (meat) meat.fill(0);
  let loglik = 0;
  const n = a.length;
  for (let t = 0; t < n; t++) {
    const w = weights ? weights[t] : 1;
    if (w === 0) continue;
    const ai = a[t];
    const bi = b[t];
    const row = t * k;
    let z = theta[ai] - theta[bi];
    for (let q = 0; q < k; q++) z += features[row + q] * beta[q];
    const e = Math.exp(-Math.abs(z));
    const pr = z >= 0 ? 1 / (1 + e) : e / (1 + e);
    const l1pe = Math.log1p(e);
    const logP = z >= 0 ? -l1pe : z - l1pe;
    const logQ = z >= 0 ? -z - l1pe : -l1pe;
    const yt = y[t];
    loglik += w * (yt * logP + (1 - yt) * logQ);
    const r = w * (yt - pr);
    g[ai] += r;
    g[bi] -= r;
    for (let q = 0; q < k; q++) g[m + q] += r * features[row + q];
    if (h) {
      const v = w * pr * (1 - pr);
      addOuter(h, p, ai, bi, features, row, k, m, v);
    }
    if (meat) addOuter(meat, p, ai, bi, features, row, k, m, r * r);
  }
  let sq = 0;
  for (let i = 0; i < m; i++) {
    sq += lt * theta[i] * theta[i];
    g[i] -= lt * theta[i];
    if (h) h[i * p + i] += lt;
  }
  for (let q = 0; q < k; q++) {
    sq += lb * beta[q] * beta[q];
    g[m + q] -= lb * beta[q];
    if (h) h[(m + q) * p + m + q] += lb;
  }
  return loglik - 0.5 * sq;
}

/** M += v·x xᵀ for x = e_a − e_b ⊕ f (row `row` of the features). */
function addOuter(
  mat: Float64Array,
  p: number,
  a: number,
  b: number,
  features: Float64Array,
  row: number,
  k: number,
  m: number,
  v: number,
): void {
  mat[a * p + a] += v;
  mat[b * p + b] += v;
  mat[a * p + b] -= v;
  mat[b * p + a] -= v;
  for (let q = 0; q < k; q++) {
    const fq = v * features[row + q];
    mat[a * p + m + q] += fq;
    mat[(m + q) * p + a] += fq;
    mat[b * p + m + q] -= fq;
    mat[(m + q) * p + b] -= fq;
    for (let r = 0; r < k; r++) mat[(m + q) * p + m + r] += fq * features[row + r];
  }
}

function maxAbs(v: Float64Array): number {
  let out = 0;
  for (let i = 0; i < v.length; i++) out = Math.max(out, Math.abs(v[i]));
  return out;
}

/** The penalised contextual BT fit (module comment). */
export function fitContextualBradleyTerry(
  data: ContextualBattles,
  options: ContextualFitOptions = {},
): ContextualFit {
  check(data);
  const lt = options.ratingPenalty ?? FASTCHAT_STYLE_RATING_PENALTY;
  const lb = options.featurePenalty ?? FASTCHAT_STYLE_FEATURE_PENALTY;
  const tolerance = options.tolerance ?? 1e-10;
  const maxIterations = options.maxIterations ?? 100;
  const m = data.models;
  const k = data.featureCount;
  const p = m + k;
  let total = 0;
  for (let t = 0; t < data.a.length; t++) total += data.weights ? data.weights[t] : 1;
  if (!(total > 0)) throw new InputError('battles', 'hold no battles');
  const theta = new Float64Array(m);
  const beta = new Float64Array(k);
  const g = new Float64Array(p);
  const h = new Float64Array(p * p);
  const step = new Float64Array(p);
  const prev = new Float64Array(p);
  let loglik = contextualDerivatives(data, theta, beta, lt, lb, g, h, null, true);
  let iterations = 0;
  while (maxAbs(g) > tolerance * total && iterations < maxIterations) {
    if (!choleskyInPlace(h, p)) throw new InputError('battles', 'the comparison graph is not connected');
    step.set(g);
    choleskySolveInPlace(h, p, step);
    prev.set(theta, 0);
    prev.set(beta, m);
    iterations++;
    let t = 1;
    for (let halving = 0; ; halving++) {
      for (let i = 0; i < m; i++) theta[i] = prev[i] + t * step[i];
      for (let q = 0; q < k; q++) beta[q] = prev[m + q] + t * step[m + q];
      const next = contextualDerivatives(data, theta, beta, lt, lb, g, h, null, true);
      if (next >= loglik - 1e-13 * Math.abs(loglik) || halving === 40) {
        loglik = next;
        break;
      }
      t /= 2;
    }
  }
  const gradient = maxAbs(g) / total;
  return {
    theta,
    beta,
    iterations,
    gradient,
    converged: gradient <= tolerance,
    ratingPenalty: lt,
    featurePenalty: lb,
  };
}

/**
 * Covariance of (θ̂, β̂), (m + k)², row-major, at a fit: 'fisher' H⁻¹ or 'sandwich' H⁻¹GH⁻¹, H the
 * penalised information (projected off the rating constant when λ_θ = 0).
 */
export function contextualCovariance(
  data: ContextualBattles,
  fit: ContextualFit,
  kind: 'sandwich' | 'fisher' = 'sandwich',
): Float64Array {
  check(data);
  const m = data.models;
  const k = data.featureCount;
  const p = m + k;
  const g = new Float64Array(p);
  const h = new Float64Array(p * p);
  const meat = new Float64Array(p * p);
  contextualDerivatives(data, fit.theta, fit.beta, fit.ratingPenalty, fit.featurePenalty, g, h, meat, true);
  if (!choleskyInPlace(h, p)) throw new InputError('battles', 'the comparison graph is not connected');
  const inv = new Float64Array(p * p);
  choleskyInverse(h, p, inv);
  // 1⊕0 is an eigenvector of H + J⊕0 with eigenvalue 1 + λ_θ: remove it (module comment of bradleyTerryCovariance.ts).
  const c = 1 / (m * (1 + fit.ratingPenalty));
  for (let i = 0; i < m; i++) for (let j = 0; j < m; j++) inv[i * p + j] -= c;
  if (kind === 'fisher') return inv;
  const t = new Float64Array(p * p);
  for (let i = 0; i < p; i++)
    for (let q = 0; q < p; q++) {
      const v = inv[i * p + q];
      if (v !== 0) for (let j = 0; j < p; j++) t[i * p + j] += v * meat[q * p + j];
    }
  const out = new Float64Array(p * p);
  for (let i = 0; i < p; i++)
    for (let q = 0; q < p; q++) {
      const v = t[i * p + q];
      if (v !== 0) for (let j = 0; j < p; j++) out[i * p + j] += v * inv[q * p + j];
    }
  return out;
}
