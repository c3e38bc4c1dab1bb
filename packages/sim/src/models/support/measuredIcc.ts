/**
 * Per-replication ICC for model diagnostics: core's one-way ANOVA estimator
 * ({@link iccAnovaFromTotals}), or NaN where it is undefined — fewer than 2 clusters,
 * every cluster of size 1 (N = K, no within-cluster pairs), or all scores identical
 * (MSB = MSW = 0). Diagnostics report NaN for "not measurable in this replication"
 * instead of stopping the study.
 */
import {
  type ClusterTotals,
  designEffectUnequal,
  InputError,
  iccAnovaFromTotals,
  iccFromOneWayAnova,
  type OneWayAnova,
} from '@evalsim/core';

/** ANOVA ICC of `t`, NaN where undefined (see module comment). */
export function measuredIcc(t: ClusterTotals, itemCount: number): number {
  if (t.count < 2 || itemCount <= t.count) return Number.NaN;
  try {
    return iccAnovaFromTotals(t);
  } catch (error) {
    return nanForInputError(error);
  }
}

/**
 * The ICC of an ANOVA a caller summed itself (core iccFromOneWayAnova), NaN where undefined
 * (all scores identical); the caller has checked K ≥ 2 and N > K.
 */
export function measuredIccOfAnova(anova: OneWayAnova): number {
  try {
    return iccFromOneWayAnova(anova);
  } catch (error) {
    return nanForInputError(error);
  }
}

/** NaN for core's InputError ("not measurable in this replication"); anything else is rethrown. */
function nanForInputError(error: unknown): number {
  if (error instanceof InputError) return Number.NaN;
  throw error;
}

/**
 * Kish's design effect 1 + [(1 + CV²)·m̄ − 1]·ρ̂ from a measured ICC
 * ({@link designEffectUnequal}; CV = 0 gives 1 + (m̄ − 1)·ρ̂), NaN when ρ̂ is NaN or the
 * formula is undefined (m̄ < 1, or ρ̂ at its lower bound giving DEFF ≤ 0).
 */
export function measuredDesignEffect(meanSize: number, sizeCV: number, icc: number): number {
  if (Number.isNaN(icc)) return Number.NaN;
  try {
    return designEffectUnequal(meanSize, sizeCV, icc);
  } catch (error) {
    return nanForInputError(error);
  }
}
