/**
 * What is wrong with an interval's bounds, as `evalsim interval` and every analysis output
 * mark it: a bound beyond the range the quantity can take (an accuracy below 0 or above 1, a
 * difference of accuracies beyond ±1 — Wald, Agresti–Coull, the z and t intervals and the
 * clustered ones are not clipped), or a width of zero (Wald at k = 0 or k = n, a paired
 * interval with no discordant pairs): such an interval claims a certainty the data cannot
 * give. The marks are words, in a fixed order: `lower < L`, `upper > U`, `zero width`,
 * with L and U written as given (`range`, in the units of the bounds), so a report in
 * points can pass [0, 100]. A non-finite bound is not marked (it is reported as absent).
 */

/** The marks of [lower, upper] against the possible `range` [L, U]; empty when the interval is fine. */
export function intervalMarks(
  lower: number,
  upper: number,
  range: readonly [number, number] = [0, 1],
): string[] {
  const marks: string[] = [];
  if (!(Number.isFinite(lower) && Number.isFinite(upper))) return marks;
  // A bound beyond the range by more than rounding (1e-12 of the range's span) is outside it; an
  // unbounded range (no possible range known) scales the rounding by the bounds instead.
  const span = range[1] - range[0];
  const slack =
    1e-12 * Math.max(1, Number.isFinite(span) ? Math.abs(span) : Math.max(Math.abs(lower), Math.abs(upper)));
  if (lower < range[0] - slack) marks.push(`lower < ${range[0]}`);
  if (upper > range[1] + slack) marks.push(`upper > ${range[1]}`);
  if (upper - lower <= slack) marks.push('zero width');
  return marks;
}
