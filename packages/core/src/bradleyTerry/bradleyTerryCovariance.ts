/**
 * Covariance of the Bradley–Terry estimate θ̂ (natural units, Σθ = 0), from the pair totals:
 *
 *   H = Σ_k n_k p_k(1 − p_k)·(e_i − e_j)(e_i − e_j)ᵀ + (λ + ρ)·I      (the information)
 *   G = Σ_k [Σ w (y − p_k)²]·(e_i − e_j)(e_i − e_j)ᵀ,
 *       Σ w (y − p_k)² = squares_k − 2p_k·score_k + p_k²·n_k           (the score outer products)
 *
 *   fisher:    V = H⁺                 (model-based: assumes the BT variance p(1 − p) per battle)
 *   sandwich:  V = H⁺ · G · H⁺         (robust: the observed spread of the scores; with ties as
 *                                        half wins it is smaller than p(1 − p))
 *
 * H⁺ is the inverse on the sum-to-zero subspace, (H + J)⁻¹ − J/(1 + λ + ρ) with J = 11ᵀ/m
 * (H commutes with J, so this is P·H⁻¹·P with P = I − J; for λ = ρ = 0 it is the Moore–Penrose
 * inverse of the Laplacian). λ is the fit's prior (fitBradleyTerry.ts); ρ = `hessianRidge`·N is
 * arena-rank's diagonal regulariser (lmarena/arena-rank arena_rank/models/bradley_terry.py at
 * 3900eae, `compute_hessian_and_covariance` with hessian_reg 1e-5 scaled by the number of battles
 * in `compute_ratings_and_cis`; its G is Σ (c(y − p))²/c over unique rows, the same sum): 0 by
 * default (the exact sandwich), 1e-5 to reproduce arena-rank's intervals, which are a little
 * narrower for rarely-sampled models. Since G·1 = 0, a ridge on the constant direction changes
 * nothing. The intervals of arena-rank are θ̂_i ± z·√V_ii on the Elo scale (eloScale.ts).
 */
import { InputError } from '../validate.js';
import { choleskyInPlace, choleskyInverse } from './denseCholesky.js';
import { type PairTotals, totalBattles } from './pairTotals.js';

export type BradleyTerryCovarianceKind = 'sandwich' | 'fisher';

export interface BradleyTerryCovarianceOptions {
  readonly kind?: BradleyTerryCovarianceKind;
  /** The fit's ridge λ (fitBradleyTerry's `prior`). Default 0. */
  readonly prior?: number;
  /** arena-rank's hessian_reg, multiplied by N (the battles). Default 0. */
  readonly hessianRidge?: number;
  /** A "meat" G computed elsewhere (e.g. cluster sums, clusterScoreMeat.ts) instead of the per-battle one. */
  readonly meat?: Float64Array;
}

/** G = Σ_k Σw(y − p_k)²·(e_i − e_j)(e_i − e_j)ᵀ at θ (row-major m×m). */
export function bradleyTerryMeat(totals: PairTotals, theta: ArrayLike<number>): Float64Array {
  const m = totals.models;
  const { count, score, squares } = totals;
  const g = new Float64Array(m * m);
  let k = 0;
  for (let i = 0; i < m; i++) {
    for (let j = i + 1; j < m; j++, k++) {
      const n = count[k];
      if (n === 0) continue;
      const p = 1 / (1 + Math.exp(theta[j] - theta[i]));
      const v = Math.max(0, squares[k] - 2 * p * score[k] + p * p * n);
      g[i * m + i] += v;
      g[j * m + j] += v;
      g[i * m + j] -= v;
      g[j * m + i] -= v;
    }
  }
  return g;
}

/** H⁺ (see the module comment) at θ: the Fisher covariance, and the bread of the sandwich. */
export function bradleyTerryBread(
  totals: PairTotals,
  theta: ArrayLike<number>,
  prior = 0,
  ridge = 0,
): Float64Array {
  const m = totals.models;
  const { count } = totals;
  const h = new Float64Array(m * m);
  const shift = prior + ridge;
  for (let i = 0; i < m; i++) h[i * m + i] = shift;
  for (let i = 0; i < m * m; i++) h[i] += 1 / m;
  let k = 0;
  for (let i = 0; i < m; i++) {
    for (let j = i + 1; j < m; j++, k++) {
      const n = count[k];
      if (n === 0) continue;
      const p = 1 / (1 + Math.exp(theta[j] - theta[i]));
      const w = n * p * (1 - p);
      h[i * m + i] += w;
      h[j * m + j] += w;
      h[i * m + j] -= w;
      h[j * m + i] -= w;
    }
  }
  if (!choleskyInPlace(h, m)) {
    throw new InputError('totals', 'the comparison graph is not connected (the information is singular)');
  }
  const inv = new Float64Array(m * m);
  choleskyInverse(h, m, inv);
  const c = 1 / (m * (1 + shift));
  for (let i = 0; i < m * m; i++) inv[i] -= c;
  return inv;
}

/** a·b·a for symmetric row-major m×m a and b. */
export function sandwichProduct(a: Float64Array, b: Float64Array, m: number): Float64Array {
  const t = new Float64Array(m * m);
  for (let i = 0; i < m; i++) {
    for (let k = 0; k < m; k++) {
      const aik = a[i * m + k];
      if (aik === 0) continue;
      const rk = k * m;
      const ri = i * m;
      for (let j = 0; j < m; j++) t[ri + j] += aik * b[rk + j];
    }
  }
  const out = new Float64Array(m * m);
  for (let i = 0; i < m; i++) {
    const ri = i * m;
    for (let k = 0; k < m; k++) {
      const tik = t[ri + k];
      if (tik === 0) continue;
      const rk = k * m;
      for (let j = 0; j < m; j++) out[ri + j] += tik * a[rk + j];
    }
  }
  for (let i = 0; i < m; i++) {
    for (let j = 0; j < i; j++) {
      const v = 0.5 * (out[i * m + j] + out[j * m + i]);
      out[i * m + j] = v;
      out[j * m + i] = v;
    }
  }
  return out;
}

/** Covariance of θ̂ (natural units, row-major m×m), Fisher or sandwich. */
export function bradleyTerryCovariance(
  totals: PairTotals,
  theta: ArrayLike<number>,
  options: BradleyTerryCovarianceOptions = {},
): Float64Array {
  const m = totals.models;
  const kind = options.kind ?? 'sandwich';
  const ridge = (options.hessianRidge ?? 0) * totalBattles(totals);
  const bread = bradleyTerryBread(totals, theta, options.prior ?? 0, ridge);
  if (kind === 'fisher') return bread;
  const meat = options.meat ?? bradleyTerryMeat(totals, theta);
  if (meat.length !== m * m) throw new InputError('meat', `must be ${m}×${m}, got ${meat.length} entries`);
  return sandwichProduct(bread, meat, m);
}
