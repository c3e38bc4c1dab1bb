/**
 * The eval size at which a simulated power curve reaches a target, with a Monte Carlo band.
 *
 * Between two grid sizes the curve is interpolated on the scale where the normal
 * approximation makes it a straight line: probit(power) against √n (power ≈ Φ(δ√n/σ − z)).
 * The estimate is where the curve of simulated values crosses the target; the band is
 * where the curves value ± 2·MCSE cross it (the upper curve crosses first: the lower end).
 * Grid values at or beyond 0 or 1 are clamped to [1e-6, 1 − 1e-6] before the probit.
 * A crossing outside the grid is reported as 'below' (the smallest size already has the
 * power) or 'above' (even the largest has not), never extrapolated.
 */
import { normalQuantile } from '@evalsim/core';

export interface PowerPoint {
  readonly size: number;
  readonly power: number;
  readonly mcse: number;
}

export type Crossing =
  | { readonly kind: 'at'; readonly size: number }
  | { readonly kind: 'below'; readonly size: number }
  | { readonly kind: 'above'; readonly size: number };

export interface RequiredSize {
  readonly estimate: Crossing;
  /** Crossing of power + 2·MCSE (the smaller size) and of power − 2·MCSE. */
  readonly low: Crossing;
  readonly high: Crossing;
}

const probit = (p: number) => normalQuantile(Math.min(1 - 1e-6, Math.max(1e-6, p)));

/** First crossing of `target` by the curve `values` over the sorted sizes. */
export function crossing(sizes: readonly number[], values: readonly number[], target: number): Crossing {
  if (values[0] >= target) return { kind: 'below', size: sizes[0] };
  for (let j = 1; j < sizes.length; j++) {
    if (values[j] < target) continue;
    const [x0, x1] = [Math.sqrt(sizes[j - 1]), Math.sqrt(sizes[j])];
    const [y0, y1] = [probit(values[j - 1]), probit(values[j])];
    const t = y1 === y0 ? 1 : (probit(target) - y0) / (y1 - y0);
    const x = x0 + Math.min(1, Math.max(0, t)) * (x1 - x0);
    return { kind: 'at', size: x * x };
  }
  return { kind: 'above', size: sizes[sizes.length - 1] };
}

export function requiredSize(points: readonly PowerPoint[], target: number): RequiredSize {
  if (points.length === 0) throw new RangeError('points: at least one grid size is needed');
  const sorted = [...points].sort((a, b) => a.size - b.size);
  const sizes = sorted.map((p) => p.size);
  return {
    estimate: crossing(
      sizes,
      sorted.map((p) => p.power),
      target,
    ),
    low: crossing(
      sizes,
      sorted.map((p) => p.power + 2 * p.mcse),
      target,
    ),
    high: crossing(
      sizes,
      sorted.map((p) => p.power - 2 * p.mcse),
      target,
    ),
  };
}
