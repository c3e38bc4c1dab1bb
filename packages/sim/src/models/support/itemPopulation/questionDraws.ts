/**
 * The draw of a replication's questions from an item population, shared by the designs that
 * draw question by question: `n` questions uniformly, without replacement (partial
 * Fisher–Yates, undone after each replication) or with (`replace: true`); or `clusters`
 * clusters uniformly without replacement (or with, as a cluster bootstrap), every question of a
 * drawn cluster included. Drawn questions are grouped by their cluster, in order of first draw
 * (a slot each); a cluster drawn twice with replacement counts as two clusters.
 */
import type { RandomStream } from '../../../base/randomStream.js';
import type { ItemPopulationParams } from './itemPopulationParams.js';

/** Scratch buffers of a cell, reused by every replication. */
export interface QuestionDraws {
  /** A permutation of questions or clusters, restored after each draw without replacement. */
  readonly order: Int32Array;
  /** Swap partners of the partial Fisher–Yates shuffle, to undo it. */
  readonly swaps: Int32Array;
  /** Slot of each population cluster in this replication, −1 when not drawn. */
  readonly slotOf: Int32Array;
  /** Population cluster of each slot. */
  readonly clusterOfSlot: Int32Array;
}

/** Largest number of clusters one replication can hold. */
export function slotCount(params: ItemPopulationParams): number {
  return params.unit === 'clusters'
    ? params.draws
    : Math.min(params.draws, params.population.clusterNames.length);
}

export function createQuestionDraws(params: ItemPopulationParams): QuestionDraws {
  const pool =
    params.unit === 'questions' ? params.population.questionCount : params.population.clusterNames.length;
  const order = new Int32Array(pool);
  for (let i = 0; i < pool; i++) order[i] = i;
  return {
    order,
    swaps: new Int32Array(params.draws),
    slotOf: new Int32Array(params.population.clusterNames.length).fill(-1),
    clusterOfSlot: new Int32Array(slotCount(params)),
  };
}

/**
 * Calls `startSlot(slot)` for every slot opened and `visit(slot, question)` for every drawn
 * question; returns the number of slots (clusters) used. Allocation-free; the scratch permutation
 * is restored before returning.
 */
export function drawQuestions(
  params: ItemPopulationParams,
  rng: RandomStream,
  scratch: QuestionDraws,
  startSlot: (slot: number) => void,
  visit: (slot: number, question: number) => void,
): number {
  const { order, swaps, slotOf, clusterOfSlot } = scratch;
  const { draws, replace } = params;
  const pool = order.length;
  if (params.unit === 'clusters') {
    const { starts, members } = params.members;
    for (let t = 0; t < draws; t++) {
      let cluster: number;
      if (replace) cluster = rng.index(pool);
      else {
        const j = t + rng.index(pool - t);
        swaps[t] = j;
        cluster = order[j];
        order[j] = order[t];
        order[t] = cluster;
      }
      startSlot(t);
      for (let m = starts[cluster]; m < starts[cluster + 1]; m++) visit(t, members[m]);
    }
    if (!replace) undoShuffle(order, swaps, draws);
    return draws;
  }
  const clusterIndex = params.population.clusterIndex;
  let used = 0;
  for (let t = 0; t < draws; t++) {
    let question: number;
    if (replace) question = rng.index(pool);
    else {
      const j = t + rng.index(pool - t);
      swaps[t] = j;
      question = order[j];
      order[j] = order[t];
      order[t] = question;
    }
    const cluster = clusterIndex[question];
    let slot = slotOf[cluster];
    if (slot < 0) {
      slot = used++;
      slotOf[cluster] = slot;
      clusterOfSlot[slot] = cluster;
      startSlot(slot);
    }
    visit(slot, question);
  }
  for (let s = 0; s < used; s++) slotOf[clusterOfSlot[s]] = -1;
  if (!replace) undoShuffle(order, swaps, draws);
  return used;
}

function undoShuffle(order: Int32Array, swaps: Int32Array, draws: number): void {
  for (let t = draws - 1; t >= 0; t--) {
    const j = swaps[t];
    const v = order[t];
    order[t] = order[j];
    order[j] = v;
  }
}
