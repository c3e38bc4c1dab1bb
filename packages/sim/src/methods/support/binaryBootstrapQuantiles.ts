/**
 * The percentile bootstrap of a 0/1 mean (k ones among n) from four order statistics instead
 * of B resamples. A resample's sum is X ~ Binomial(n, k/n); the type-7 percentile rule of
 * core's `percentileOfHistogram` / numpy's default reads the q-quantile of B resample sums as
 *
 *   h = (B − 1)q,  i = ⌊h⌋,  Q(q) = X_(i) + (h − i)(X_(i+1) − X_(i))   (0-based order statistics),
 *
 * so the interval [Q(tail), Q(1 − tail)]/n depends on the B draws only through at most four
 * order statistics. Drawing X_b = F⁻¹(U_b) with U_b i.i.d. uniform gives the B draws exactly
 * their law, and because F⁻¹ is non-decreasing, X_(j) = F⁻¹(U_(j)) for every j at once. So
 * the four order statistics have exactly the joint law they have under B binomial draws when
 * they are F⁻¹ of the uniform order statistics at the same ranks, drawn jointly and exactly
 * by exponential spacings (samplers/uniformOrderStatistics.ts, 5 gamma draws), with F⁻¹ from
 * an inversion table of Binomial(n, k/n) (samplers/binomialTable.ts). The interval — a fixed
 * function of those four numbers — therefore has exactly the same joint distribution of
 * (lower, upper) as with B binomial draws and a histogram: same coverage, same width, same
 * degenerate cases (k = 0 or n gives the point k/n). Only the random stream differs.
 * Cost: ≈ 5 gamma draws and 4 table lookups per replication, whatever B is.
 *
 * Tables are cached per k for the current n while they fit a budget of 2²⁰ entries (n = 200:
 * all 201 tables take ≈ 40,000); beyond it one scratch table is refilled per call (O(√n)
 * work), so nothing is allocated per replication once the cache is warm.
 */
import type { Bounds } from '@evalsim/core';
import { InputError } from '@evalsim/core';
import { fillBinomialTable } from '../../samplers/binomialTable.js';
import { DiscreteTable } from '../../samplers/discreteTable.js';
import type { UniformSource } from '../../samplers/source.js';
import { sampleUniformOrderStatistics } from '../../samplers/uniformOrderStatistics.js';

const CACHE_ENTRIES = 1 << 20;

/**
 * Largest n this is used for: the Binomial(n, k/n) table spans ≈ 77 s.d., so beyond this a
 * table costs more than B binomial draws would.
 */
export const BOOTSTRAP_QUANTILES_MAX_N = 65536;

/** One type-7 quantile: 0-based order-statistic index and interpolation fraction. */
interface Position {
  readonly index: number;
  readonly fraction: number;
}

/** h = (B − 1)q split as in core's percentile.ts. */
function position(count: number, q: number): Position {
  const h = (count - 1) * q;
  const index = Math.min(Math.floor(h), count - 1);
  return { index, fraction: h - index };
}

/** Percentile-bootstrap bounds of a 0/1 mean for fixed B and tail, from order statistics. */
export class BinaryBootstrapQuantiles {
  private readonly lower: Position;
  private readonly upper: Position;
  /** Distinct 1-based ranks needed, ascending, and where each position's two ranks sit in them. */
  private readonly ranks: Int32Array;
  private readonly slots: Int32Array;
  private readonly uniforms: Float64Array;
  private n = -1;
  private tables: (DiscreteTable | undefined)[] = [];
  private cached = 0;
  private readonly scratch = new DiscreteTable();

  constructor(
    readonly resamples: number,
    readonly tail: number,
  ) {
    if (!(Number.isInteger(resamples) && resamples >= 1)) {
      throw new InputError('resamples', `must be an integer ≥ 1, got ${resamples}`);
    }
    if (!(tail > 0 && tail < 0.5)) throw new InputError('tail', `must be in (0, 0.5), got ${tail}`);
    this.lower = position(resamples, tail);
    this.upper = position(resamples, 1 - tail);
    const wanted = [this.lower.index, this.lower.index + 1, this.upper.index, this.upper.index + 1]
      .filter((i) => i < resamples)
      .map((i) => i + 1);
    const ranks = [...new Set(wanted)].sort((x, y) => x - y);
    this.ranks = Int32Array.from(ranks);
    // slots[s] = position in `ranks` of 0-based index (lower, lower+1, upper, upper+1)[s] (or −1).
    this.slots = Int32Array.from(
      [this.lower.index, this.lower.index + 1, this.upper.index, this.upper.index + 1].map((i) =>
        ranks.indexOf(i + 1),
      ),
    );
    this.uniforms = new Float64Array(ranks.length);
  }

  /** The Binomial(n, k/n) table (cached per k for the current n while within budget). */
  private tableFor(k: number, n: number): DiscreteTable {
    if (n !== this.n) {
      this.n = n;
      this.tables = [];
      this.cached = 0;
    }
    const known = this.tables[k];
    if (known) return known;
    const p = k / n;
    if (this.cached + n + 1 > CACHE_ENTRIES) return fillBinomialTable(this.scratch, n, p);
    const table = fillBinomialTable(new DiscreteTable(), n, p);
    this.tables[k] = table;
    this.cached += table.size;
    return table;
  }

  /** Writes [Q(tail), Q(1 − tail)]/n for k ones among n into `out` (inputs not checked). */
  bounds(k: number, n: number, src: UniformSource, out: Bounds): void {
    if (k === 0 || k === n) {
      out.lower = k / n;
      out.upper = k / n;
      return;
    }
    const table = this.tableFor(k, n);
    const { uniforms, slots } = this;
    sampleUniformOrderStatistics(src, this.resamples, this.ranks, this.ranks.length, uniforms);
    out.lower = this.quantile(table, this.lower, slots[0], slots[1]) / n;
    out.upper = this.quantile(table, this.upper, slots[2], slots[3]) / n;
  }

  private quantile(table: DiscreteTable, at: Position, first: number, second: number): number {
    const lo = table.quantile(this.uniforms[first]);
    if (at.fraction === 0) return lo;
    return lo + at.fraction * (table.quantile(this.uniforms[second]) - lo);
  }
}
