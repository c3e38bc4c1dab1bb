/**
 * The core view of a `judgedScores` replication (models/judgedAnswers.ts): one JudgedSample per
 * system over the same arrays (no copy), with reusable work (sums, cluster totals) and an output
 * slot, so a judge-correction method allocates nothing per replication.
 */
import {
  createJudgedBounds,
  type JudgedBounds,
  type JudgedSample,
  type JudgedWork,
  judgedWork,
  refreshJudgedWork,
} from '@evalsim/core';
import type { JudgedScores } from '../../base/dataKinds.js';

export interface JudgedViews {
  /** Points the views at `data` and refreshes each system's sums; returns the views. */
  read(data: JudgedScores): JudgedViews;
  readonly samples: JudgedSample[];
  readonly works: JudgedWork[];
  readonly bounds: JudgedBounds;
}

export function createJudgedViews(): JudgedViews {
  let viewed: JudgedScores | undefined;
  const views: JudgedViews = {
    samples: [],
    works: [],
    bounds: createJudgedBounds(),
    read(data) {
      // A model fills the same buffers every replication: the views are rebuilt only for new ones.
      if (data !== viewed) {
        viewed = data;
        views.samples.length = 0;
        for (let s = 0; s < data.systems; s++) {
          views.samples.push({
            judge: data.judge[s],
            label: data.label[s],
            ...(data.cluster !== null ? { cluster: data.cluster, clusterCount: data.clusterCount } : {}),
          });
          views.works[s] ??= judgedWork();
        }
      }
      for (let s = 0; s < data.systems; s++) refreshJudgedWork(views.samples[s], views.works[s]);
      return views;
    },
  };
  return views;
}
