/**
 * Exact coverage of a paired-difference interval, no simulation. The paired table
 * (n11, n10, n01, n00) of n questions is Multinomial(n; p11, p10, p01, p00), and the
 * interval covers the true Δ = p10 − p01 when L ≤ Δ ≤ U (closed interval, as in
 * exactCoverage.ts):
 *
 *   C = Σ_tables P(table) · 1[L(table) ≤ Δ ≤ U(table)].
 *
 * The multinomial is factored into binomials, each conditional pmf a whole vector from one
 * Loader saddle-point value and the pmf ratio (binomialPmfsInto, ≤ 2e-13 relative at
 * n = 200), so no probability mass is pruned or approximated:
 *   m = n10 + n01 ~ Bin(n, pd), pd = p10 + p01;  n10 | m ~ Bin(m, p10/pd);
 *   n11 | m ~ Bin(n − m, p11/(1 − pd)).
 * Intervals that depend only on (n10, n01) and n (Wald, Tango, Bonett–Price, Agresti–Min)
 * need the (n + 1)(n + 2)/2 discordant tables only, and their coverage is a double sum,
 * O(n²) per parameter point; Newcombe's interval also depends on how the concordant pairs
 * split (through ψ and the marginal Wilson limits), so it needs all C(n + 3, 3) tables
 * (1,373,701 at n = 200), a triple sum of which the inner one has no pmf evaluations.
 * The bounds are computed once per (method, n, level) in an {@link PairedIntervalTable} and
 * reused for every parameter point of a curve.
 */
import { binomialPmfsInto } from '../distributions/binomialPmfs.js';
import { createMarkedBounds } from '../intervals/markedBounds.js';
import {
  isPairedIntervalMethod,
  type PairedBoundsAtLevel,
  type PairedIntervalMethod,
  pairedBoundsForN,
  pairedIntervalMethodNames,
  pairedMethodUsesConcordant,
} from '../pairedIntervals/index.js';
import { assertInteger, assertLevel, assertProbability, InputError } from '../validate.js';

/** A custom paired interval: bounds for the table at a level. */
export type PairedCoverageFunction = (
  n11: number,
  n10: number,
  n01: number,
  n00: number,
  level: number,
) => { lower: number; upper: number };

/** A method name, or a custom function (treated as depending on all four cells). */
export type PairedCoverageMethod = PairedIntervalMethod | PairedCoverageFunction;

/**
 * Bounds for every table of size n. With `full` false the entry for (n10 = a, n01 = b) is
 * at index b + a(2n + 3 − a)/2 (tables with a + b ≤ n, a-major); with `full` true the
 * entries run over m = a + b, then a, then n11 = c in 0..n − m.
 */
export interface PairedIntervalTable {
  readonly n: number;
  readonly full: boolean;
  readonly lower: Float64Array;
  readonly upper: Float64Array;
}

/** Largest table of bounds built (two Float64Arrays of this length: 80 MB). */
export const MAX_PAIRED_TABLE_ENTRIES = 5_000_000;

function tableSize(n: number, full: boolean): number {
  return full ? ((n + 1) * (n + 2) * (n + 3)) / 6 : ((n + 1) * (n + 2)) / 2;
}

/** The bounds function of `method` at (n, level), and whether it reads the concordant split. */
function boundsOf(
  method: PairedCoverageMethod,
  n: number,
  level: number,
): { bounds: PairedBoundsAtLevel; full: boolean } {
  assertInteger('n', n, 1);
  assertLevel(level);
  if (typeof method === 'function') {
    const bounds: PairedBoundsAtLevel = (n11, n10, n01, n00, out) => {
      const r = method(n11, n10, n01, n00, level);
      out.lower = r.lower;
      out.upper = r.upper;
    };
    return { bounds, full: true };
  }
  if (isPairedIntervalMethod(method)) {
    return { bounds: pairedBoundsForN(method, n, level), full: pairedMethodUsesConcordant(method) };
  }
  throw new InputError(
    'method',
    `must be a function or one of ${pairedIntervalMethodNames.join(', ')}, got ${JSON.stringify(method)}`,
  );
}

/** Refuses an enumeration past MAX_PAIRED_TABLE_ENTRIES tables. */
function checkTableSize(n: number, full: boolean): number {
  const size = tableSize(n, full);
  if (size > MAX_PAIRED_TABLE_ENTRIES) {
    throw new InputError(
      'n',
      `gives ${size} tables for this method, more than the ${MAX_PAIRED_TABLE_ENTRIES} allowed (n = ${n})`,
    );
  }
  return size;
}

/** Compute the bounds of every table once; a NaN bound from a custom function is an error. */
export function pairedIntervalTable(
  method: PairedCoverageMethod,
  n: number,
  level = 0.95,
): PairedIntervalTable {
  const { bounds, full } = boundsOf(method, n, level);
  return tableOf(bounds, full, n);
}

