/**
 * One system's eval drawn question by question (model itemPopulation): each drawn question
 * (questionDraws.ts) scores one recorded answer, Bernoulli(c/k), or the mean of `epochs` of them
 * ('recorded'; a graded system redraws its recorded scores), or its fixed score ('rate', 'first'):
 * questionScore.ts — summed per cluster slot.
 */
import type { RandomStream } from '../../../base/randomStream.js';
import type { DrawnScores, ItemPopulationParams } from './itemPopulationParams.js';
import { createQuestionDraws, drawQuestions, slotCount } from './questionDraws.js';
import { questionScore } from './questionScore.js';

export function singleDraws(params: ItemPopulationParams): DrawnScores {
  const slots = slotCount(params);
  const sizes = new Float64Array(slots);
  const totals = new Float64Array(slots);
  const sumSquares = new Float64Array(slots);
  const score = questionScore(params, 'A');
  const scratch = createQuestionDraws(params);
  let rng: RandomStream | null = null;
  const startSlot = (slot: number) => {
    sizes[slot] = 0;
    totals[slot] = 0;
    sumSquares[slot] = 0;
  };
  const visit = (slot: number, question: number) => {
    const y = score(rng as RandomStream, question);
    sizes[slot] += 1;
    totals[slot] += y;
    sumSquares[slot] += y * y;
  };
  const data: DrawnScores = {
    kind: 'clusteredScores',
    clusterCount: 0,
    itemCount: 0,
    sizes,
    totals,
    sumSquares,
    draw(stream) {
      rng = stream;
      data.clusterCount = drawQuestions(params, stream, scratch, startSlot, visit);
      let items = 0;
      for (let s = 0; s < data.clusterCount; s++) items += sizes[s];
      data.itemCount = items;
      rng = null;
    },
  };
  return data;
}
