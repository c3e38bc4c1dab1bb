/**
 * A group-sequential test of two systems on the same questions (method `groupSequentialTest`,
 * data `sequentialPairedCounts`): the paired z statistic (d̄/SE on d_i = a_i − b_i, as
 * `stopAtFirstSignificant`'s pairedZ) at K planned looks, stopping at the first look where
 * |Z_k| ≥ c_k, with c_k the two-sided Lan–DeMets boundaries for α = 1 − level and the spending
 * function `spending` (core groupSequentialDesign: O'Brien–Fleming type, Pocock type, or the
 * power family α·t^rho). Planned looks: every look of the data (default), or `looks` equally
 * spaced looks up to `maxQuestions` questions (each must fall on a look of the data);
 * information fractions t_k = n_k/n_K. With looks = 1 it is the fixed-sample paired z test at
 * n_K questions.
 *
 * Result: pTwoSided = the stage-wise p-value at the stopping look (core stagewisePValues: ≤ α
 * exactly when the test stopped by crossing), estimate = (b − c)/n there, sampleSize = the
 * questions used, degenerate when no discordant question had been seen.
 */
import {
  equalInformationRates,
  groupSequentialDesign,
  SPENDING_FAMILIES,
  type StagewisePValue,
  stagewisePValues,
} from '@evalsim/core';
import type { SequentialPairedCounts } from '../base/dataKinds.js';
import { defineMethod } from '../base/defineMethod.js';
import { resetMethodResult } from '../base/methodResult.js';
import { createPairTestScratch, pairedZStatistic } from './support/discordantPairTests.js';
import { plannedLookIndices } from './support/sequentialLooks.js';

interface Plan {
  readonly indices: Int32Array;
  readonly critical: readonly number[];
  readonly pValue: StagewisePValue;
}

export const groupSequentialTest = defineMethod({
  name: 'groupSequentialTest',
  description:
    'Paired z at K planned looks against two-sided Lan–DeMets alpha-spending boundaries (spending obf | pocock | power); stops at the first crossing. pTwoSided = stage-wise p-value, sampleSize = questions used.',
  kind: 'test',
  accepts: ['sequentialPairedCounts'],
  options: {
    spending: {
      type: 'choice',
      values: SPENDING_FAMILIES,
      default: 'obf',
      description: "Alpha-spending function: O'Brien–Fleming type, Pocock type, or the power family α·t^rho.",
    },
    rho: {
      type: 'number',
      min: 0,
      minExclusive: true,
      max: 100,
      default: 1,
      description: "The power family's exponent (spending 'power' only).",
    },
    looks: {
      type: 'integer',
      min: 1,
      max: 100,
      description: 'Planned looks, equally spaced up to maxQuestions (default: every look of the data).',
    },
    maxQuestions: {
      type: 'integer',
      min: 2,
      description: "Questions at the last planned look (default: the data's last look).",
    },
  },
  create({ spending, rho, looks, maxQuestions }, { level }) {
    const alpha = 1 - level;
    const scratch = createPairTestScratch();
    // One plan per data layout (looks, first and last size): the same in every replication of a cell.
    const plans = new Map<string, Plan>();
    const planFor = (data: SequentialPairedCounts): Plan => {
      const key = `${data.looks}/${data.items[0]}/${data.items[data.looks - 1]}`;
      let plan = plans.get(key);
      if (!plan) {
        const indices = plannedLookIndices(data, looks, maxQuestions, 'groupSequentialTest');
        const last = data.items[indices[indices.length - 1]];
        const rates =
          looks === undefined && indices.length === data.looks && data.items[0] * data.looks === last
            ? equalInformationRates(indices.length)
            : Array.from(indices, (j) => data.items[j] / last);
        const design = groupSequentialDesign({
          alpha,
          sides: 2,
          spending: spending === 'power' ? { family: 'power', rho } : { family: spending },
          informationRates: rates,
        });
        plan = { indices, critical: design.criticalValues, pValue: stagewisePValues(design) };
        plans.set(key, plan);
      }
      return plan;
    };
    return (data, _rng, out) => {
      const { indices, critical, pValue } = planFor(data);
      let stop = indices.length - 1;
      let z = 0;
      for (let k = 0; k < indices.length; k++) {
        const j = indices[k];
        z = pairedZStatistic(data.items[j], data.onlyFirst[j], data.onlySecond[j], scratch);
        if (Math.abs(z) >= critical[k]) {
          stop = k;
          break;
        }
      }
      const j = indices[stop];
      const n = data.items[j];
      const b = data.onlyFirst[j];
      const c = data.onlySecond[j];
      resetMethodResult(out);
      out.estimate = (b - c) / n;
      out.pTwoSided = Number.isFinite(z) ? pValue(stop + 1, z) : 0;
      out.sampleSize = n;
      out.degenerate = b + c === 0;
    };
  },
});
