/**
 * The paired-difference intervals by their names in studies and on the command line, with
 * the core interval each one is (core pairedIntervals/methods.ts). Shared by the sim
 * methods that compute them on simulated data and the exactPairedCoverage formula that
 * sums their exact coverage, so a study names one interval the same way in both.
 */
import type { PairedIntervalMethod } from '@evalsim/core';

export const PAIRED_INTERVALS = {
  pairedWald: 'pairedWald',
  tango: 'tangoScore',
  newcombePaired: 'newcombePaired',
  bonettPrice: 'bonettPrice',
  agrestiMin: 'agrestiMin',
} as const satisfies Record<string, PairedIntervalMethod>;

/** A paired-difference interval's name in studies (e.g. 'tango'). */
export type PairedIntervalName = keyof typeof PAIRED_INTERVALS;

/** The names, in display order. */
export const PAIRED_INTERVAL_NAMES: readonly PairedIntervalName[] = Object.freeze(
  Object.keys(PAIRED_INTERVALS) as PairedIntervalName[],
);
