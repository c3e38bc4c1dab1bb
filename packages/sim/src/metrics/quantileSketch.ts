/**
 * Streaming quantiles with a fixed relative resolution: a log-bucketed
 * histogram (the DDSketch construction of Masson, Rim & Lee 2019, PVLDB
 * 12:2195, without bucket collapsing). A value x ≠ 0 falls in bucket
 * i = ⌈log_γ |x|⌉ with γ = (1 + α)/(1 − α); the bucket is represented by
 * 2γⁱ/(γ + 1), within relative error α of every value in it, clamped to the
 * smallest and largest value the bucket has seen — so a bucket holding one
 * distinct value (every bucket of an integer or otherwise discrete statistic,
 * whose distinct values are further apart than α) returns that value exactly.
 * Exact zeros are counted apart.
 *
 * Memory grows with the number of occupied buckets, log(max/min)/log γ —
 * about 11,500 per decade of spread at α = 1e-4 — never with the number of
 * values, so a median over any number of replications takes flat memory.
 * Sketches merge exactly (bucket counts add), so blocks and shards combine to the sketch of
 * all the values. Order statistics are exact up to that relative resolution; quantiles
 * interpolate between order statistics as R's default (Hyndman & Fan 1996,
 * type 7).
 */
import { pow } from '@evalsim/core';

/** One occupied bucket: how many values fell in it and their range. */
interface Bucket {
  count: number;
  min: number;
  max: number;
}

/** A distinct represented value and how many values it stands for, in ascending order of value. */
export interface SketchRun {
  readonly value: number;
  readonly count: number;
}

function mergeBuckets(into: Map<number, Bucket>, from: Map<number, Bucket>): void {
  for (const [i, bucket] of from) {
    const mine = into.get(i);
    if (mine === undefined) {
      into.set(i, { ...bucket });
      continue;
    }
    mine.count += bucket.count;
    if (bucket.min < mine.min) mine.min = bucket.min;
    if (bucket.max > mine.max) mine.max = bucket.max;
  }
}

export class QuantileSketch {
  /** Relative resolution α of every returned order statistic. */
  readonly relativeAccuracy: number;
  private readonly logGamma: number;
  private readonly gamma: number;
  private readonly positive = new Map<number, Bucket>();
  private readonly negative = new Map<number, Bucket>();
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
    const bucket = buckets.get(i);
    if (bucket === undefined) {
      buckets.set(i, { count: 1, min: x, max: x });
      return;
    }
    bucket.count++;
    if (x < bucket.min) bucket.min = x;
    else if (x > bucket.max) bucket.max = x;
  }

  /** Adds `other`'s values (same relative accuracy): bucket counts add, ranges widen; exact. */
  merge(other: QuantileSketch): void {
    this.count += other.count;
    this.zeros += other.zeros;
    mergeBuckets(this.positive, other.positive);
    mergeBuckets(this.negative, other.negative);
  }

  /** State: count, zeros, then per sign (negative, positive) the bucket count and (index, count, min, max) each. */
  write(out: number[]): void {
    out.push(this.count, this.zeros);
    for (const buckets of [this.negative, this.positive]) {
      out.push(buckets.size);
      for (const [i, bucket] of buckets) out.push(i, bucket.count, bucket.min, bucket.max);
    }
  }

  /** Replaces the state by the one `write` put at `offset`; returns the offset after it. */
  read(state: Float64Array, offset: number): number {
    let at = offset;
    this.count = state[at++];
    this.zeros = state[at++];
    for (const buckets of [this.negative, this.positive]) {
      buckets.clear();
      const size = state[at++];
      for (let k = 0; k < size; k++, at += 4) {
        buckets.set(state[at], { count: state[at + 1], min: state[at + 2], max: state[at + 3] });
      }
    }
    return at;
  }

  /** The bucket's represented value (sign included), clamped to the values it has seen. */
  private bucketValue(i: number, bucket: Bucket, sign: 1 | -1): number {
    const represented = (sign * 2 * pow(this.gamma, i)) / (this.gamma + 1);
    return Math.min(bucket.max, Math.max(bucket.min, represented));
  }

  /** Every occupied bucket as (value, count), ascending; the counts sum to `count`. */
  runs(): SketchRun[] {
    const runs: SketchRun[] = [];
    for (const i of [...this.negative.keys()].sort((a, b) => b - a)) {
      const bucket = this.negative.get(i)!;
      runs.push({ value: this.bucketValue(i, bucket, -1), count: bucket.count });
    }
    if (this.zeros > 0) runs.push({ value: 0, count: this.zeros });
    for (const i of [...this.positive.keys()].sort((a, b) => a - b)) {
      const bucket = this.positive.get(i)!;
      runs.push({ value: this.bucketValue(i, bucket, 1), count: bucket.count });
    }
    return runs;
  }

  /** The values of the order statistics of 0-based ranks `ranks` (ascending). */
  private orderStatistics(ranks: readonly number[]): number[] {
    const runs = this.runs();
    const out: number[] = [];
    let run = 0;
    let seen = runs.length > 0 ? runs[0].count : 0;
    for (const rank of ranks) {
      while (rank >= seen && run < runs.length - 1) {
        run++;
        seen += runs[run].count;
      }
      out.push(runs[run].value);
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
      return low === high ? low : low + (h - Math.floor(h)) * (high - low);
    });
  }
}
