/**
 * Davidson's model for ties (Davidson 1970, "On extending the Bradley–Terry model to
 * accommodate ties in paired comparison experiments", JASA 65(329)), the alternative to
 * counting a tie as half a win. With π_i = e^{θ_i} and ν ≥ 0,
 *
 *   P(i wins) = π_i / D,  P(j wins) = π_j / D,  P(tie) = ν√(π_iπ_j) / D,  D = π_i + π_j + ν√(π_iπ_j),
 *
 * so P(i wins | not a tie) = σ(θ_i − θ_j), as in BT: the ratings keep their Elo meaning for
 * decisive battles. Per pair, with W_i, W_j, T the wins and ties, d = θ_i − θ_j, η = ln ν:
 *
 *   ℓ = (W_i − W_j)·d/2 + T·η − n·ln(2cosh(d/2) + e^η),
 *
 * concave in (θ, η) (a log-sum-exp of d/2, −d/2, η). Newton on the m + 1 unknowns, Σθ = 0 kept
 * by adding J = 11ᵀ/m to the θ block (the cross column sums to 0, so the step stays centred),
 * with step halving; converged when the largest |gradient| ≤ tolerance·N. The information
 * (−Hessian) per pair, with c = cosh(d/2), s = sinh(d/2), D' = 2c + ν:
 *
 *   h_dd = n(c·D'/2 − s²)/D'²,   h_dη = −n·s·ν/D'²,   h_ηη = n·ν·2c/D'².
 *
 * Covariances (davidsonCovariance): Fisher H⁺ or the sandwich H⁺GH⁺ with G from the three
 * outcome scores per pair, u = (δ − s/D')·(e_i − e_j) ⊕ ([tie] − ν/D'), δ = ½, −½, 0.
 * Needs ties (T > 0 somewhere; with none ν̂ = 0 and BT on the decisive battles is the fit) and
 * whole outcomes (no fractional preferences).
 */
import { InputError } from '../validate.js';
import { choleskyInPlace, choleskyInverse, choleskySolveInPlace } from './denseCholesky.js';
import type { PairTotals } from './pairTotals.js';

export interface DavidsonFit {
  /** θ̂ (natural units, Σθ = 0). */
  readonly theta: Float64Array;
  /** ν̂ (ties parameter). */
  readonly nu: number;
  readonly iterations: number;
  readonly gradient: number;
  readonly converged: boolean;
  readonly logLikelihood: number;
}

interface Outcomes {
  readonly winsI: Float64Array;
  readonly winsJ: Float64Array;
  readonly ties: Float64Array;
  readonly total: number;
  readonly tieTotal: number;
}

/** W_i, W_j, T per pair; refuses fractional scores (squares must equal W_i + T/4). */
function outcomesOf(totals: PairTotals): Outcomes {
  const K = totals.count.length;
  const winsI = new Float64Array(K);
  const winsJ = new Float64Array(K);
  let total = 0;
  let tieTotal = 0;
  for (let k = 0; k < K; k++) {
    const n = totals.count[k];
    const t = totals.ties[k];
    const wi = totals.score[k] - t / 2;
    const expectedSquares = wi + t / 4;
    if (Math.abs(totals.squares[k] - expectedSquares) > 1e-9 * Math.max(1, n)) {
      throw new InputError('totals', "hold fractional scores: Davidson's model needs wins, losses and ties");
    }
    winsI[k] = wi;
    winsJ[k] = n - wi - t;
    total += n;
    tieTotal += t;
  }
  return { winsI, winsJ, ties: totals.ties, total, tieTotal };
}

