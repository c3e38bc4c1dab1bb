import { describe, expect, it } from 'vitest';
import { TestRng } from '../test-utils/testRng.js';
import { clusteredIntervalFromTotals, createClusteredInterval } from './clusteredInterval.js';
import type { ClusterTotals } from './clusterTotals.js';
import { type ClusteredBounds, createCr1Bounds } from './cr1Bounds.js';

/** Random 0/1 cluster totals: K clusters of sizes 1…maxSize. */
function randomTotals(rng: TestRng, K: number, maxSize: number): ClusterTotals {
  const sizes = new Float64Array(K + 3);
  const totals = new Float64Array(K + 3);
  for (let g = 0; g < K; g++) {
    sizes[g] = 1 + Math.floor(rng.uniform() * maxSize);
    totals[g] = rng.binomial(sizes[g], 0.2 + 0.6 * rng.uniform());
  }
  return { count: K, sizes, totals, sumSquares: totals };
}

describe('createCr1Bounds (per-replication CR1 interval)', () => {
  for (const critical of ['t', 'z'] as const) {
    for (const level of [0.95, 0.9]) {
      it(`equals clusteredIntervalFromTotals (cr1, ${critical}, level ${level}) bit for bit on 2,000 random designs`, () => {
        const rng = new TestRng(20240601);
        const bounds = createCr1Bounds(level, critical);
        const fast: ClusteredBounds = { estimate: 0, standardError: 0, lower: 0, upper: 0 };
        const reference = createClusteredInterval();
        let mismatches = 0;
        for (let r = 0; r < 2000; r++) {
          // K changes now and then (the cached critical value must follow it), sizes vary.
          const t = randomTotals(rng, 2 + (r % 7) * 30 + (r % 3), 1 + (r % 50));
          bounds(t, fast);
          clusteredIntervalFromTotals(t, { level, estimator: 'cr1', critical }, reference);
          if (
            !Object.is(fast.estimate, reference.estimate) ||
            !Object.is(fast.standardError, reference.standardError) ||
            !Object.is(fast.lower, reference.lower) ||
            !Object.is(fast.upper, reference.upper)
          )
            mismatches++;
        }
        expect(mismatches).toBe(0);
      });
    }
  }

  it('rejects a bad level or critical family naming it', () => {
    expect(() => createCr1Bounds(1.5)).toThrow(/level/);
    expect(() => createCr1Bounds(0.95, 'x' as 't')).toThrow(/critical: must be 'z' or 't'/);
  });
});
