/**
 * Registry of the paired-difference intervals by name, for exact coverage and the
 * simulation adapters: `pairedIntervalMethods[name](table, level)` builds a checked
 * interval; `pairedBoundsFor(name, level)` returns allocation-free bounds
 * `(n11, n10, n01, n00, out) => void` with z computed once.
 */
import { normalCritical } from '../distributions/index.js';
import type { MarkedBounds } from '../intervals/markedBounds.js';
import type { MarkedInterval } from '../types.js';
import { assertLevel, InputError } from '../validate.js';
import { agrestiMinBounds, agrestiMinInterval } from './agrestiMin.js';
import { bonettPriceBounds, bonettPriceInterval } from './bonettPrice.js';
import { newcombePairedBounds, newcombePairedBoundsOfN, newcombePairedInterval } from './newcombePaired.js';
import type { PairedBoundsFunction, PairedTable } from './pairedTable.js';
import { pairedWaldBounds, pairedWaldInterval } from './pairedWald.js';
import { tangoScoreBounds, tangoScoreInterval } from './tangoScore.js';

export type PairedIntervalMethod =
  | 'pairedWald'
  | 'tangoScore'
  | 'newcombePaired'
  | 'bonettPrice'
  | 'agrestiMin';

/** A checked paired interval builder. */
export type PairedIntervalFunction = (table: PairedTable, level?: number) => MarkedInterval;

/** Allocation-free paired bounds with the critical value fixed. */
export type PairedBoundsAtLevel = (
  n11: number,
  n10: number,
  n01: number,
  n00: number,
  out: MarkedBounds,
) => void;

interface Entry {
  readonly interval: PairedIntervalFunction;
  readonly bounds: PairedBoundsFunction;
  /** True when the interval depends on n11 and n00 separately, not only on n11 + n00. */
  readonly usesConcordant: boolean;
  /** Optional: the same bounds prepared for tables of n questions (same bits, cheaper per table). */
  readonly boundsOfN?: (n: number, z: number) => PairedBoundsAtLevel;
}

const ENTRIES: Readonly<Record<PairedIntervalMethod, Entry>> = {
  pairedWald: { interval: pairedWaldInterval, bounds: pairedWaldBounds, usesConcordant: false },
  tangoScore: { interval: tangoScoreInterval, bounds: tangoScoreBounds, usesConcordant: false },
  newcombePaired: {
    interval: newcombePairedInterval,
    bounds: newcombePairedBounds,
    usesConcordant: true,
    boundsOfN: newcombePairedBoundsOfN,
  },
  bonettPrice: { interval: bonettPriceInterval, bounds: bonettPriceBounds, usesConcordant: false },
  agrestiMin: { interval: agrestiMinInterval, bounds: agrestiMinBounds, usesConcordant: false },
};

/** The method names, in a stable display order. */
export const pairedIntervalMethodNames: readonly PairedIntervalMethod[] = Object.freeze(
  Object.keys(ENTRIES) as PairedIntervalMethod[],
);

export const pairedIntervalMethods: Readonly<Record<PairedIntervalMethod, PairedIntervalFunction>> =
  Object.freeze(
    Object.fromEntries(pairedIntervalMethodNames.map((m) => [m, ENTRIES[m].interval])) as Record<
      PairedIntervalMethod,
      PairedIntervalFunction
    >,
  );

/** Type guard for a method name. */
export function isPairedIntervalMethod(name: unknown): name is PairedIntervalMethod {
  return typeof name === 'string' && Object.hasOwn(ENTRIES, name);
}

function entry(method: PairedIntervalMethod): Entry {
  if (!isPairedIntervalMethod(method)) {
    throw new InputError(
      'method',
      `must be one of ${pairedIntervalMethodNames.join(', ')}, got ${JSON.stringify(method)}`,
    );
  }
  return ENTRIES[method];
}

/** Whether `method` depends on n11 and n00 separately (only Newcombe's ψ does). */
export function pairedMethodUsesConcordant(method: PairedIntervalMethod): boolean {
  return entry(method).usesConcordant;
}

/** Allocation-free bounds for `method` at `level` (z computed once here). */
export function pairedBoundsFor(method: PairedIntervalMethod, level = 0.95): PairedBoundsAtLevel {
  const { bounds } = entry(method);
  assertLevel(level);
  const z = normalCritical(level);
  return (n11, n10, n01, n00, out) => bounds(n11, n10, n01, n00, z, out);
}

/**
 * {@link pairedBoundsFor} prepared for tables of n questions: the same bits for every table
 * (a table of another size too), with what depends only on n computed once where the method
 * allows it (Newcombe's Wilson limits of the margins).
 */
export function pairedBoundsForN(method: PairedIntervalMethod, n: number, level = 0.95): PairedBoundsAtLevel {
  const { boundsOfN } = entry(method);
  if (boundsOfN === undefined) return pairedBoundsFor(method, level);
  assertLevel(level);
  return boundsOfN(n, normalCritical(level));
}
