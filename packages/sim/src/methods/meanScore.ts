/**
 * The mean score ȳ = Σ totals/Σ sizes of clustered 0/1 (or fractional) scores, with no
 * standard error or interval (method `meanScore`): the point estimate alone, for studies
 * of its sampling distribution (e.g. estimateVariance of one question's K-answer score in
 * Miller's resampling example). Every other field is NaN; degenerate when there are no items.
 */
import { meanOfClusteredScores } from '../base/clusterTotalsView.js';
import { defineMethod } from '../base/defineMethod.js';
import { fillUnanalysable } from '../base/methodResult.js';

export const meanScore = defineMethod({
  name: 'meanScore',
  description: 'The mean score over all items (point estimate only; no SE, interval or p-value).',
  kind: 'interval',
  accepts: ['clusteredScores'],
  options: {},
  create() {
    return (data, _rng, out) => {
      const mean = meanOfClusteredScores(data);
      fillUnanalysable(out, mean);
      out.degenerate = !Number.isFinite(mean);
    };
  },
});
