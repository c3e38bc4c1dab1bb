/**
 * {@link tCritical} with a one-entry memo: t_{ν, 1−α/2} = −F_ν⁻¹(α/2) is recomputed only when
 * (level, ν) differs from the previous call's. In a simulation the Bell–McCaffrey CR2 df
 * depends only on the cluster sizes, so with fixed sizes ν is the same number in every
 * replication of a cell, and the t quantile (an incomplete-beta inversion) is computed once
 * instead of once per replication. The value returned is the direct call's (same bits);
 * the memo is the caller's object, never module state.
 */
import { tCritical } from './studentT.js';

/** (level, df) → t critical value, remembering the last pair. */
export type TCriticalOf = (level: number, df: number) => number;

/** A fresh one-entry memo of {@link tCritical}. */
export function createTCriticalMemo(): TCriticalOf {
  let lastLevel = Number.NaN;
  let lastDf = Number.NaN;
  let lastValue = Number.NaN;
  return (level, df) => {
    if (level === lastLevel && df === lastDf) return lastValue;
    const value = tCritical(level, df);
    lastLevel = level;
    lastDf = df;
    lastValue = value;
    return value;
  };
}
