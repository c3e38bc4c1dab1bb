/**
 * The mergeable sufficient statistic of a mean and a variance: the count n, the mean x̄ and
 * M2 = Σ(xᵢ − x̄)². One value is added by Welford's update (Welford 1962, Technometrics 4:419):
 *
 *   δ = x − x̄;  n += 1;  x̄ += δ/n;  M2 += δ·(x − x̄),
 *
 * and two states over disjoint replications are merged exactly by Chan, Golub & LeVeque's
 * pairwise formula (Chan et al. 1979, "Updating formulae and a pairwise algorithm for
 * computing sample variances", Stanford CS tech. rep. STAN-CS-79-773; Am. Stat. 37:242, 1983):
 *
 *   n = n_a + n_b;  δ = x̄_b − x̄_a;  x̄ = x̄_a + δ·n_b/n;  M2 = M2_a + M2_b + δ²·n_a·n_b/n.
 *
 * Merging is exact in real arithmetic; in floating point the last bits depend on the merge
 * tree, so an engine that wants byte-identical results merges in a fixed order of fixed blocks.
 */
import { assertFinite, assertInteger, InputError } from '../validate.js';

/** n, mean and M2 = Σ(x − mean)² of the values seen (mutable: `addToMoments` updates it in place). */
export interface MomentState {
  n: number;
  mean: number;
  m2: number;
}

/** The state of no values. */
export function createMoments(): MomentState {
  return { n: 0, mean: 0, m2: 0 };
}

/** Adds one value in place (Welford); allocation-free, for hot loops. */
export function addToMoments(state: MomentState, x: number): void {
  state.n++;
  const delta = x - state.mean;
  state.mean += delta / state.n;
  state.m2 += delta * (x - state.mean);
}

/** The state of the union of two disjoint sets of values (Chan et al.); a new object. */
export function mergeMoments(a: Readonly<MomentState>, b: Readonly<MomentState>): MomentState {
  if (a.n === 0) return { n: b.n, mean: b.mean, m2: b.m2 };
  if (b.n === 0) return { n: a.n, mean: a.mean, m2: a.m2 };
  const n = a.n + b.n;
  const delta = b.mean - a.mean;
  // M2_a + (M2_b + δ²·n_a·n_b/n): this association is the runner's (its committed results' bits).
  return { n, mean: a.mean + (delta * b.n) / n, m2: a.m2 + (b.m2 + (delta * delta * a.n * b.n) / n) };
}

/** Sample variance M2/(n − 1). */
export function momentsVariance(state: Readonly<MomentState>): number {
  return state.m2 / (state.n - 1);
}

/** Throws an InputError naming `name` unless `state` is a valid moment state of at least `minN` values. */
export function assertMoments(name: string, state: Readonly<MomentState>, minN: number): void {
  if (state == null || typeof state !== 'object')
    throw new InputError(name, 'must be a moment state { n, mean, m2 }');
  assertInteger(`${name}.n`, state.n, 0);
  if (state.n < minN) throw new InputError(`${name}.n`, `must be ≥ ${minN} (values seen), got ${state.n}`);
  assertFinite(`${name}.mean`, state.mean);
  assertFinite(`${name}.m2`, state.m2);
  if (state.m2 < 0) throw new InputError(`${name}.m2`, `must be ≥ 0, got ${state.m2}`);
}
