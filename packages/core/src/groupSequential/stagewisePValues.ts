/**
 * The stage-wise ordering p-value of a group-sequential test (Fairbanks & Madsen 1982;
 * Jennison & Turnbull 2000, §8.4): a trial that stops at look k with statistic z is as extreme
 * as every path that crossed at an earlier look, or reached look k with a statistic at least
 * as extreme:
 *
 *   p(k, z) = Σ_{j<k} P_0(cross at look j) + P_0(continue to k − 1, |Z_k| ≥ |z|)   (two-sided; one-sided Z_k ≥ z)
 *
 * It agrees with the boundaries: p(k, z) ≤ α exactly when the test stops at look k by
 * crossing (|z| ≥ c_k), and the p-value of a trial that ran to look K without crossing is
 * above α. The H0 sub-densities of every look are computed once (O(K·m²)); each p-value then
 * costs O(m) (two-sided: the H0 sub-densities and boundaries are symmetric about 0, so the
 * lower tail equals the upper and is not summed again).
 */
import { assertFinite, assertInteger, InputError } from '../validate.js';
import { continuationRegion, type GroupSequentialDesign } from './groupSequentialDesign.js';
import { crossing, nextStage, type StageNodes } from './stageRecursion.js';

/** p(look, z), look 1-based (see the module comment). */
export type StagewisePValue = (look: number, z: number) => number;

export function stagewisePValues(design: GroupSequentialDesign): StagewisePValue {
  const { informationRates: rates, criticalValues, sides, grid } = design;
  const stages: (StageNodes | undefined)[] = [undefined];
  const before: number[] = [0];
  for (let k = 0; k < rates.length - 1; k++) {
    const t = rates[k];
    const tPrev = k > 0 ? rates[k - 1] : 0;
    const b = criticalValues[k] * Math.sqrt(t);
    const up = crossing(stages[k], tPrev, t, 0, b, true);
    before.push(before[k] + (sides === 2 ? 2 * up : up));
    const [lo, hi] = continuationRegion(sides, criticalValues[k], t, 0);
    stages.push(nextStage(stages[k], tPrev, t, 0, lo, hi, grid));
  }
  return (look: number, z: number): number => {
    assertInteger('look', look, 1);
    if (look > rates.length)
      throw new InputError('look', `must be at most the design's ${rates.length} looks, got ${look}`);
    assertFinite('z', z);
    const k = look - 1;
    const t = rates[k];
    const tPrev = k > 0 ? rates[k - 1] : 0;
    const at = (sides === 2 ? Math.abs(z) : z) * Math.sqrt(t);
    const tail = crossing(stages[k], tPrev, t, 0, at, true);
    return Math.min(1, before[k] + (sides === 2 ? 2 * tail : tail));
  };
}
