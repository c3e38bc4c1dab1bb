/**
 * Monte Carlo standard errors of simulation summaries (Morris, White &
 * Crowther 2019, "Using simulation studies to evaluate statistical methods",
 * Stat. Med. 38:2074, Table 6).
 */

/** MCSE of a proportion p̂ over n replications: √(p̂(1 − p̂)/n) (binomial). */
export function proportionMcse(p: number, n: number): number {
  return n > 0 ? Math.sqrt((p * (1 - p)) / n) : Number.NaN;
}

/** MCSE of a mean of n values with sample s.d. s: s/√n. */
export function meanMcse(sd: number, n: number): number {
  return n > 0 ? sd / Math.sqrt(n) : Number.NaN;
}

/** MCSE of an empirical standard deviation s over n values: s/√(2(n − 1)) (normal approximation). */
export function sdMcse(sd: number, n: number): number {
  return n > 1 ? sd / Math.sqrt(2 * (n - 1)) : Number.NaN;
}
