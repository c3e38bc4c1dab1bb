/**
 * binomialPmfsInto against mpmath (fixtures/binomialPmfs.json, script
 * fixtures/scripts/binomialPmfs.py) value by value at the accuracy its doc comment states, and
 * against binomialPmf (Loader's saddle point) over the range exactPairedCoverage uses.
 */
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../test-utils/fixtures.js';
import { binomialPmf } from './binomial.js';
import { binomialPmfsInto } from './binomialPmfs.js';

interface Case {
  n: number;
  p: number;
  pmf: number[];
}
const { cases } = loadFixture<{ cases: Case[] }>('binomialPmfs');

describe('binomialPmfsInto', () => {
  it('matches mpmath value by value within 6d·2⁻⁵³ + 2e-15 relative (d steps from the mode), above 1e-290', () => {
    const failures: string[] = [];
    let checked = 0;
    for (const { n, p, pmf } of cases) {
      const out = binomialPmfsInto(n, p, new Float64Array(n + 1));
      const mode = Math.min(n, Math.floor((n + 1) * p));
      for (let k = 0; k <= n; k++) {
        const expected = pmf[k]!;
        if (expected === 0) {
          if (!(out[k]! >= 0 && out[k]! < 1e-285))
            failures.push(`n=${n} p=${p} k=${k}: ${out[k]} for < 1e-290`);
          continue;
        }
        checked++;
        const tol = 6 * Math.abs(k - mode) * 2 ** -53 + 2e-15;
        const rel = Math.abs(out[k]! - expected) / expected;
        if (!(rel <= tol)) failures.push(`n=${n} p=${p} k=${k}: rel ${rel} > ${tol}`);
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(3_000);
  });

  it('equals binomialPmf (Loader) within 1e-13 relative over the pmf bulk (n ≤ 200)', () => {
    const out = new Float64Array(201);
    let worst = 0;
    for (const n of [1, 2, 7, 20, 50, 100, 199, 200])
      for (const p of [1e-9, 0.003, 0.05, 0.1, 0.3, 0.5, 0.55 / 0.6, 0.95, 1 - 1e-7]) {
        binomialPmfsInto(n, p, out);
        for (let k = 0; k <= n; k++) {
          const expected = binomialPmf(k, n, p);
          if (expected > 1e-100) worst = Math.max(worst, Math.abs(out[k]! - expected) / expected);
        }
      }
    expect(worst).toBeLessThan(1e-13);
  });

  it('sums to 1 and gives the point masses of p = 0, p = 1 and n = 0 exactly', () => {
    const out = new Float64Array(201).fill(9);
    binomialPmfsInto(200, 0.4, out);
    expect(Math.abs(out.reduce((s, v) => s + v, 0) - 1)).toBeLessThan(1e-13);
    expect(Array.from(binomialPmfsInto(3, 0, new Float64Array(4).fill(9)))).toEqual([1, 0, 0, 0]);
    expect(Array.from(binomialPmfsInto(3, 1, new Float64Array(5).fill(9)))).toEqual([0, 0, 0, 1, 9]);
    expect(Array.from(binomialPmfsInto(0, 0.3, new Float64Array(2).fill(9)))).toEqual([1, 9]);
  });

  it('refuses bad arguments naming them', () => {
    expect(() => binomialPmfsInto(-1, 0.5, new Float64Array(3))).toThrow(/^n: /);
    expect(() => binomialPmfsInto(2.5, 0.5, new Float64Array(3))).toThrow(/^n: /);
    expect(() => binomialPmfsInto(2, 1.5, new Float64Array(3))).toThrow(/^p: /);
    expect(() => binomialPmfsInto(5, 0.5, new Float64Array(3))).toThrow(/^out: needs 6 entries/);
  });
});
