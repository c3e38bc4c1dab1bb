/**
 * The two-sided normal-mixture boundary of Howard, Ramdas, McAuliffe & Sekhon (2021,
 * "Time-uniform, nonparametric, nonasymptotic confidence sequences", Ann. Statist. 49:1055,
 * §3.2 and Prop. 5 / eq. (14)): for a process S_t with intrinsic time V_t such that
 * exp(λS_t − λ²V_t/2) is a supermartingale for every λ (S_t a sum of σ-sub-Gaussian increments
 * and V_t = σ²t, e.g. Rademacher signs with σ = 1, or observations in [a, b] centred at their
 * mean with σ = (b − a)/2 by Hoeffding's lemma), mixing λ ~ N(0, 1/ρ) gives the supermartingale
 *
 *   M_t = √(ρ/(V_t + ρ)) · exp(S_t² / (2(V_t + ρ))),
 *
 * and Ville's inequality P(∃t: M_t ≥ 1/α) ≤ α gives the boundary |S_t| < u(V_t),
 *
 *   u(v) = √((v + ρ)·(log(1 + v/ρ) + 2·log(1/α))),
 *
 * crossed with probability at most α at any time, however often one looks. ρ sets the
 * intrinsic time at which the boundary is tightest: for a planned v_opt, Howard et al.'s
 * choice ρ = v_opt / (2 log(1/α) + log(1 + 2 log(1/α))) (their eq. (16); confseq's
 * TwoSidedNormalMixture::best_rho, gostevehoward/confseq src/confseq/uniform_boundaries.h at
 * commit 70b1ef30aef08ad459815ea87fc25248f8b15178). Any ρ > 0 is valid; only the width depends
 * on it.
 */
import { assertFinite, assertLevel, assertPositive } from '../validate.js';

/** 2 log(1/α) + log(1 + 2 log(1/α)): ρ·κ(α) = v_opt. */
export function mixtureTuningConstant(alpha: number): number {
  assertLevel(alpha, 'alpha');
  const l = 2 * Math.log(1 / alpha);
  return l + Math.log1p(l);
}

/** Howard et al.'s ρ for a boundary tightest at intrinsic time `plannedTime`. */
export function normalMixtureRho(plannedTime: number, alpha: number): number {
  assertPositive('plannedTime', plannedTime);
  return plannedTime / mixtureTuningConstant(alpha);
}

/** log M_t of the two-sided normal mixture at S_t = s, V_t = v. */
export function normalMixtureLogMartingale(s: number, v: number, rho: number): number {
  assertFinite('s', s);
  assertPositive('v', v, true);
  assertPositive('rho', rho);
  return 0.5 * Math.log(rho / (v + rho)) + (s * s) / (2 * (v + rho));
}

/** u(v): |S_t| ≥ u(V_t) has probability ≤ α at any time (see the module comment). */
export function normalMixtureBoundary(v: number, alpha: number, rho: number): number {
  assertPositive('v', v, true);
  assertLevel(alpha, 'alpha');
  assertPositive('rho', rho);
  return Math.sqrt((v + rho) * (Math.log1p(v / rho) + 2 * Math.log(1 / alpha)));
}
