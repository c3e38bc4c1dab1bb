import { countRejections, mcnemarExactPValue, pairedDifferenceFromSums } from '@evalsim/core';
import { describe, expect, test } from 'vitest';
import { SeededStream } from '../../rng/index.js';
import { createPairTestScratch, McnemarPValueCache, pairedZPValue } from './discordantPairTests.js';
import { DiscordantPValueCache } from './discordantPValueCache.js';
import { StepwiseMcnemarCount } from './stepwiseMcnemarCount.js';

/** The full-sort count: every p-value, core countRejections, then pairs at or below the R-th smallest. */
function fullSortCount(
  b: Int32Array,
  c: Int32Array,
  method: 'holm' | 'benjaminiHochberg',
  secondBetter: boolean,
) {
  const m = b.length;
  const p = Float64Array.from(b, (x, t) => (x + c[t] === 0 ? 1 : mcnemarExactPValue(x, c[t])));
  const workspace = new Float64Array(m);
  const rejected = countRejections(p, method, 0.05, workspace);
  const threshold = rejected > 0 ? workspace[rejected - 1] : -1;
  let count = 0;
  for (let t = 0; t < m; t++) if (p[t] <= threshold && (!secondBetter || c[t] > b[t])) count++;
  return count;
}

describe('StepwiseMcnemarCount (sort only the p-values ≤ α)', () => {
  test('equals the full sort for Holm and BH on 3,000 random leaderboards of 190 pairs (either / secondBetter)', () => {
    const rng = new SeededStream(12, 0);
    const b = new Int32Array(190);
    const c = new Int32Array(190);
    const index = Int32Array.from({ length: 190 }, (_, t) => t);
    let rejecting = 0;
    for (const method of ['holm', 'benjaminiHochberg'] as const) {
      const counter = new StepwiseMcnemarCount(0.05, method);
      let mismatches = 0;
      for (let r = 0; r < 3000; r++) {
        // Discordant totals up to 60 with a per-board shift, so some boards have clear differences.
        const shift = rng.uniform() < 0.3 ? 0.35 : 0.5;
        for (let t = 0; t < 190; t++) {
          const d = rng.index(61);
          b[t] = 0;
          for (let i = 0; i < d; i++) b[t] += rng.uniform() < (t % 3 === 0 ? shift : 0.5) ? 1 : 0;
          c[t] = d - b[t];
        }
        for (const secondBetter of [false, true]) {
          const expected = fullSortCount(b, c, method, secondBetter);
          if (counter.count(b, c, index, secondBetter) !== expected) mismatches++;
          if (expected > 0) rejecting++;
        }
      }
      expect(mismatches).toBe(0);
    }
    expect(rejecting).toBeGreaterThan(300);
  });
});

describe('DiscordantPValueCache', () => {
  test('returns the computing function’s own values (paired z-test), cleared when n changes', () => {
    const scratch = createPairTestScratch();
    let calls = 0;
    const cache = new DiscordantPValueCache((n, b, c) => {
      calls++;
      return pairedZPValue(n, b, c, 0.95, scratch);
    });
    const rng = new SeededStream(13, 0);
    for (let r = 0; r < 5000; r++) {
      const n = r < 2500 ? 1140 : 300;
      const b = rng.index(40);
      const c = rng.index(40);
      const direct =
        b + c === 0 ? 1 : pairedDifferenceFromSums(n, b - c, b + c, 0.95, createPairTestScratch()).pValue;
      expect(cache.pValue(n, b, c)).toBe(direct);
    }
    expect(calls).toBeLessThan(2 * 40 * 40 + 1);
    expect(calls).toBeGreaterThan(40 * 40);
  });
});

describe('McnemarPValueCache (windowed rows)', () => {
  test('returns mcnemarExactPValue for every (b, c), rows growing in both directions', () => {
    const cache = new McnemarPValueCache();
    const rng = new SeededStream(14, 0);
    let mismatches = 0;
    for (let r = 0; r < 20_000; r++) {
      const d = r % 3 === 0 ? rng.index(4000) : 1000 + rng.index(3);
      const b = Math.round(d / 2 + (rng.uniform() - 0.5) * (r % 5 === 0 ? d : 2 * Math.sqrt(d)));
      const bb = Math.min(d, Math.max(0, b));
      const expected = d === 0 ? 1 : mcnemarExactPValue(bb, d - bb);
      if (cache.pValue(bb, d - bb) !== expected || cache.pValue(d - bb, bb) !== expected) mismatches++;
    }
    expect(mismatches).toBe(0);
  });
});
