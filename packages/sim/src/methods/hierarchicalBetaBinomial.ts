/**
 * Bowyer, Aitchison & Ivanova's (2025) hierarchical beta-binomial credible interval for a
 * clustered accuracy (adapter over core hierarchicalBetaBinomialBounds: θ ~ Beta(1, 1),
 * d ~ Gamma(1, 1), cluster t's right answers k_t | θ, d ~ BetaBinomial(n_t, dθ, d(1 − θ));
 * the equal-tailed interval of θ's marginal posterior, integrated deterministically, no
 * random draws). Successes k_t = the cluster totals, trials n_t = the cluster sizes.
 *
 * SLOW: ~0.2–0.6 s per interval (768 inner integrals; medians of 5 runs on the shared
 * 2-core machine: 0.47 s with 8 clusters, 0.63 s with 30), and core allocates its
 * integration grids per call — so cap it in a study with the per-method `replications`
 * (e.g. 200 replications ≈ 1–2 minutes per cell). Estimate: the
 * pooled Σk/Σn; SE and p-values NaN; never degenerate. Graded scores (a non-integer or
 * Σy² ≠ Σy cluster total) are refused with an error: the model is for right/wrong answers.
 */
import { createMarkedBounds, hierarchicalBetaBinomialBounds } from '@evalsim/core';
import { meanOfClusteredScores } from '../base/clusterTotalsView.js';
import { defineMethod } from '../base/defineMethod.js';
import { clearPValues, fillUnanalysable } from '../base/methodResult.js';

export const hierarchicalBetaBinomial = defineMethod({
  name: 'hierarchicalBetaBinomial',
  description:
    'Hierarchical beta-binomial credible interval for a clustered accuracy (Bowyer et al. 2025); 0/1 scores; slow (~0.5 s per interval): cap its replications.',
  kind: 'interval',
  accepts: ['clusteredScores'],
  options: {},
  create(_options, { level }) {
    const slot = createMarkedBounds();
    // Views of exactly K clusters (core reads .length), remade only when K changes.
    let successes: Float64Array = new Float64Array(0);
    let trials: Float64Array = new Float64Array(0);
    let viewed: { totals: Float64Array; sizes: Float64Array } | null = null;
    return (data, _rng, out) => {
      const k = data.clusterCount;
      if (k < 1 || data.itemCount < 1) {
        fillUnanalysable(out);
        return;
      }
      for (let g = 0; g < k; g++) {
        const total = data.totals[g];
        if (data.sumSquares[g] !== total || !Number.isInteger(total)) {
          throw new Error(
            `hierarchicalBetaBinomial needs 0/1 scores (right answers per cluster); cluster ${g} has graded scores (Σy = ${total}, Σy² = ${data.sumSquares[g]})`,
          );
        }
      }
      if (successes.length !== k || viewed?.totals !== data.totals || viewed.sizes !== data.sizes) {
        successes = data.totals.subarray(0, k);
        trials = data.sizes.subarray(0, k);
        viewed = { totals: data.totals, sizes: data.sizes };
      }
      hierarchicalBetaBinomialBounds(successes, trials, level, slot);
      out.estimate = meanOfClusteredScores(data);
      out.se = Number.NaN;
      out.lower = slot.lower;
      out.upper = slot.upper;
      clearPValues(out);
      out.degenerate = slot.degenerate;
    };
  },
});
