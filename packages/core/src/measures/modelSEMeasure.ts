/**
 * Model-based SE: the root mean of the squared SEs (Morris, White & Crowther 2019, Stat. Med.
 * 38:2074, Table 6; rsimsum's `modelse`, `modelse_mcse`):
 *
 *   ModSE = √(Σ SEᵢ²/n),   MCSE = √(Var(SE²)/(4·n·ModSE²)),
 *
 * Var(SE²) the sample variance (n − 1) of the squared SEs — the delta method applied to the
 * square root of a mean. Sufficient statistic: the moment state of SEᵢ². When every SE is 0,
 * ModSE = 0 is known exactly and its MCSE is 0 (the delta form would be 0/0).
 */
import { InputError } from '../validate.js';
import { type Measure, measure } from './measure.js';
import { assertMoments, type MomentState, momentsVariance } from './momentState.js';

/** Model SE and its MCSE from the moments of SE² (n ≥ 2). */
export function modelSEMeasure(squaredSEs: Readonly<MomentState>): Measure {
  assertMoments('squaredSEs', squaredSEs, 2);
  const meanSquare = squaredSEs.mean;
  if (meanSquare < 0) throw new InputError('squaredSEs.mean', `must be ≥ 0, got ${meanSquare}`);
  if (meanSquare === 0) return measure(0, 0);
  return measure(
    Math.sqrt(meanSquare),
    Math.sqrt(momentsVariance(squaredSEs) / (4 * squaredSEs.n * meanSquare)),
  );
}
