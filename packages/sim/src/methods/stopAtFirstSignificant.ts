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
 *
 * Planned looks (optional, as groupSequentialTest plans them: `looks` equally spaced up to
 * `maxQuestions`, or the look sizes `sizes`; methods/support/sequentialLooks.ts): test only there —
 * the naive gate, the same paired z at the same looks as a spending design but at the nominal α
 * every time (evalsim audit --looks shows it beside the design). Without them, every look of
 * the data, as before. The paired z is not computed at a look of one question (no variance to
 * estimate: only data with a look after every question has one).
 */
import type { SequentialPairedCounts } from '../base/dataKinds.js';
import { defineMethod } from '../base/defineMethod.js';
import { ConfigError } from '../base/errors.js';
import { resetMethodResult } from '../base/methodResult.js';
import {
  createPairTestScratch,
  McnemarCriticalTable,
  McnemarPValueCache,
  pairedZPValue,
} from './support/discordantPairTests.js';
import { GATE_OPTIONS } from './support/gatePlan.js';
import { plannedLookIndices, plannedSizeIndices } from './support/sequentialLooks.js';

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
    looks: {
      ...GATE_OPTIONS.looks,
      description:
        'Test only at these planned looks, equally spaced up to maxQuestions (default: every look of the data).',
    },
    maxQuestions: GATE_OPTIONS.maxQuestions,
    sizes: {
      ...GATE_OPTIONS.sizes,
      description:
        'Test only at these planned looks, as question counts (strictly increasing); instead of looks and maxQuestions.',
    },
  },
  create({ test, looks, maxQuestions, sizes }, { level }) {
    const exact = test === 'mcnemarExact';
    const alpha = 1 - level;
    const scratch = createPairTestScratch();
    const cache = new McnemarPValueCache();
    const critical = new McnemarCriticalTable(alpha);
    const pValue = (n: number, b: number, c: number) =>
      exact ? cache.pValue(b, c) : pairedZPValue(n, b, c, level, scratch);

    const planned = looks !== undefined || maxQuestions !== undefined || sizes !== undefined;
    if (sizes !== undefined && (looks !== undefined || maxQuestions !== undefined))
      throw new ConfigError(
        looks !== undefined ? 'looks' : 'maxQuestions',
        'absent when sizes lists the planned looks (give one or the other)',
      );
    // The planned looks' indices per data layout (the same in every replication of a cell).
    const layouts = new Map<string, Int32Array>();
    const plannedFor = (data: SequentialPairedCounts): Int32Array => {
      const key = `${data.looks}/${data.items[0]}/${data.items[data.looks - 1]}`;
      let indices = layouts.get(key);
      if (!indices) {
        indices =
          sizes !== undefined
            ? plannedSizeIndices(data, sizes, 'stopAtFirstSignificant')
            : plannedLookIndices(data, looks, maxQuestions, 'stopAtFirstSignificant');
        layouts.set(key, indices);
      }
      return indices;
    };

    return (data, _rng, out) => {
      const indices = planned ? plannedFor(data) : null;
      const count = indices ? indices.length : data.looks;
      let stop = indices ? indices[count - 1] : data.looks - 1;
      let p = Number.NaN;
      for (let j = 0; j < count; j++) {
        const k = indices ? indices[j] : j;
        const b = data.onlyFirst[k];
        const c = data.onlySecond[k];
        if (exact) {
          if (critical.rejects(b, c)) {
            stop = k;
            break;
          }
        } else {
          // A look of one question has no paired z (no variance to estimate): not tested.
          if (data.items[k] < 2) continue;
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
