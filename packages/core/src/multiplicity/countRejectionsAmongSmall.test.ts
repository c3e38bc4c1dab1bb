import { describe, expect, it } from 'vitest';
import { TestRng } from '../test-utils/testRng.js';
import { ADJUSTMENT_METHODS } from './adjustPValues.js';
import { countRejections } from './countRejections.js';
import { countRejectionsAmongSmall } from './countRejectionsAmongSmall.js';

describe('countRejectionsAmongSmall (only the p-values ≤ α)', () => {
  for (const method of ADJUSTMENT_METHODS) {
    it(`${method}: equals countRejections on all m p-values for 3,000 random families (ties, α itself, p = 0)`, () => {
      const rng = new TestRng(77);
      let mismatches = 0;
      let rejecting = 0;
      for (let r = 0; r < 3000; r++) {
        const m = 1 + Math.floor(rng.uniform() * 200);
        const alpha = [0.05, 0.1, 0.01][r % 3];
        const p = new Float64Array(m);
        for (let i = 0; i < m; i++) {
          const u = rng.uniform();
          // A mix of tiny, borderline (exactly α, thresholds' neighbours), tied and null p-values.
          p[i] =
            u < 0.1
              ? u * 1e-4
              : u < 0.15
                ? alpha
                : u < 0.2
                  ? alpha / m
                  : u < 0.25
                    ? 0
                    : u < 0.3
                      ? 0.01
                      : rng.uniform();
        }
        const small = new Float64Array(m);
        let count = 0;
        for (let i = 0; i < m; i++) if (p[i] <= alpha) small[count++] = p[i];
        const expected = countRejections(p, method, alpha, new Float64Array(m));
        if (countRejectionsAmongSmall(small, count, m, method, alpha) !== expected) mismatches++;
        if (expected > 0) rejecting++;
      }
      expect(mismatches).toBe(0);
      expect(rejecting).toBeGreaterThan(500);
    });
  }

  it('sorts the candidates in place and allows none', () => {
    const small = Float64Array.from([0.04, 0.001, 0.02]);
    expect(countRejectionsAmongSmall(small, 3, 3, 'holm', 0.05)).toBe(3);
    expect([...small]).toEqual([0.001, 0.02, 0.04]);
    expect(countRejectionsAmongSmall(new Float64Array(0), 0, 190, 'benjaminiHochberg', 0.05)).toBe(0);
  });

  it('rejects inconsistent arguments naming them', () => {
    const small = Float64Array.from([0.01, 0.2]);
    expect(() => countRejectionsAmongSmall(small, 2, 5, 'holm', 0.05)).toThrow(
      /candidates: must hold p-values in \[0, alpha\]/,
    );
    expect(() => countRejectionsAmongSmall(small, 3, 5, 'holm', 0.05)).toThrow(/count/);
    expect(() => countRejectionsAmongSmall(small, 1, 0, 'holm', 0.05)).toThrow(/m: must be an integer ≥ 1/);
    expect(() => countRejectionsAmongSmall(small, 1, 5, 'nope' as 'holm', 0.05)).toThrow(/method/);
  });
});
