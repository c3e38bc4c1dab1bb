/**
 * Mean interval width E[U − L] with MCSE s/√n (Morris, White & Crowther 2019, Stat. Med.
 * 38:2074, on interval width; the MCSE of a mean, as for bias). Sufficient statistic:
 * the moment state of the widths over the replications with finite bounds. (The median
 * width keeps a mergeable quantile sketch instead; its MCSE is the Maritz–Jarrett exact
 * bootstrap SD, sim's metrics/quantileMcse.ts.)
 */
import { meanOfMoments } from './meanOfMoments.js';
import type { Measure } from './measure.js';
import type { MomentState } from './momentState.js';

/** Mean width and its MCSE from the moments of U − L (n ≥ 2). */
export function meanWidthMeasure(widths: Readonly<MomentState>): Measure {
  return meanOfMoments(widths, 'widths');
}
