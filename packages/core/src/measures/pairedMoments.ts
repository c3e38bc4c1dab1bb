/**
 * The mergeable sufficient statistic of two methods' estimates in the same replications:
 * n, both means, both M2 = Σ(x − x̄)² and the co-moment C = Σ(a − ā)(b − b̄), over the
 * replications where both estimates are finite. One pair is added by the bivariate Welford
 * update (Welford 1962; in co-moment form, Pébay 2008, Sandia report SAND2008-6212):
 *
 *   δ_a = a − ā;  n += 1;  ā += δ_a/n;  b̄ += δ_b/n;  C += δ_a·(b − b̄),
 *
 * and two states merge exactly by Chan et al.'s formula extended to the co-moment:
 *
 *   C = C_x + C_y + δ_a·δ_b·n_x·n_y/n   (δ the differences of the two states' means).
 *
 * Enough for the empirical SEs of both methods and their correlation ρ = C/√(M2_a·M2_b),
 * hence for the relative precision gain (relativePrecisionGain.ts).
 */
import { assertFinite, assertInteger, InputError } from '../validate.js';

/** Paired moments of estimates a (reference method) and b (compared method); mutable. */
export interface PairedMomentState {
  n: number;
  meanA: number;
  meanB: number;
  m2A: number;
  m2B: number;
  /** Co-moment Σ(a − ā)(b − b̄). */
  cAB: number;
}

/** The state of no pairs. */
export function createPairedMoments(): PairedMomentState {
  return { n: 0, meanA: 0, meanB: 0, m2A: 0, m2B: 0, cAB: 0 };
}

/** Adds one pair in place; allocation-free. */
export function addToPairedMoments(state: PairedMomentState, a: number, b: number): void {
  state.n++;
  const deltaA = a - state.meanA;
  const deltaB = b - state.meanB;
  state.meanA += deltaA / state.n;
  state.meanB += deltaB / state.n;
  state.m2A += deltaA * (a - state.meanA);
  state.m2B += deltaB * (b - state.meanB);
  state.cAB += deltaA * (b - state.meanB);
}

/** The state of the union of two disjoint sets of pairs; a new object. */
export function mergePairedMoments(
  x: Readonly<PairedMomentState>,
  y: Readonly<PairedMomentState>,
): PairedMomentState {
  if (x.n === 0) return { ...y };
  if (y.n === 0) return { ...x };
  const n = x.n + y.n;
  const deltaA = y.meanA - x.meanA;
  const deltaB = y.meanB - x.meanB;
  const weight = (x.n * y.n) / n;
  return {
    n,
    meanA: x.meanA + (deltaA * y.n) / n,
    meanB: x.meanB + (deltaB * y.n) / n,
    m2A: x.m2A + y.m2A + deltaA * deltaA * weight,
    m2B: x.m2B + y.m2B + deltaB * deltaB * weight,
    cAB: x.cAB + y.cAB + deltaA * deltaB * weight,
  };
}

/** Throws an InputError naming the field unless `state` is valid with at least `minN` pairs. */
export function assertPairedMoments(name: string, state: Readonly<PairedMomentState>, minN: number): void {
  if (state == null || typeof state !== 'object') throw new InputError(name, 'must be a paired moment state');
  assertInteger(`${name}.n`, state.n, 0);
  if (state.n < minN) throw new InputError(`${name}.n`, `must be ≥ ${minN} (pairs seen), got ${state.n}`);
  for (const key of ['meanA', 'meanB', 'm2A', 'm2B', 'cAB'] as const)
    assertFinite(`${name}.${key}`, state[key]);
  if (state.m2A < 0) throw new InputError(`${name}.m2A`, `must be ≥ 0, got ${state.m2A}`);
  if (state.m2B < 0) throw new InputError(`${name}.m2B`, `must be ≥ 0, got ${state.m2B}`);
}
