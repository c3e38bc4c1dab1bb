/** What every performance measure returns: its estimate and Monte Carlo SE. */
export interface Measure {
  readonly estimate: number;
  /** Monte Carlo standard error of `estimate`. */
  readonly mcse: number;
  /**
   * True when the formula is undefined for these valid statistics (a division by a zero
   * empirical SE, say); `estimate` and `mcse` are then NaN and the caller reports the case.
   */
  readonly degenerate: boolean;
}

/** The result of a degenerate case. */
export const DEGENERATE: Measure = Object.freeze({
  estimate: Number.NaN,
  mcse: Number.NaN,
  degenerate: true,
});

/** A regular result. */
export function measure(estimate: number, mcse: number): Measure {
  return { estimate, mcse, degenerate: false };
}
