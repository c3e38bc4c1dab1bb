/**
 * The 'independent' design drawn question by question: system A's questions, then system B's
 * own (questionDraws.ts, the same rule twice), each scored for its system only and pooled in one
 * slot; sumProducts is NaN (there is no pairing), so only unpaired methods are meaningful.
 */
import type { RandomStream } from '../../../base/randomStream.js';
import { type DrawnPairedScores, type ItemPopulationParams, pairedSums } from './itemPopulationParams.js';
import { createQuestionDraws, drawQuestions } from './questionDraws.js';
import { questionScore } from './questionScore.js';

export function independentDraws(params: ItemPopulationParams): DrawnPairedScores {
  const sums = pairedSums(1);
  const { sizes, totalsA, totalsB, sumSquaresA, sumSquaresB, sumProducts } = sums;
  const scoreA = questionScore(params, 'A');
  const scoreB = questionScore(params, 'B');
  const scratch = createQuestionDraws(params);
  let rng: RandomStream | null = null;
  const noSlot = () => {};
  const visitA = (_slot: number, question: number) => {
    const y = scoreA(rng as RandomStream, question);
    sizes[0] += 1;
    totalsA[0] += y;
    sumSquaresA[0] += y * y;
  };
  const visitB = (_slot: number, question: number) => {
    const y = scoreB(rng as RandomStream, question);
    totalsB[0] += y;
    sumSquaresB[0] += y * y;
  };
  const data: DrawnPairedScores = {
    kind: 'pairedClusteredScores',
    clusterCount: 1,
    itemCount: 0,
    ...sums,
    draw(stream) {
      rng = stream;
      sizes[0] = 0;
      totalsA[0] = 0;
      totalsB[0] = 0;
      sumSquaresA[0] = 0;
      sumSquaresB[0] = 0;
      drawQuestions(params, stream, scratch, noSlot, visitA);
      drawQuestions(params, stream, scratch, noSlot, visitB);
      sumProducts[0] = Number.NaN;
      data.itemCount = sizes[0];
      rng = null;
    },
  };
  return data;
}