/** The bounds of every table of size n, in {@link PairedIntervalTable}'s order. */
function tableOf(bounds: PairedBoundsAtLevel, full: boolean, n: number): PairedIntervalTable {
  const size = checkTableSize(n, full);
  const lower = new Float64Array(size);
  const upper = new Float64Array(size);
  const out = createMarkedBounds();
  let i = 0;
  // The loops call `bounds` directly (no closure per table): this is the hot part of a Newcombe
  // table. A NaN bound (from a custom function) is an error naming the table.
  if (full) {
    for (let m = 0; m <= n; m++)
      for (let a = 0; a <= m; a++)
        for (let c = 0; c <= n - m; c++, i++) {
          bounds(c, a, m - a, n - m - c, out);
          if (Number.isNaN(out.lower) || Number.isNaN(out.upper)) throw nanError(c, a, m - a, n - m - c);
          lower[i] = out.lower;
          upper[i] = out.upper;
        }
  } else {
    for (let a = 0; a <= n; a++)
      for (let b = 0; b <= n - a; b++, i++) {
        bounds(n - a - b, a, b, 0, out);
        if (Number.isNaN(out.lower) || Number.isNaN(out.upper)) throw nanError(n - a - b, a, b, 0);
        lower[i] = out.lower;
        upper[i] = out.upper;
      }
  }
  return { n, full, lower, upper };
}

function nanError(n11: number, n10: number, n01: number, n00: number): InputError {
  return new InputError(
    'method',
    `returned a NaN bound at (n11, n10, n01, n00) = (${n11}, ${n10}, ${n01}, ${n00})`,
  );
}

/** Checks (p11, p10, p01) as cell probabilities with p11 + p10 + p01 ≤ 1. */
function checkCells(p11: number, p10: number, p01: number): void {
  assertProbability('p11', p11);
  assertProbability('p10', p10);
  assertProbability('p01', p01);
  const total = p11 + p10 + p01;
  if (total > 1 + 1e-12) {
    throw new InputError('p01', `p11 + p10 + p01 must be ≤ 1, got ${total}`);
  }
}

/**
 * Δ = p10 − p01, the discordant mass pd = p10 + p01 and the conditional shares
 * P(n10 = 1 | one discordant pair) and P(n11 = 1 | one concordant pair); any share works when its
 * conditioning event has no mass.
 */
function cellShares(p11: number, p10: number, p01: number) {
  const pd = Math.min(1, p10 + p01);
  return {
    delta: p10 - p01,
    pd,
    share10: pd > 0 ? Math.min(1, p10 / pd) : 0.5,
    share11: pd < 1 ? Math.min(1, p11 / (1 - pd)) : 0.5,
  };
}

/** Exact coverage at cell probabilities (p11, p10, p01) from a precomputed table. */
export function pairedCoverageFromTable(
  table: PairedIntervalTable,
  p11: number,
  p10: number,
  p01: number,
): number {
  const { n, full, lower, upper } = table;
  const { delta, pd, share10, share11 } = cellShares(p11, p10, p01);
  const work = workspace(n);
  // P(m) for m = 0..n, then per m the whole conditional pmf of n10 (and of n11): recurrences,
  // one saddle-point value per vector (binomialPmfsInto).
  const discordant = binomialPmfsInto(n, pd, work.discordant);
  const onlyA = work.onlyA;
  let sum = 0;
  if (!full) {
    // Index of (a, b) is rowStart(a) + b with rowStart(a) = a(2n + 3 − a)/2.
    for (let m = 0; m <= n; m++) {
      const pm = discordant[m];
      if (pm === 0) continue;
      binomialPmfsInto(m, share10, onlyA);
      let inner = 0;
      for (let a = 0; a <= m; a++) {
        const idx = (a * (2 * n + 3 - a)) / 2 + (m - a);
        if (lower[idx] <= delta && delta <= upper[idx]) inner += onlyA[a];
      }
      sum += pm * inner;
    }
    return sum;
  }
  const concordant = work.concordant;
  let idx = 0;
  for (let m = 0; m <= n; m++) {
    const pm = discordant[m];
    const rest = n - m;
    if (pm === 0) {
      idx += (m + 1) * (rest + 1);
      continue;
    }
    // P(n10 = a | m) for a = 0..m and P(n11 = c | m) for c = 0..n − m, once per m.
    binomialPmfsInto(m, share10, onlyA);
    binomialPmfsInto(rest, share11, concordant);
    let inner = 0;
    for (let a = 0; a <= m; a++) {
      const pa = onlyA[a];
      if (pa === 0) {
        idx += rest + 1;
        continue;
      }
      let covered = 0;
      for (let c = 0; c <= rest; c++, idx++) {
        if (lower[idx] <= delta && delta <= upper[idx]) covered += concordant[c];
      }
      inner += pa * covered;
    }
    sum += pm * inner;
  }
  return sum;
}

interface Workspace {
  discordant: Float64Array;
  onlyA: Float64Array;
  concordant: Float64Array;
}

// Reused pmf vectors (grown to the largest n seen; no state survives a call).
let work: Workspace = {
  discordant: new Float64Array(0),
  onlyA: new Float64Array(0),
  concordant: new Float64Array(0),
};

