/**
 * Beta-binomial posterior interval for the population pass@k / pass^k (data kind
 * multiSampleCounts): questions' difficulty p_i ~ Beta(μd, (1 − μ)d), c_i ~ Binomial(n_i, p_i),
 * μ and ρ = 1/(1 + d) uniform; the equal-tailed posterior quantiles of
 * 1 − B(a, b + k)/B(a, b) (or B(a + k, b)/B(a, b)) by core createBetaBinomialPosterior on a G × G
 * grid (default 24). It ignores clusters (the model has none). The estimate reported is ĝ,
 * the same as every other pass@k method's (the posterior mean differs slightly); `se` is NaN.
 * Degenerate: the posterior grid could not be widened enough to hold the posterior's mass.
 */
import {
  addCount,
  type BetaBinomialPosterior,
  createBetaBinomialPosterior,
  createCountGroups,
} from '@evalsim/core';
import { defineMethod } from '../base/defineMethod.js';
import { clearPValues } from '../base/methodResult.js';
import { createPassAtKValues, fillPassAtKValues } from '../base/passAtKValues.js';

export const passAtKPosterior = defineMethod({
  name: 'passAtKPosterior',
  description:
    'Beta-binomial posterior interval for the population pass@k / pass^k (μ, ρ uniform priors; grid G × G, default 24).',
  kind: 'interval',
  accepts: ['multiSampleCounts'],
  options: {
    grid: { type: 'integer', min: 8, max: 400, default: 24, description: 'Posterior grid points per axis.' },
  },
  create({ grid }, { level }) {
    const w = createPassAtKValues();
    const bounds = { lower: 0, upper: 0, degenerate: false };
    let groups = createCountGroups(64);
    let posterior: BetaBinomialPosterior | null = null;
    let maxN = 0;
    return (data, _rng, out) => {
      const Q = data.questionCount;
      const mean = fillPassAtKValues(data, w);
      let largest = 0;
      for (let i = 0; i < Q; i++) if (data.samples[i] > largest) largest = data.samples[i];
      if (posterior === null || largest > maxN) {
        maxN = largest;
        posterior = createBetaBinomialPosterior(maxN, { grid });
        groups = createCountGroups(Math.max(64, 2 * (maxN + 1)));
      }
      groups.size = 0;
      groups.maxN = 0;
      for (let i = 0; i < Q; i++) {
        if (groups.size === groups.c.length) {
          const grown = createCountGroups(2 * groups.c.length);
          grown.c.set(groups.c);
          grown.n.set(groups.n);
          grown.weight.set(groups.weight);
          grown.size = groups.size;
          grown.maxN = groups.maxN;
          groups = grown;
        }
        addCount(groups, data.correct[i], data.samples[i], 1);
      }
      posterior.bounds(groups, data.estimand, data.k, level, bounds);
      out.estimate = mean;
      out.se = Number.NaN;
      out.lower = bounds.lower;
      out.upper = bounds.upper;
      clearPValues(out);
      out.degenerate = bounds.degenerate;
    };
  },
});
