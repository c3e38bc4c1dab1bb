/**
 * Percentile bootstrap interval for pass@k / pass^k (data kind multiSampleCounts): B resamples
 * of the questions (or of whole clusters) with replacement, each resample's ĝ the mean of its
 * questions' unbiased estimates; the interval is the α/2 and 1 − α/2 type-7 quantiles of the B
 * means (core percentilePairOfUnsorted, numpy's rule).
 *
 * Questions: their estimates take few distinct values (one per (c, n) pair), so a resample's
 * mean is Σ_v count_v·v/Q with the counts of each value Multinomial(Q; share_v) — drawn as
 * successive binomials count_v ~ Bin(Q − taken, share_v/remaining share), exactly the law of Q
 * index draws, at the cost of one binomial per distinct value instead of Q draws (when there
 * are fewer than 12 questions per distinct value, Q index draws are cheaper and are used). Clusters: K
 * cluster indices per resample (RandomStream.fillIndices), the mean Σ S_g/Σ n_g over the drawn
 * clusters. `unit: 'auto'` (default) resamples clusters when the data have them.
 * Degenerate: every resample mean equal (a collapsed interval).
 */
import { percentilePairOfUnsorted } from '@evalsim/core';
import { defineMethod } from '../base/defineMethod.js';
import { clearPValues } from '../base/methodResult.js';
import { createPassAtKValues, fillPassAtKValues } from '../base/passAtKValues.js';

/** Below this many questions per distinct estimate, a resample draws Q indices instead of the binomials. */
const INDEX_PATH = 12;

export const passAtKBootstrap = defineMethod({
  name: 'passAtKBootstrap',
  description:
    'Percentile bootstrap for pass@k / pass^k resampling questions (multinomial over their distinct estimates) or whole clusters; resamples (default 999).',
  kind: 'interval',
  accepts: ['multiSampleCounts'],
  options: {
    resamples: {
      type: 'integer',
      min: 10,
      max: 1_000_000,
      default: 999,
      description: 'Bootstrap resamples B.',
    },
    unit: {
      type: 'choice',
      values: ['auto', 'questions', 'clusters'],
      default: 'auto',
      description: "Resample questions, or whole clusters ('auto': clusters when the data have them).",
    },
  },
  create({ resamples, unit }, { level }) {
    const w = createPassAtKValues();
    const means = new Float64Array(resamples);
    const bounds = { lower: 0, upper: 0 };
    const alpha = 1 - level;
    let values = new Float64Array(0);
    let counts = new Float64Array(0);
    let sums = new Float64Array(0);
    let sizes = new Float64Array(0);
    let picks = new Int32Array(0);
    return (data, rng, out) => {
      const Q = data.questionCount;
      const mean = fillPassAtKValues(data, w);
      const clustered = data.clusterOf !== null && unit !== 'questions';
      if (clustered) {
        const K = data.clusterCount;
        if (sums.length < K) {
          sums = new Float64Array(K);
          sizes = new Float64Array(K);
          picks = new Int32Array(K);
        }
        sums.fill(0, 0, K);
        sizes.fill(0, 0, K);
        const of = data.clusterOf as Int32Array;
        for (let i = 0; i < Q; i++) {
          sums[of[i]] += w.values[i];
          sizes[of[i]] += 1;
        }
        for (let r = 0; r < resamples; r++) {
          rng.fillIndices(picks, K, K);
          let s = 0;
          let n = 0;
          for (let j = 0; j < K; j++) {
            s += sums[picks[j]];
            n += sizes[picks[j]];
          }
          means[r] = s / n;
        }
      } else {
        // Distinct values and their counts (few: one per (c, n) pair).
        let distinct = 0;
        for (let i = 0; i < Q; i++) {
          const v = w.values[i];
          let d = 0;
          while (d < distinct && values[d] !== v) d++;
          if (d === distinct) {
            if (distinct === values.length) {
              const grownV = new Float64Array(Math.max(16, 2 * distinct));
              grownV.set(values);
              values = grownV;
              const grownC = new Float64Array(values.length);
              grownC.set(counts);
              counts = grownC;
            }
            values[distinct] = v;
            counts[distinct] = 0;
            distinct++;
          }
          counts[d] += 1;
        }
        if (Q <= INDEX_PATH * distinct) {
          // Few questions per distinct value: Q index draws are cheaper than the binomials.
          if (picks.length < Q) picks = new Int32Array(Q);
          for (let r = 0; r < resamples; r++) {
            rng.fillIndices(picks, Q, Q);
            let s = 0;
            for (let j = 0; j < Q; j++) s += w.values[picks[j]];
            means[r] = s / Q;
          }
        } else {
          for (let r = 0; r < resamples; r++) {
            let left = Q;
            let share = Q;
            let s = 0;
            for (let d = 0; d < distinct && left > 0; d++) {
              const m = d === distinct - 1 ? left : rng.binomial(left, counts[d] / share);
              s += m * values[d];
              left -= m;
              share -= counts[d];
            }
            means[r] = s / Q;
          }
        }
      }
      percentilePairOfUnsorted(means, alpha / 2, 1 - alpha / 2, bounds);
      out.estimate = mean;
      out.se = Number.NaN;
      out.lower = bounds.lower;
      out.upper = bounds.upper;
      clearPValues(out);
      out.degenerate = !(bounds.upper > bounds.lower);
    };
  },
});
