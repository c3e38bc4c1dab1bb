/**
 * The paired 2×2 table (n11, n10, n01, n00) ~ Multinomial(n; p11, p10, p01, p00) by three
 * binomial inversions, the factorisation core's exactPairedCoverage sums over:
 *
 *   m = n10 + n01 ~ Bin(n, pd),            pd = p10 + p01,
 *   n10 | m       ~ Bin(m, p10/pd),
 *   n11 | m       ~ Bin(n − m, p11/(1 − pd)),
 *
 * n01 = m − n10, n00 = n − m − n11 (Johnson, Kotz & Balakrishnan 1997, Discrete Multivariate
 * Distributions, §35.1: the multinomial's conditional distributions are multinomial, here
 * binomial). Each binomial is drawn by exact inversion of its table (binomialTable.ts,
 * discreteTable.ts), so a table costs three uniforms and three guide lookups whatever n.
 * The Bin(n, pd) table is built at construction; the conditional tables are built the first
 * time their m is drawn and kept (at most 2(n + 1) small tables, only the reachable m), so
 * `draw` allocates only on a value of m not seen before in the cell.
 */
import { InputError } from '@evalsim/core';
import { fillBinomialTable } from './binomialTable.js';
import { DiscreteTable } from './discreteTable.js';
import type { UniformSource } from './source.js';

/** Guide entries per value: the tables are inverted thousands of times each (discreteTable.ts). */
const GUIDE_PER_VALUE = 4;

/** The table drawn by {@link PairedTableSampler.draw}. */
export interface PairedTable {
  n11: number;
  n10: number;
  n01: number;
  n00: number;
}

export class PairedTableSampler {
  readonly n: number;
  private readonly discordant: DiscreteTable;
  private readonly share10: number;
  private readonly share11: number;
  /** Bin(m, share10) and Bin(n − m, share11) by m, built on first use. */
  private readonly onlyA: (DiscreteTable | undefined)[];
  private readonly both: (DiscreteTable | undefined)[];

  /** Cell probabilities p11, p10, p01 ≥ 0 with p11 + p10 + p01 ≤ 1 (+1e-12 rounding), n ≥ 0. */
  constructor(n: number, p11: number, p10: number, p01: number) {
    if (!(Number.isSafeInteger(n) && n >= 0)) throw new InputError('n', `must be an integer ≥ 0, got ${n}`);
    for (const [name, p] of [
      ['p11', p11],
      ['p10', p10],
      ['p01', p01],
    ] as const) {
      if (!(p >= 0 && p <= 1)) throw new InputError(name, `must be in [0, 1], got ${p}`);
    }
    if (p11 + p10 + p01 > 1 + 1e-12) {
      throw new InputError('p01', `p11 + p10 + p01 must be ≤ 1, got ${p11 + p10 + p01}`);
    }
    this.n = n;
    const pd = Math.min(1, p10 + p01);
    // Conditional shares; any value serves when the conditioning event has no mass.
    this.share10 = pd > 0 ? Math.min(1, p10 / pd) : 0.5;
    this.share11 = pd < 1 ? Math.min(1, p11 / (1 - pd)) : 0.5;
    this.discordant = fillBinomialTable(new DiscreteTable(GUIDE_PER_VALUE), n, pd);
    this.onlyA = new Array(n + 1).fill(undefined);
    this.both = new Array(n + 1).fill(undefined);
  }

  /** One table into `out` from three uniforms of `src` (m, then n10, then n11); returns `out`. */
  draw(src: UniformSource, out: PairedTable): PairedTable {
    return this.fromUniforms(src.uniform(), src.uniform(), src.uniform(), out);
  }

  /**
   * The table of three uniforms u[0], u[1], u[2] in [0, 1) (the same table as {@link draw} on a
   * source giving them in that order): for a stream's bulk draw into a typed array, whose
   * numbers are never boxed.
   */
  drawFrom(u: Float64Array, out: PairedTable): PairedTable {
    return this.fromUniforms(u[0]!, u[1]!, u[2]!, out);
  }

  private fromUniforms(u0: number, u1: number, u2: number, out: PairedTable): PairedTable {
    const n = this.n;
    const m = this.discordant.quantile(u0);
    const onlyA = this.onlyA[m] ?? this.build(this.onlyA, m, m, this.share10);
    const n10 = onlyA.quantile(u1);
    const both = this.both[m] ?? this.build(this.both, m, n - m, this.share11);
    const n11 = both.quantile(u2);
    out.n11 = n11;
    out.n10 = n10;
    out.n01 = m - n10;
    out.n00 = n - m - n11;
    return out;
  }

  private build(tables: (DiscreteTable | undefined)[], m: number, size: number, p: number): DiscreteTable {
    const table = fillBinomialTable(new DiscreteTable(GUIDE_PER_VALUE), size, p);
    tables[m] = table;
    return table;
  }
}
