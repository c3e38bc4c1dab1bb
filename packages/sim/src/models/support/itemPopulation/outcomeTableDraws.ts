/**
 * Two systems on the same questions drawn with replacement, `n` questions, binary answers
 * ('recorded' or 'first'): a drawn question's cluster and 0/1 scores come from one inversion of
 * a (cluster, outcome) table (itemOutcomeTable.ts, which shows the joint law is that of the
 * index + Bernoulli draws: an exact shortcut, not an approximation). Entry 4c + o gives cluster c
 * and outcome o = 2·y_A + y_B; slots are numbered in order of first draw, as questionDraws.ts
 * numbers them.
 */
import type { DiscreteTable } from '../../../samplers/discreteTable.js';
import { itemOutcomeTable } from './itemOutcomeTable.js';
import { type DrawnPairedScores, type ItemPopulationParams, pairedSums } from './itemPopulationParams.js';
import { slotCount } from './questionDraws.js';

export function outcomeTableDraws(params: ItemPopulationParams): DrawnPairedScores {
  const slots = slotCount(params);
  const sums = pairedSums(slots);
  const { population } = params;
  const clusters = population.clusterNames.length;
  const { cdf, guide, guideSize }: DiscreteTable = itemOutcomeTable(
    population.clusterIndex,
    clusters,
    params.scoresA,
    params.scoresB as Float64Array,
  );
  const slotOf = new Int32Array(clusters).fill(-1);
  const clusterOfSlot = new Int32Array(slots);
  /** counts[4·slot + o]: the slot's questions of outcome o. */
  const counts = new Int32Array(4 * slots);
  const data: DrawnPairedScores = {
    kind: 'pairedClusteredScores',
    clusterCount: 0,
    itemCount: 0,
    ...sums,
    draw(rng) {
      let used = 0;
      for (let t = 0; t < params.draws; t++) {
        // DiscreteTable.quantile, inlined: min{ i : cdf[i] > u }, the guide's value when its cell is
        // settled (≥ 0), else a search from its start (~entry).
        const u = rng.uniform();
        let entry = guide[Math.floor(u * guideSize)];
        if (entry < 0) {
          entry = ~entry;
          while (entry > 0 && cdf[entry - 1] > u) entry--;
          while (cdf[entry] <= u) entry++;
        }
        const cluster = entry >> 2;
        let slot = slotOf[cluster];
        if (slot < 0) {
          slot = used++;
          slotOf[cluster] = slot;
          clusterOfSlot[slot] = cluster;
          counts.fill(0, 4 * slot, 4 * slot + 4);
        }
        counts[4 * slot + (entry & 3)]++;
      }
      for (let s = 0; s < used; s++) slotOf[clusterOfSlot[s]] = -1;
      let items = 0;
      for (let s = 0; s < used; s++) {
        const onlyB = counts[4 * s + 1];
        const onlyA = counts[4 * s + 2];
        const both = counts[4 * s + 3];
        const size = counts[4 * s] + onlyB + onlyA + both;
        sums.sizes[s] = size;
        sums.totalsA[s] = onlyA + both;
        sums.totalsB[s] = onlyB + both;
        sums.sumSquaresA[s] = onlyA + both;
        sums.sumSquaresB[s] = onlyB + both;
        sums.sumProducts[s] = both;
        items += size;
      }
      data.clusterCount = used;
      data.itemCount = items;
    },
  };
  return data;
}
