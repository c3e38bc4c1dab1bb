/** One plotted value: x, y with its Monte Carlo SE, its series, panel and published value. */
export interface ChartPoint {
  x: number;
  y: number;
  mcse: number;
  series: string;
  facet?: string;
  /** Numeric order of the facet panels (e.g. the grid value), so 5 comes before 10. */
  facetOrder?: number;
  published?: number | null;
}
