/**
 * Output slot of the allocation-free `*Bounds` forms whose data can be degenerate for the
 * method (paired, two-sample, clustered, bootstrap and Bayesian intervals), and the
 * wrapper that turns it into a {@link MarkedInterval}.
 */
import type { MarkedInterval } from '../types.js';
import type { Bounds } from './bounds.js';

/** {@link Bounds} plus the degenerate flag (reuse one per hot loop). */
export interface MarkedBounds extends Bounds {
  degenerate: boolean;
}

/** A fresh zeroed {@link MarkedBounds}. */
export function createMarkedBounds(): MarkedBounds {
  return { lower: 0, upper: 0, degenerate: false };
}

/** Packages filled bounds as a {@link MarkedInterval}. */
export function markedInterval(
  estimate: number,
  out: MarkedBounds,
  level: number,
  method: string,
): MarkedInterval {
  return { estimate, lower: out.lower, upper: out.upper, level, method, degenerate: out.degenerate };
}
