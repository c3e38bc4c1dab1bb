/**
 * Series that coincide at every point would hide one another in a plot (exact coverage of
 * Wilson and the Beta(1, 1) posterior; clustered t and CR2 with balanced clusters): they are
 * drawn once, labelled "a = b".
 */
import type { ChartPoint } from './chartPoint.js';

function pointKey(p: ChartPoint): string {
  return `${p.facet ?? ''}\u0000${p.x}`;
}

/**
 * Series whose points coincide everywhere (same facets and x, equal values and MCSEs, and
 * published values that do not disagree) relabelled as one "a = b" series, keeping the first
 * one's points with the published values of either.
 */
export function mergeIdenticalSeries(points: readonly ChartPoint[]): ChartPoint[] {
  const bySeries = new Map<string, Map<string, ChartPoint>>();
  for (const p of points) {
    if (!bySeries.has(p.series)) bySeries.set(p.series, new Map());
    bySeries.get(p.series)!.set(pointKey(p), p);
  }
  const same = (a: Map<string, ChartPoint>, b: Map<string, ChartPoint>) =>
    a.size === b.size &&
    [...a].every(([key, p]) => {
      const q = b.get(key);
      return (
        q !== undefined &&
        Math.abs(p.y - q.y) <= 1e-12 * Math.max(1, Math.abs(p.y)) &&
        p.mcse === q.mcse &&
        (p.published == null || q.published == null || p.published === q.published)
      );
    });
  const members = new Map<string, string[]>();
  const names = [...bySeries.keys()];
  const absorbed = new Set<string>();
  for (const [i, name] of names.entries()) {
    if (absorbed.has(name)) continue;
    const group = [name];
    for (const other of names.slice(i + 1)) {
      if (!absorbed.has(other) && same(bySeries.get(name)!, bySeries.get(other)!)) {
        group.push(other);
        absorbed.add(other);
      }
    }
    members.set(name, group);
  }
  const publishedOf = (series: string, p: ChartPoint) => bySeries.get(series)?.get(pointKey(p))?.published;
  return points
    .filter((p) => !absorbed.has(p.series))
    .map((p) => {
      const group = members.get(p.series)!;
      const published = group.map((series) => publishedOf(series, p)).find((v) => v != null) ?? null;
      return { ...p, series: group.join(' = '), published };
    });
}
