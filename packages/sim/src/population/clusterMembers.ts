/**
 * Questions grouped by cluster: cluster c's questions are members[starts[c] .. starts[c + 1]),
 * in file order (a counting sort of the cluster index).
 */
import type { ItemPopulation } from './itemPopulation.js';

export interface ClusterMembers {
  readonly starts: Int32Array;
  readonly members: Int32Array;
}

export function clusterMembers(population: ItemPopulation): ClusterMembers {
  const clusters = population.clusterNames.length;
  const starts = new Int32Array(clusters + 1);
  for (const c of population.clusterIndex) starts[c + 1]++;
  for (let c = 0; c < clusters; c++) starts[c + 1] += starts[c];
  const next = starts.slice(0, clusters);
  const members = new Int32Array(population.questionCount);
  population.clusterIndex.forEach((c, i) => {
    members[next[c]++] = i;
  });
  return { starts, members };
}
