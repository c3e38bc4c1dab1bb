/**
 * Shared result and dependency types of @evalsim/core.
 */

/** A two-sided interval for a parameter, e.g. a proportion or a difference. */
export interface Interval {
  /** Point estimate the interval is built around (not necessarily its midpoint). */
  readonly estimate: number;
  readonly lower: number;
  readonly upper: number;
  /** Nominal confidence (or credible) level in (0, 1). */
  readonly level: number;
  /** Name of the method that built it, e.g. "wilson". */
  readonly method: string;
}

/**
 * Injected source of randomness. @evalsim/core never creates randomness itself;
 * @evalsim/sim's `RandomStream` implements this interface with seeded streams.
 */
export interface Rng {
  /** Uniform draw on [0, 1). */
  uniform(): number;
  /** Standard normal draw. */
  normal(): number;
  /** Binomial(n, p) draw (exact for any n). */
  binomial(n: number, p: number): number;
}

/**
 * An {@link Interval} that says whether its data were degenerate for the method (e.g. no
 * discordant pairs for a paired Wald interval, a proportion of 0 or 1 for an effective
 * sample size): the interval is still defined (see each method) and the engine counts it.
 */
export interface MarkedInterval extends Interval {
  readonly degenerate: boolean;
}
