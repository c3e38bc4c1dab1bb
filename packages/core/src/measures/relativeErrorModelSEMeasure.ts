/**
 * Relative % error in the model SE (Morris, White & Crowther 2019, Stat. Med. 38:2074,
 * Table 6; rsimsum's `relerror`, `relerror_mcse`):
 *
 *   RE = 100·(ModSE/EmpSE − 1),
 *   MCSE = 100·(ModSE/EmpSE)·√(Var(SE²)/(4·n·ModSE⁴) + 1/(2(n − 1))).
 *
 * Sufficient statistics: the moment states of SEᵢ² and of θ̂ᵢ over the SAME n replications
 * (those with a finite estimate and SE). A zero empirical SE makes RE undefined: degenerate.
 * All SEs 0 (ModSE = 0) gives RE = −100 with MCSE 0, the SE term being known exactly.
 */

import { pow } from '../math/pow.js';
import { InputError } from '../validate.js';
import { empiricalSEMeasure } from './empiricalSEMeasure.js';
import { DEGENERATE, type Measure, measure } from './measure.js';
import { modelSEMeasure } from './modelSEMeasure.js';
import { type MomentState, momentsVariance } from './momentState.js';

/** Relative % error in model SE and its MCSE from the moments of SE² and of θ̂ (n ≥ 2). */
export function relativeErrorModelSEMeasure(
  squaredSEs: Readonly<MomentState>,
  estimates: Readonly<MomentState>,
): Measure {
  const model = modelSEMeasure(squaredSEs).estimate;
  const empirical = empiricalSEMeasure(estimates).estimate;
  const n = squaredSEs.n;
  if (estimates.n !== n) {
    throw new InputError(
      'estimates.n',
      `must equal squaredSEs.n (${n}, the same replications), got ${estimates.n}`,
    );
  }
  if (empirical === 0) return DEGENERATE;
  const ratio = model / empirical;
  if (model === 0) return measure(-100, 0);
  const seTerm = momentsVariance(squaredSEs) / (4 * n * pow(model, 4));
  return measure(100 * (ratio - 1), 100 * ratio * Math.sqrt(seTerm + 1 / (2 * (n - 1))));
}
