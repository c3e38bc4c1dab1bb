import { normalCritical } from '../distributions/index.js';
import type { Interval } from '../types.js';
import { type Bounds, proportionInterval } from './bounds.js';
import { wilsonRoots } from './wilsonRoots.js';

const scratch: Bounds = { lower: 0, upper: 0 };

/**
 * Continuity-corrected Wilson bounds (allocation-free; inputs not checked): the lower
 * Wilson root at k − ½ and the upper Wilson root at k + ½, with lower = 0 at k = 0 and
 * upper = 1 at k = n. Algebraically identical to Newcombe (1998), method 4:
 *   L = (2np̂ + z² − 1 − z√(z² − 2 − 1/n + 4p̂(n(1 − p̂) + 1))) / (2(n + z²)),
 *   U = (2np̂ + z² + 1 + z√(z² + 2 − 1/n + 4p̂(n(1 − p̂) − 1))) / (2(n + z²)).
 */
export function wilsonCCBounds(k: number, n: number, z: number, out: Bounds): void {
  if (k === 0) {
    out.lower = 0;
  } else {
    wilsonRoots(k - 0.5, n, z, scratch);
    out.lower = scratch.lower;
  }
  if (k === n) {
    out.upper = 1;
  } else {
    wilsonRoots(k + 0.5, n, z, scratch);
    out.upper = scratch.upper;
  }
}

/**
 * Wilson score interval with continuity correction (Newcombe 1998, Statistics in
 * Medicine 17:857, method 4). Equals R's `prop.test(k, n, correct = TRUE)$conf.int`
 * whenever R applies the full ½ correction; R shrinks it to |k − n·p₀| when that is
 * below ½ (e.g. k = n/2 with the default p₀ = ½), which Newcombe's interval does not.
 */
export function wilsonCCInterval(k: number, n: number, level = 0.95): Interval {
  return proportionInterval(k, n, level, 'wilsonCC', (out) =>
    wilsonCCBounds(k, n, normalCritical(level), out),
  );
}
