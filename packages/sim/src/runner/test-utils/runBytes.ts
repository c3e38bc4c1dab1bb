/** The runner's tests' yardstick: a run's results as the Arrow bytes a results file holds (version 'test'). */
import { resultsToArrow } from '../../output/arrowResults.js';
import type { StudyRun } from '../runOptions.js';

export function runBytes(result: StudyRun): Buffer {
  return Buffer.from(
    resultsToArrow(result.rows, {
      gridKeys: result.study.gridKeys,
      config: result.config,
      version: 'test',
      ...(result.seed !== undefined ? { seed: result.seed } : {}),
      ...(result.replications !== undefined ? { replications: result.replications } : {}),
    }),
  );
}