/** Fills the gradient g (m + 1) and information h ((m+1)², +J on the θ block when `augment`); returns ℓ. */
function davidsonDerivatives(
  m: number,
  o: Outcomes,
  counts: Float64Array,
  theta: Float64Array,
  eta: number,
  g: Float64Array,
  h: Float64Array | null,
  augment: boolean,
): number {
  const p = m + 1;
  g.fill(0);
  if (h) {
    h.fill(0);
    if (augment) for (let i = 0; i < m; i++) for (let j = 0; j < m; j++) h[i * p + j] = 1 / m;
  }
  const nu = Math.exp(eta);
  let loglik = 0;
  let k = 0;
  for (let i = 0; i < m; i++) {
    for (let j = i + 1; j < m; j++, k++) {
      const n = counts[k];
      if (n === 0) continue;
      const d = theta[i] - theta[j];
      const half = Math.abs(d) / 2;
      // ln(2cosh(d/2) + ν) = |d|/2 + ln(1 + e^{−|d|} + ν e^{−|d|/2}), stable for large |d|
      const e1 = Math.exp(-2 * half);
      const e2 = Math.exp(-half);
      const logD = half + Math.log1p(e1 + nu * e2);
      const c = Math.cosh(d / 2);
      const s = Math.sinh(d / 2);
      const D = 2 * c + nu;
      const wi = o.winsI[k];
      const wj = o.winsJ[k];
      const t = o.ties[k];
      loglik += ((wi - wj) * d) / 2 + t * eta - n * logD;
      const gd = (wi - wj) / 2 - (n * s) / D;
      g[i] += gd;
      g[j] -= gd;
      g[m] += t - (n * nu) / D;
      if (h) {
        const D2 = D * D;
        const hdd = (n * ((c * D) / 2 - s * s)) / D2;
        const hde = (-n * s * nu) / D2;
        const hee = (n * nu * 2 * c) / D2;
        h[i * p + i] += hdd;
        h[j * p + j] += hdd;
        h[i * p + j] -= hdd;
        h[j * p + i] -= hdd;
        h[i * p + m] += hde;
        h[m * p + i] += hde;
        h[j * p + m] -= hde;
        h[m * p + j] -= hde;
        h[m * p + m] += hee;
      }
    }
  }
  return loglik;
}

function maxAbs(v: Float64Array): number {
  let out = 0;
  for (let i = 0; i < v.length; i++) out = Math.max(out, Math.abs(v[i]));
  return out;
}

/** Davidson MLE of (θ, ν) from the pair totals. */
export function fitDavidson(
  totals: PairTotals,
  options: { readonly tolerance?: number; readonly maxIterations?: number } = {},
): DavidsonFit {
  const m = totals.models;
  const tolerance = options.tolerance ?? 1e-10;
  const maxIterations = options.maxIterations ?? 100;
  const o = outcomesOf(totals);
  if (!(o.total > 0)) throw new InputError('totals', 'hold no battles');
  if (!(o.tieTotal > 0))
    throw new InputError('totals', "hold no ties: Davidson's ν̂ is 0 (BT on the decisive battles)");
  if (o.tieTotal === o.total) throw new InputError('totals', "hold only ties: Davidson's ν̂ is infinite");
  const p = m + 1;
  const theta = new Float64Array(m);
  // Start: equal strengths, ν from the tie share t = ν/(2 + ν).
  const share = o.tieTotal / o.total;
  let eta = Math.log((2 * share) / (1 - share));
  const g = new Float64Array(p);
  const h = new Float64Array(p * p);
  const step = new Float64Array(p);
  const prevTheta = new Float64Array(m);
  let loglik = davidsonDerivatives(m, o, totals.count, theta, eta, g, h, true);
  let iterations = 0;
  while (maxAbs(g) > tolerance * o.total && iterations < maxIterations) {
    if (!choleskyInPlace(h, p)) throw new InputError('totals', 'the comparison graph is not connected');
    step.set(g);
    choleskySolveInPlace(h, p, step);
    prevTheta.set(theta);
    const prevEta = eta;
    iterations++;
    let t = 1;
    for (let halving = 0; ; halving++) {
      for (let i = 0; i < m; i++) theta[i] = prevTheta[i] + t * step[i];
      eta = prevEta + t * step[m];
      const next = davidsonDerivatives(m, o, totals.count, theta, eta, g, h, true);
      if (next >= loglik - 1e-13 * Math.abs(loglik) || halving === 40) {
        loglik = next;
        break;
      }
      t /= 2;
    }
  }
  const gradient = maxAbs(g) / o.total;
  return {
    theta,
    nu: Math.exp(eta),
    iterations,
    gradient,
    converged: gradient <= tolerance,
    logLikelihood: loglik,
  };
}

