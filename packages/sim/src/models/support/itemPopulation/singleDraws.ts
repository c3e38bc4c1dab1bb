/**
 * One system's eval drawn question by question (model itemPopulation): each drawn question
 * (questionDraws.ts) scores one recorded answer, Bernoulli(c/k), or the mean of `epochs` of them
 * ('recorded': epochMean.ts; a graded system redraws its recorded scores: recordedScoreMean.ts), or its fixed
 * score ('rate', 'first'), summed per cluster slot.
 */
import type { RandomStream } from '../../../base/randomStream.js';
import { epochMean } from './epochMean.js';
import type { DrawnScores, ItemPopulationParams } from './itemPopulationParams.js';
import { createQuestionDraws, drawQuestions, slotCount } from './questionDraws.js';
import { recordedScoreMean } from './recordedScoreMean.js';

export function singleDraws(params: ItemPopulationParams): DrawnScores {
  const slots = slotCount(params);
  const sizes = new Float64Array(slots);
  const totals = new Float64Array(slots);
  const sumSquares = new Float64Array(slots);
  const scores = params.scoresA;
  const recorded = params.answer === 'recorded';
  const epochs = params.epochs;
  const graded = params.answer === 'recorded' ? params.gradedA : null;
  const scratch = createQuestionDraws(params);
  let rng: RandomStream | null = null;
  const startSlot = (slot: number) => {
    sizes[slot] = 0;
    totals[slot] = 0;
    sumSquares[slot] = 0;
  };
  const visit = (slot: number, question: number) => {
    const y = graded
      ? recordedScoreMean(rng as RandomStream, graded, question, epochs)
      : recorded
        ? epochMean(rng as RandomStream, scores[question], epochs)
        : scores[question];
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
