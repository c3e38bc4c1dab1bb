/**
 * Two systems scored on the same questions, drawn question by question (questionDraws.ts): each
 * drawn question scores one recorded answer per system, two independent Bernoulli draws given
 * the question ('recorded'; with `epochs`, the mean of that many each: epochMean.ts; a graded
 * system redraws its own recorded scores, recordedScoreMean.ts, both systems on the same drawn
 * question), or their fixed scores ('rate', 'first'), summed per cluster slot.
 */
import type { RandomStream } from '../../../base/randomStream.js';
import { type DrawnPairedScores, type ItemPopulationParams, pairedSums } from './itemPopulationParams.js';
import { createQuestionDraws, drawQuestions, slotCount } from './questionDraws.js';
import { questionScore } from './questionScore.js';

export function pairedDraws(params: ItemPopulationParams): DrawnPairedScores {
  const sums = pairedSums(slotCount(params));
  const { sizes, totalsA, totalsB, sumSquaresA, sumSquaresB, sumProducts } = sums;
  const scoreA = questionScore(params, 'A');
  const scoreB = questionScore(params, 'B');
  const scratch = createQuestionDraws(params);
  let rng: RandomStream | null = null;
  const startSlot = (slot: number) => {
    sizes[slot] = 0;
    totalsA[slot] = 0;
    totalsB[slot] = 0;
    sumSquaresA[slot] = 0;
    sumSquaresB[slot] = 0;
    sumProducts[slot] = 0;
  };
  const visit = (slot: number, question: number) => {
    const ya = scoreA(rng as RandomStream, question);
    const yb = scoreB(rng as RandomStream, question);
    sizes[slot] += 1;
    totalsA[slot] += ya;
    totalsB[slot] += yb;
    sumSquaresA[slot] += ya * ya;
    sumSquaresB[slot] += yb * yb;
    sumProducts[slot] += ya * yb;
  };
  const data: DrawnPairedScores = {
    kind: 'pairedClusteredScores',
    clusterCount: 0,
    itemCount: 0,
    ...sums,
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
