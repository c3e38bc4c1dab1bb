/**
 * Example of a user's own interval method, loaded by a study through
 * `{ "module": "./my-interval.mjs" }` — no change to evalsim needed.
 *
 * "Anscombe-adjusted clustered Wald" for a mean accuracy on clustered items:
 *   centre   p̃ = (X + 3/8) / (N + 3/4)            (Anscombe 1948's shift, X = Σ T_k)
 *   SE²      = K/(K − 1) · Σ_k (T_k − n_k p̂)² / N²  (CR1 clustered variance around p̂ = X/N)
 *   floor    SE ≥ √(p̃(1 − p̃)/N)                   (never a zero-width interval when all clusters agree)
 *   interval p̃ ± t_{K−1, (1+level)/2} · SE
 * Fewer than two clusters: unanalysable (every field NaN, degenerate).
 *
 * A method is a plain object: name, description, kind ('interval' | 'test'),
 * accepts (data kinds), and create(options, { level }) → analyser(data, rng, out),
 * which fills `out` in place on every replication (see packages/sim/src/base/roles.ts).
 * Check options in `create` and throw an error naming the option; evalsim reports
 * it as `methods[i].<option>` before any work starts.
 *
 * Everything evalsim exports — estimators such as `tQuantile`, and `defineMethod`,
 * `ConfigError`, the data-kind helpers — comes from the one published package, `evalsim`
 * (`npm install evalsim`); inside this repository it is the workspace package
 * packages/evalsim, so this file is exactly what it would be in your own project.
 */
import { tQuantile } from 'evalsim';

function optionError(argument, message) {
  return Object.assign(new RangeError(`${argument}: ${message}`), { argument });
}

export default {
  name: 'anscombeClusteredWald',
  description: 'Anscombe-shifted centre (X + 3/8)/(N + 3/4) ± t_{K−1}·CR1 SE, SE floored at the binomial SE.',
  kind: 'interval',
  accepts: ['clusteredScores'],
  create(options, { level }) {
    for (const key of Object.keys(options)) {
      if (key !== 'shift') throw optionError(key, 'unknown option; allowed: shift');
    }
    const shift = options.shift ?? 3 / 8;
    if (typeof shift !== 'number' || !(shift >= 0 && shift <= 1)) {
      throw optionError('shift', `must be a number in [0, 1], got ${JSON.stringify(shift)}`);
    }
    let criticalFor = -1;
    let critical = Number.NaN;
    return (data, _rng, out) => {
      const K = data.clusterCount;
      const N = data.itemCount;
      let X = 0;
      for (let k = 0; k < K; k++) X += data.totals[k];
      const pHat = X / N;
      out.pTwoSided = Number.NaN;
      out.pGreater = Number.NaN;
      out.pLess = Number.NaN;
      if (K < 2) {
        out.estimate = pHat;
        out.se = out.lower = out.upper = Number.NaN;
        out.degenerate = true;
        return;
      }
      let sum = 0;
      for (let k = 0; k < K; k++) {
        const residual = data.totals[k] - data.sizes[k] * pHat;
        sum += residual * residual;
      }
      const centre = (X + shift) / (N + 2 * shift);
      const se = Math.max(Math.sqrt((K / (K - 1)) * sum) / N, Math.sqrt((centre * (1 - centre)) / N));
      if (criticalFor !== K) {
        critical = tQuantile((1 + level) / 2, K - 1);
        criticalFor = K;
      }
      out.estimate = centre;
      out.se = se;
      out.lower = centre - critical * se;
      out.upper = centre + critical * se;
      out.degenerate = false;
    };
  },
};
