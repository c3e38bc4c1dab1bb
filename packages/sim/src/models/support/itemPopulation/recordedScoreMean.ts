/**
 * A drawn question's score for a GRADED system (scores in [0, 1]: an F1, a rubric or judge
 * grade, partial credit; the population's `scores_<system>` column), answer 'recorded': the
 * question is answered again `epochs` times, each answer one of its own recorded scores drawn
 * uniformly with replacement, and scores their mean — analyze's epoch mean. With one recorded
 * score the question's score is that score, with no draw (the outcome is the question's: only
 * the draw of questions varies). For a 0/1 system this is exactly epochMean.ts's law (a
 * uniform pick of one of k recorded answers is Bernoulli(c/k)); the 0/1 systems keep that
 * stream.
 *
 * Its expectation is the question's observed mean score c/k, so a replication's truth is the
 * population mean of c/k (itemPopulationModel.ts). With E ≥ 2 recorded scores of population
 * variance v the drawn mean has variance v/E around c/k: the spread of the observed means
 * already holds one round of epoch noise (≈ σ²/E), so a simulated eval's per-question
 * variance exceeds the true one by ≈ (E − 1)σ²/E² — a slightly noisier world than the eval's,
 * never a quieter one (no within-question shrinkage exists for scores of unknown law).
 */
import type { RandomStream } from '../../../base/randomStream.js';
import type { RecordedScores } from '../../../population/itemPopulation.js';

export function recordedScoreMean(
  rng: RandomStream,
  scores: RecordedScores,
  question: number,
  epochs: number,
): number {
  const start = scores.offsets[question];
  const count = scores.offsets[question + 1] - start;
  const values = scores.values;
  if (count === 1) return values[start];
  let sum = 0;
  for (let e = 0; e < epochs; e++) sum += values[start + rng.index(count)];
  return sum / epochs;
}
