/**
 * The mean score ȳ = Σ totals/Σ sizes of clustered 0/1 (or fractional) scores, with no
 * standard error or interval (method `meanScore`): the point estimate alone, for studies
 * of its sampling distribution (e.g. estimateVariance of one question's K-answer score in
 * Miller's resampling example). Every other field is NaN; degenerate when there are no items.
 */
import type { Analyser, ClusteredScores, MethodDefinition } from '../types.js';
import { meanOfClusteredScores } from './clusterTotalsView.js';
import { fillUnanalysable } from './methodResult.js';
import { rejectUnknownOptions } from './readOptions.js';

export const meanScore: MethodDefinition = {
  name: 'meanScore',
  description: 'The mean score over all items (point estimate only; no SE, interval or p-value).',
  kind: 'interval',
  accepts: ['clusteredScores'],
  create(options): Analyser {
    rejectUnknownOptions(options, []);
    const analyse: Analyser<ClusteredScores> = (data, _rng, out) => {
      const mean = meanOfClusteredScores(data);
      fillUnanalysable(out, mean);
      out.degenerate = !Number.isFinite(mean);
    };
    return analyse as Analyser;
  },
};