function workspace(n: number): Workspace {
  if (work.discordant.length < n + 1) {
    work = {
      discordant: new Float64Array(n + 1),
      onlyA: new Float64Array(n + 1),
      concordant: new Float64Array(n + 1),
    };
  }
  return work;
}

/** Exact coverage of `method` for Δ = p10 − p01 at cell probabilities (p11, p10, p01), n questions. */
export function exactPairedCoverage(
  method: PairedCoverageMethod,
  n: number,
  p11: number,
  p10: number,
  p01: number,
  level = 0.95,
): number {
  checkCells(p11, p10, p01);
  return pairedCoverageFromTable(pairedIntervalTable(method, n, level), p11, p10, p01);
}

/**
 * Exact coverage at each row of `cells` ([p11, p10, p01] triples) from one enumeration of the
 * tables: bit for bit the values of {@link pairedCoverageFromTable} on {@link pairedIntervalTable}.
 */
export function exactPairedCoverageCurve(
  method: PairedCoverageMethod,
  n: number,
  cells: ArrayLike<readonly [number, number, number]>,
  level = 0.95,
): Float64Array {
  for (let i = 0; i < cells.length; i++) {
    const row = cells[i];
    if (!Array.isArray(row) || row.length !== 3)
      throw new InputError(`cells[${i}]`, 'must be [p11, p10, p01]');
    try {
      checkCells(row[0], row[1], row[2]);
    } catch (e) {
      if (e instanceof InputError)
        throw new InputError(`cells[${i}].${e.argument}`, e.message.slice(e.argument.length + 2));
      throw e;
    }
  }
  const { bounds, full } = boundsOf(method, n, level);
  if (full) return streamedFullCoverage(bounds, n, cells);
  const table = tableOf(bounds, false, n);
  const out = new Float64Array(cells.length);
  for (let i = 0; i < cells.length; i++)
    out[i] = pairedCoverageFromTable(table, cells[i][0], cells[i][1], cells[i][2]);
  return out;
}

/**
 * The coverage of every cell from one pass over the C(n + 3, 3) tables of an interval that reads
 * the concordant split, holding one row of bounds (fixed m, a; c = 0..n − m) at a time instead of
 * the whole table (22 MB for Newcombe at n = 200). Each cell's sums run in the order of
 * {@link pairedCoverageFromTable}'s, so the values are bit for bit the same.
 */
function streamedFullCoverage(
  bounds: PairedBoundsAtLevel,
  n: number,
  cells: ArrayLike<readonly [number, number, number]>,
): Float64Array {
  checkTableSize(n, true);
  const k = cells.length;
  const width = n + 1;
  const deltas = new Float64Array(k);
  const shares10 = new Float64Array(k);
  const shares11 = new Float64Array(k);
  const discordant = new Float64Array(k * width);
  for (let j = 0; j < k; j++) {
    const { delta, pd, share10, share11 } = cellShares(cells[j][0], cells[j][1], cells[j][2]);
    deltas[j] = delta;
    shares10[j] = share10;
    shares11[j] = share11;
    binomialPmfsInto(n, pd, discordant.subarray(j * width, (j + 1) * width));
  }
  const onlyA = new Float64Array(k * width);
  const concordant = new Float64Array(k * width);
  // Each cell's rows of the two, made once (not per m).
  const onlyAOf = Array.from({ length: k }, (_, j) => onlyA.subarray(j * width, (j + 1) * width));
  const concordantOf = Array.from({ length: k }, (_, j) => concordant.subarray(j * width, (j + 1) * width));
  const lowerRow = new Float64Array(width);
  const upperRow = new Float64Array(width);
  const inner = new Float64Array(k);
  const sums = new Float64Array(k);
  const out = createMarkedBounds();
  for (let m = 0; m <= n; m++) {
    const rest = n - m;
    for (let j = 0; j < k; j++) {
      inner[j] = 0;
      if (discordant[j * width + m] === 0) continue;
      binomialPmfsInto(m, shares10[j], onlyAOf[j]);
      binomialPmfsInto(rest, shares11[j], concordantOf[j]);
    }
    for (let a = 0; a <= m; a++) {
      for (let c = 0; c <= rest; c++) {
        bounds(c, a, m - a, rest - c, out);
        if (Number.isNaN(out.lower) || Number.isNaN(out.upper)) throw nanError(c, a, m - a, rest - c);
        lowerRow[c] = out.lower;
        upperRow[c] = out.upper;
      }
      for (let j = 0; j < k; j++) {
        if (discordant[j * width + m] === 0) continue;
        const pa = onlyA[j * width + a];
        if (pa === 0) continue;
        const delta = deltas[j];
        const base = j * width;
        let covered = 0;
        for (let c = 0; c <= rest; c++) {
          if (lowerRow[c] <= delta && delta <= upperRow[c]) covered += concordant[base + c];
        }
        inner[j] += pa * covered;
      }
    }
    for (let j = 0; j < k; j++) {
      const pm = discordant[j * width + m];
      if (pm !== 0) sums[j] += pm * inner[j];
    }
  }
  return sums;
}
