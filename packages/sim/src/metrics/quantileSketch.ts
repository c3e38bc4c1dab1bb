/**
 * Streaming quantiles with a fixed relative resolution: a log-bucketed
 * histogram (the DDSketch construction of Masson, Rim & Lee 2019, PVLDB
 * 12:2195, without bucket collapsing). A value x ≠ 0 falls in bucket
 * i = ⌈log_γ |x|⌉ with γ = (1 + α)/(1 − α); the bucket is represented by
 * 2γⁱ/(γ + 1), within relative error α of every value in it. Exact zeros are
 * counted apart.
 *
 * Memory grows with the number of occupied buckets, log(max/min)/log γ —
 * about 11,500 per decade of spread at α = 1e-4 — never with the number of
 * values, so a median over any number of replications takes flat memory.
 * Order statistics are exact up to that relative resolution; quantiles
 * interpolate between order statistics as R's default (Hyndman & Fan 1996,
 * type 7).
 */
export class QuantileSketch {
  /** Relative resolution α of every returned order statistic. */
  readonly relativeAccuracy: number;
  private readonly logGamma: number;
  private readonly gamma: number;
  private readonly positive = new Map<number, number>();
  private readonly negative = new Map<number, number>();
  private zeros = 0;
  count = 0;

  constructor(relativeAccuracy = 1e-4) {
    this.relativeAccuracy = relativeAccuracy;
    this.gamma = (1 + relativeAccuracy) / (1 - relativeAccuracy);
    this.logGamma = Math.log(this.gamma);
  }

  /** Adds a finite value (non-finite values are ignored by the callers). */
  add(x: number): void {
    this.count++;
    if (x === 0) {
      this.zeros++;
      return;
    }
    const buckets = x > 0 ? this.positive : this.negative;
    const i = Math.ceil(Math.log(Math.abs(x)) / this.logGamma);
    buckets.set(i, (buckets.get(i) ?? 0) + 1);
  }

  private bucketValue(i: number): number {
    return (2 * this.gamma ** i) / (this.gamma + 1);
  }

  /** The values of the order statistics of 0-based ranks `ranks` (ascending). */
  private orderStatistics(ranks: readonly number[]): number[] {
    const runs: [number, number][] = [];
    for (const i of [...this.negative.keys()].sort((a, b) => b - a)) {
      runs.push([-this.bucketValue(i), this.negative.get(i)!]);
    }
    if (this.zeros > 0) runs.push([0, this.zeros]);
    for (const i of [...this.positive.keys()].sort((a, b) => a - b)) {
      runs.push([this.bucketValue(i), this.positive.get(i)!]);
    }
    const out: number[] = [];
    let run = 0;
    let seen = runs.length > 0 ? runs[0][1] : 0;
    for (const rank of ranks) {
      while (rank >= seen && run < runs.length - 1) {
        run++;
        seen += runs[run][1];
      }
      out.push(runs[run][0]);
    }
    return out;
  }

  /** Sample quantiles at probabilities `qs` (ascending), type 7; NaN when empty. */
  quantiles(qs: readonly number[]): number[] {
    if (this.count === 0) return qs.map(() => Number.NaN);
    const ranks: number[] = [];
    for (const q of qs) {
      const h = (this.count - 1) * Math.min(1, Math.max(0, q));
      ranks.push(Math.floor(h), Math.ceil(h));
    }
    const values = this.orderStatistics(ranks);
    return qs.map((q, j) => {
      const h = (this.count - 1) * Math.min(1, Math.max(0, q));
      const low = values[2 * j];
      const high = values[2 * j + 1];
      return low + (h - Math.floor(h)) * (high - low);
    });
  }
}
