/**
 * A group-sequential test of two systems on the same questions (method `groupSequentialTest`,
 * data `sequentialPairedCounts`): the paired z statistic (d̄/SE on d_i = a_i − b_i, as
 * `stopAtFirstSignificant`'s pairedZ) at K planned looks, stopping at the first look where
 * |Z_k| ≥ c_k, with c_k the two-sided Lan–DeMets boundaries for α = 1 − level and the spending
 * function `spending` (core groupSequentialDesign: O'Brien–Fleming type, Pocock type, or the
 * power family α·t^rho). Planned looks: every look of the data (default), or `looks` equally
 * spaced looks up to `maxQuestions` questions (each must fall on a look of the data);
 * information fractions t_k = n_k/n_K; or the planned look sizes (`sizes`, as a gate of
 * `evalsim plan --looks` lists them: the same boundaries as `evalsim monitor --design`; the
 * options and the design are methods/support/gatePlan.ts). With looks = 1 it is the
 * fixed-sample paired z test at n_K questions.
 *
 * Result: pTwoSided = the stage-wise p-value at the stopping look (core stagewisePValues: ≤ α
 * exactly when the test stopped by crossing), estimate = (b − c)/n there, sampleSize = the
 * questions used, degenerate when no discordant question had been seen.
 */
import { type GroupSequentialDesign, type StagewisePValue, stagewisePValues } from '@evalsim/core';
import type { SequentialPairedCounts } from '../base/dataKinds.js';
import { defineMethod } from '../base/defineMethod.js';
import { resetMethodResult } from '../base/methodResult.js';
import { createPairTestScratch, pairedZStatistic } from './support/discordantPairTests.js';
import { GATE_OPTIONS, type GatePlan, gatePlanner } from './support/gatePlan.js';

/**
 * Stage-wise p-values per design, computed once per thread: the designs are shared by a study's
 * cells (gatePlan.ts), and the p-value function integrates the same stages again.
 */
const pValues = new WeakMap<GroupSequentialDesign, StagewisePValue>();

function stagewisePValuesOnce(design: GroupSequentialDesign): StagewisePValue {
  let pValue = pValues.get(design);
  if (!pValue) {
    pValue = stagewisePValues(design);
    pValues.set(design, pValue);
  }
  return pValue;
}

export const groupSequentialTest = defineMethod({
  name: 'groupSequentialTest',
  description:
    'Paired z at K planned looks against two-sided Lan–DeMets alpha-spending boundaries (spending obf | pocock | power); stops at the first crossing. pTwoSided = stage-wise p-value, sampleSize = questions used.',
  kind: 'test',
  accepts: ['sequentialPairedCounts'],
  options: GATE_OPTIONS,
  create(options, { level }) {
    const scratch = createPairTestScratch();
    const gate = gatePlanner(options, level, 'groupSequentialTest');
    type Plan = { indices: Int32Array; critical: readonly number[]; pValue: StagewisePValue };
    const plans = new Map<GatePlan, Plan>();
    const planFor = (data: SequentialPairedCounts): Plan => {
      const gatePlan = gate(data);
      let plan = plans.get(gatePlan);
      if (!plan) {
        plan = {
          indices: gatePlan.indices,
          critical: gatePlan.design.criticalValues,
          pValue: stagewisePValuesOnce(gatePlan.design),
        };
        plans.set(gatePlan, plan);
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