/**
 * Covariance of (θ̂, η̂ = ln ν̂), (m + 1)², row-major, θ block on the sum-to-zero subspace:
 * Fisher H⁺ or sandwich H⁺GH⁺ (module comment).
 */
export function davidsonCovariance(
  totals: PairTotals,
  fit: DavidsonFit,
  kind: 'sandwich' | 'fisher' = 'sandwich',
): Float64Array {
  const m = totals.models;
  const p = m + 1;
  const o = outcomesOf(totals);
  const g = new Float64Array(p);
  const h = new Float64Array(p * p);
  const eta = Math.log(fit.nu);
  davidsonDerivatives(m, o, totals.count, fit.theta, eta, g, h, true);
  if (!choleskyInPlace(h, p)) throw new InputError('totals', 'the comparison graph is not connected');
  const inv = new Float64Array(p * p);
  choleskyInverse(h, p, inv);
  // Remove the J direction: (H + J⊕0)⁻¹ = H⁺ + (1/m)·11ᵀ⊕0 on the θ block (the cross column sums
  // to 0, so 1⊕0 is an eigenvector of H + J⊕0 with eigenvalue 1).
  for (let i = 0; i < m; i++) for (let j = 0; j < m; j++) inv[i * p + j] -= 1 / m;
  if (kind === 'fisher') return inv;
  const meat = new Float64Array(p * p);
  const nu = fit.nu;
  const u = new Float64Array(3);
  const v = new Float64Array(3);
  let k = 0;
  for (let i = 0; i < m; i++) {
    for (let j = i + 1; j < m; j++, k++) {
      if (totals.count[k] === 0) continue;
      const d = fit.theta[i] - fit.theta[j];
      const c = Math.cosh(d / 2);
      const s = Math.sinh(d / 2);
      const D = 2 * c + nu;
      const counts = [o.winsI[k], o.winsJ[k], o.ties[k]];
      u[0] = 0.5 - s / D;
      u[1] = -0.5 - s / D;
      u[2] = -s / D;
      v[0] = -nu / D;
      v[1] = -nu / D;
      v[2] = 1 - nu / D;
      for (let r = 0; r < 3; r++) {
        const w = counts[r];
        if (w === 0) continue;
        const a = u[r];
        const e = v[r];
        meat[i * p + i] += w * a * a;
        meat[j * p + j] += w * a * a;
        meat[i * p + j] -= w * a * a;
        meat[j * p + i] -= w * a * a;
        meat[i * p + m] += w * a * e;
        meat[m * p + i] += w * a * e;
        meat[j * p + m] -= w * a * e;
        meat[m * p + j] -= w * a * e;
        meat[m * p + m] += w * e * e;
      }
    }
  }
  const t = new Float64Array(p * p);
  for (let i = 0; i < p; i++)
    for (let q = 0; q < p; q++) {
      const a = inv[i * p + q];
      if (a !== 0) for (let j = 0; j < p; j++) t[i * p + j] += a * meat[q * p + j];
    }
  const out = new Float64Array(p * p);
  for (let i = 0; i < p; i++)
    for (let q = 0; q < p; q++) {
      const a = t[i * p + q];
      if (a !== 0) for (let j = 0; j < p; j++) out[i * p + j] += a * inv[q * p + j];
    }
  return out;
}
