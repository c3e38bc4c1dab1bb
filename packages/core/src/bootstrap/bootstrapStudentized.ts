/**
 * Studentized (bootstrap-t) interval from given replicates t*ᵢ with their standard errors
 * se*ᵢ and the estimate t₀ with its standard error se₀ (Efron 1981; Davison & Hinkley 1997,
 * §5.2): with roots z*ᵢ = (t*ᵢ − t₀)/se*ᵢ,
 *
 *   [t₀ − se₀·Q_z((1 + level)/2),  t₀ − se₀·Q_z((1 − level)/2)],
 *
 * Q_z the `boot.ci` quantile rule over the finite roots (a replicate with se* = 0 gives a
 * non-finite root and is dropped, as `boot.ci` drops it). Equals `boot::boot.ci(type =
 * "stud")` fed var.t0 = se₀² and var.t = se*². Marked degenerate, as the point [t₀, t₀],
 * when se₀ = 0 or fewer than two roots are finite.
 */
import { createMarkedBounds, type MarkedBounds, markedInterval } from '../intervals/markedBounds.js';
import type { MarkedInterval } from '../types.js';
import { assertFinite, assertPositive, assertSameLength, assertScores } from '../validate.js';
import { bootQuantile } from './bootQuantile.js';
import { sortedReplicates } from './endpointChecks.js';

/**
 * Writes z*ᵢ = (t*ᵢ − t0)/se*ᵢ into out[i] (+Infinity where not finite, so an in-place sort
 * puts them last) and returns how many are finite. Allocation-free; `out.length` ≥ R.
 */
export function bootstrapStudentizedRoots(
  t0: number,
  replicates: ArrayLike<number>,
  ses: ArrayLike<number>,
  out: Float64Array,
): number {
  let finite = 0;
  for (let i = 0; i < replicates.length; i++) {
    const z = (replicates[i] - t0) / ses[i];
    if (Number.isFinite(z)) {
      out[i] = z;
      finite++;
    } else {
      out[i] = Number.POSITIVE_INFINITY;
    }
  }
  return finite;
}

/** Bounds from sorted finite roots sortedRoots[0..count) (allocation-free; unchecked). */
export function bootstrapStudentizedBounds(
  t0: number,
  se0: number,
  sortedRoots: ArrayLike<number>,
  count: number,
  level: number,
  out: MarkedBounds,
): void {
  if (!(se0 > 0) || count < 2) {
    out.lower = t0;
    out.upper = t0;
    out.degenerate = true;
    return;
  }
  out.lower = t0 - se0 * bootQuantile(sortedRoots, count, (1 + level) / 2);
  out.upper = t0 - se0 * bootQuantile(sortedRoots, count, (1 - level) / 2);
  out.degenerate = false;
}

/** Studentized interval from t0, se0 and the replicates with their standard errors (inputs copied). */
export function bootstrapStudentizedInterval(
  t0: number,
  se0: number,
  replicates: ArrayLike<number>,
  ses: ArrayLike<number>,
  level = 0.95,
): MarkedInterval {
  sortedReplicates(t0, replicates, level);
  assertFinite('se0', se0);
  assertPositive('se0', se0, true);
  assertScores('ses', ses, 2);
  assertSameLength('replicates', replicates, 'ses', ses);
  for (let i = 0; i < ses.length; i++) assertPositive(`ses[${i}]`, ses[i], true);
  const roots = new Float64Array(replicates.length);
  const count = bootstrapStudentizedRoots(t0, replicates, ses, roots);
  roots.sort();
  const out = createMarkedBounds();
  bootstrapStudentizedBounds(t0, se0, roots, count, level, out);
  return markedInterval(t0, out, level, 'bootstrapStudentized');
}
