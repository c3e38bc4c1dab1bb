/**
 * Which interval a pair reports as its headline and which p-value goes to Holm / BH
 * (analysisOptions.ts): the chosen interval family (clustered CR1 / CR2 / Miller, paired z / t,
 * or a paired 2×2 interval) and the test (`auto`: the test that inverts the interval,
 * headlineRule.ts `testOfInterval` — the clustered t with the interval's SE and df, the paired
 * z or t, or McNemar's χ² without continuity correction for Tango and the other 2×2 intervals).
 */
import type { PairedIntervalName } from '../base/pairedIntervalNames.js';
import type { PairedIntervalChoice, PairTestChoice } from './analysisOptions.js';
import { testOfInterval } from './headlineRule.js';
import type { DifferenceResult, McnemarSummary } from './pairResults.js';

/** The test behind the corrections and its raw p-value. */
export interface PairTest {
  readonly method: Exclude<PairTestChoice, 'auto'>;
  readonly pValue: number;
}

/** The clustered results of a pair, when usable. */
export type ClusteredResults = {
  readonly cr1: DifferenceResult;
  readonly cr2: DifferenceResult;
  readonly miller: DifferenceResult;
} | null;

/** The paired 2×2 intervals of a pair, when it has 0/1 answers. */
export type PairedIntervalResults = Readonly<
  Record<PairedIntervalName, { lower: number; upper: number }>
> | null;

/** The bounds of the chosen headline interval (analyzeEval checks it is available). */
export function headlineInterval(
  choice: PairedIntervalChoice,
  r: {
    pairedZ: DifferenceResult;
    pairedT: DifferenceResult;
    clustered: ClusteredResults;
    pairedIntervals: PairedIntervalResults;
  },
): { lower: number; upper: number } {
  const pick = (d: { lower: number; upper: number } | undefined | null): { lower: number; upper: number } => {
    // analyzeEval checks availability before comparing; this guards the invariant.
    if (!d) throw new Error(`paired interval ${choice} is not available for this eval`);
    return { lower: d.lower, upper: d.upper };
  };
  switch (choice) {
    case 'pairedZ':
      return pick(r.pairedZ);
    case 'pairedT':
      return pick(r.pairedT);
    case 'clustered':
      return pick(r.clustered?.cr1);
    case 'clusteredCr2':
      return pick(r.clustered?.cr2);
    case 'clusteredMiller':
      return pick(r.clustered?.miller);
    default:
      return pick(r.pairedIntervals?.[choice]);
  }
}

/** The test behind the corrections, `choice` resolved. */
export function pairTest(
  choice: PairTestChoice,
  headline: PairedIntervalChoice,
  r: {
    pairedZ: DifferenceResult;
    pairedT: DifferenceResult;
    clustered: ClusteredResults;
    mcnemar: McnemarSummary | null;
  },
): PairTest {
  const method: Exclude<PairTestChoice, 'auto'> = choice === 'auto' ? testOfInterval(headline) : choice;
  if (method === 'clustered') {
    if (!r.clustered) throw new Error('the clustered test needs clusters');
    const c =
      headline === 'clusteredCr2'
        ? r.clustered.cr2
        : headline === 'clusteredMiller'
          ? r.clustered.miller
          : r.clustered.cr1;
    return { method, pValue: c.pValue };
  }
  if (method === 'mcnemar' || method === 'mcnemarMidp' || method === 'mcnemarScore') {
    if (!r.mcnemar) throw new Error('McNemar needs 0/1 answers');
    const m = r.mcnemar;
    return {
      method,
      pValue:
        method === 'mcnemar' ? m.exactPValue : method === 'mcnemarMidp' ? m.midPValue : m.chiSquarePValue,
    };
  }
  return { method, pValue: method === 'pairedZ' ? r.pairedZ.pValue : r.pairedT.pValue };
}
