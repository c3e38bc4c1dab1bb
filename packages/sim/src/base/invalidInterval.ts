/**
 * An interval a method cannot have meant: lower > upper, or one bound NaN while the other is
 * a number (both NaN is a method that gives no interval, e.g. a test). SimDesign's `ECR`
 * treats lower > upper as an error, not a miss; here the replication counts as degenerate
 * for that method (cellSimulator.ts) and the first offending replication is reported
 * (runner/invalidIntervals.ts), so a broken user method cannot fail silently.
 */
export function isInvalidInterval(lower: number, upper: number): boolean {
  return lower > upper || Number.isNaN(lower) !== Number.isNaN(upper);
}
