/**
 * How one system's drawn question is scored in the question-by-question designs (singleDraws,
 * pairedDraws, independentDraws), decided once per model instead of per question:
 *
 *   graded system, 'recorded'  the mean of `epochs` of its own recorded scores, redrawn (recordedScoreMean.ts);
 *   0/1 system, 'recorded'     the mean of `epochs` Bernoulli(c/k) answers (epochMean.ts);
 *   'rate', 'first'            its fixed score.
 *
 * The draws come from the replication's stream in the order the designs call it, so the bytes
 * are those of the inline choice it replaces.
 */
import type { RandomStream } from '../../../base/randomStream.js';
import { epochMean } from './epochMean.js';
import type { ItemPopulationParams } from './itemPopulationParams.js';
import { recordedScoreMean } from './recordedScoreMean.js';

/** The score of `question` for one system, drawing from `rng` when the design redraws answers. */
export type QuestionScore = (rng: RandomStream, question: number) => number;

/** The scorer of system A or B of `params`. */
export function questionScore(params: ItemPopulationParams, system: 'A' | 'B'): QuestionScore {
  const scores = system === 'A' ? params.scoresA : (params.scoresB as Float64Array);
  const { epochs } = params;
  if (params.answer !== 'recorded') return (_rng, question) => scores[question];
  const graded = system === 'A' ? params.gradedA : params.gradedB;
  if (graded) return (rng, question) => recordedScoreMean(rng, graded, question, epochs);
  return (rng, question) => epochMean(rng, scores[question], epochs);
}
