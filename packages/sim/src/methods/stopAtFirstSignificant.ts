/**
 * Optional stopping (method `stopAtFirstSignificant`, data `sequentialPairedCounts`): test
 * the cumulative paired data after every look and stop at the first look with p ≤ α
 * (α = 1 − level), as an analyst who peeks would. `test`: 'pairedZ' (default; z on the
 * per-question differences) or 'mcnemarExact' (see discordantPairTests.ts).
 *
 * Result: pTwoSided = the p-value at the stopping look (the last look if none rejected), so
 * rejectionRate at the same α is the false-positive rate of the whole peeking procedure;
 * estimate = the accuracy difference (b − c)/n at the stopping look (the effect the analyst
 * would report), sampleSize = the questions seen by the stopping look. With equally spaced
 * looks of a z-test the rate at α = 0.05 is 5.0, 8.3,
 * 14.2, 19.3, 24.8% for 1, 2, 5, 10, 20 looks (Armitage, McPherson & Rowe 1969, JRSS A
 * 132:235, Table 2). degenerate when no discordant question was seen by the stopping look.
 */
import { defineMethod } from '../base/defineMethod.js';
import { resetMethodResult } from '../base/methodResult.js';
import {
  createPairTestScratch,
  McnemarCriticalTable,
  McnemarPValueCache,
  pairedZPValue,
} from './support/discordantPairTests.js';

export const SEQUENTIAL_TESTS = ['pairedZ', 'mcnemarExact'] as const;

export const stopAtFirstSignificant = defineMethod({
  name: 'stopAtFirstSignificant',
  description:
    'Tests the cumulative paired data after every look (test pairedZ | mcnemarExact) and stops at the first p ≤ 1 − level; pTwoSided = p at the stopping look.',
  kind: 'test',
  accepts: ['sequentialPairedCounts'],
  options: {
    test: {
      type: 'choice',
      values: SEQUENTIAL_TESTS,
      default: 'pairedZ',
      description: 'Test at each look: paired z (default) or exact McNemar.',
    },
  },
  create({ test }, { level }) {
    const exact = test === 'mcnemarExact';
    const alpha = 1 - level;
    const scratch = createPairTestScratch();
    const cache = new McnemarPValueCache();
    const critical = new McnemarCriticalTable(alpha);
    const pValue = (n: number, b: number, c: number) =>
      exact ? cache.pValue(b, c) : pairedZPValue(n, b, c, level, scratch);

    return (data, _rng, out) => {
      let stop = data.looks - 1;
      let p = Number.NaN;
      for (let k = 0; k < data.looks; k++) {
        const b = data.onlyFirst[k];
        const c = data.onlySecond[k];
        if (exact) {
          if (critical.rejects(b, c)) {
            stop = k;
            break;
          }
        } else {
          p = pValue(data.items[k], b, c);
          if (p <= alpha) {
            stop = k;
            break;
          }
        }
      }
      const n = data.items[stop];
      const b = data.onlyFirst[stop];
      const c = data.onlySecond[stop];
      if (exact || Number.isNaN(p)) p = pValue(n, b, c);
      resetMethodResult(out);
      out.estimate = (b - c) / n;
      out.pTwoSided = p;
      out.sampleSize = n;
      out.degenerate = b + c === 0;
    };
  },
});
