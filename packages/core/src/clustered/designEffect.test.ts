import { describe, expect, it } from 'vitest';
import { coefficientOfVariation } from './coefficientOfVariation.js';
import { designEffect } from './designEffect.js';
import { designEffectUnequal } from './designEffectUnequal.js';
import { effectiveSampleSize } from './effectiveSampleSize.js';
import { expectRelClose, fixture } from './test-utils/clusteredFixture.js';

describe('design effect: seed 001 worked example (p = 0.7, K = 100, m = 10, ρ = 0.2)', () => {
  const deff = designEffect(10, 0.2);
  it('DEFF = 1 + 9·0.2 = 2.8', () => expectRelClose('seed DEFF', deff, 2.8, 1e-12));
  it('N_eff = 1000/2.8 ≈ 357', () => {
    expectRelClose('seed N_eff', effectiveSampleSize(1000, deff), 1000 / 2.8, 1e-12);
    expect(Math.round(effectiveSampleSize(1000, deff))).toBe(357);
  });
  it('SE 1.45 → 2.42 points, half-width ±2.8 → ±4.8 points', () => {
    const naive = 100 * Math.sqrt((0.7 * 0.3) / 1000);
    const clustered = naive * Math.sqrt(deff);
    expect(naive.toFixed(2)).toBe('1.45');
    expect(clustered.toFixed(2)).toBe('2.42');
    expect(Math.sqrt(deff).toFixed(2)).toBe('1.67');
    expect((1.96 * naive).toFixed(1)).toBe('2.8');
    expect((1.96 * clustered).toFixed(1)).toBe('4.8');
  });
  it('ρ = 0.02 with m = 50 gives "about 2" (1.98)', () => {
    expectRelClose('seed m=50 rho=0.02', designEffect(50, 0.02), 1.98, 1e-12);
  });
});

describe.each(fixture.designEffect)(
  'unequal-size design effect, sizes of $sizes.length clusters, ρ = $rho',
  (c) => {
    it('population CV matches numpy std(ddof=0)/mean; sample CV = CV·√(K/(K−1))', () => {
      const cv = coefficientOfVariation(c.sizes);
      expectRelClose('CV population vs numpy', cv, c.cvPopulation);
      const k = c.sizes.length;
      expectRelClose('CV sample relation', cv * Math.sqrt(k / (k - 1)), c.cvSample);
    });

    it("1 + [(1 + CV²)m̄ − 1]ρ equals the exact 1'Σ1/N from numpy (exchangeable correlation)", () => {
      const deff = designEffectUnequal(c.meanSize, coefficientOfVariation(c.sizes), c.rho);
      expectRelClose('DEFF unequal vs exact numpy', deff, c.exactDesignEffect);
    });
  },
);

describe('design effect: equal sizes', () => {
  it('designEffect(m, ρ) equals the exact value for the equal-size fixture case', () => {
    const c = fixture.designEffect.find((x) => x.sizes.every((s) => s === x.sizes[0]))!;
    expectRelClose('DEFF equal vs exact numpy', designEffect(c.sizes[0]!, c.rho), c.exactDesignEffect);
    expect(coefficientOfVariation(c.sizes)).toBe(0);
  });
});
