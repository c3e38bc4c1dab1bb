import { exactCoverage } from '@evalsim/core';
import { describe, expect, it } from 'vitest';
import { formulaRegistry } from './registry.js';

const create = (options: Record<string, unknown>, level = 0.95) =>
  formulaRegistry.get('exactCoverage', 'formula').create(options, { level });

describe('exactCoverage formula', () => {
  it('sums Bin(k; n, p) over the k whose interval contains p (Wald, n = 2, by hand)', () => {
    // n = 2, p = 0.5: Wald gives [0, 0] at k = 0, [1, 1] at k = 2 and 0.5 ± 0.693 at k = 1:
    // only k = 1 (probability 1/2) covers 0.5.
    expect(create({ method: 'wald' })({ n: 2, p: 0.5 })).toBeCloseTo(0.5, 14);
    expect(create({ method: 'wald', n: 2, p: 0.5 })({})).toBeCloseTo(0.5, 14);
    expect(create({ method: 'wald', n: 'items', p: 'truth' })({ items: 2, truth: 0.5 })).toBeCloseTo(0.5, 14);
  });

  it('uses the entry level: a 99.99% Clopper–Pearson interval covers at least 99.99%', () => {
    expect(create({ method: 'clopperPearson' }, 0.9999)({ n: 40, p: 0.3 })).toBeGreaterThanOrEqual(0.9999);
  });

  it('reuses one n’s interval table across p, n and level with exactly core’s numbers', () => {
    // One formula instance sees every cell: its per-n table must not leak between n values,
    // and a second instance at another level must not share it.
    const jeffreys = create({ method: 'jeffreys' });
    const jeffreys90 = create({ method: 'jeffreys' }, 0.9);
    for (const n of [15, 30, 15, 100])
      for (const p of [0.05, 0.5, 0.8, 0.95]) {
        expect(jeffreys({ n, p })).toBe(exactCoverage('jeffreys', n, p, 0.95));
        expect(jeffreys90({ n, p })).toBe(exactCoverage('jeffreys', n, p, 0.9));
      }
  });

  it('names a bad method, argument, n or p', () => {
    expect(() => create({})).toThrow(/method.*wald, wilson/);
    expect(() => create({ method: 'bootstrap' })).toThrow(/method.*"bootstrap"/);
    expect(() => create({ method: 'wald', q: 1 })).toThrow(/q.*a known argument of exactCoverage/);
    expect(() => create({ method: 'wald' })({ n: 2.5, p: 0.5 })).toThrow(/n.*whole number/);
    expect(() => create({ method: 'wald' })({ n: 10, p: 1.2 })).toThrow(/p.*\[0, 1\]/);
    expect(() => create({ method: 'wald' })({ n: 10 })).toThrow(/cell parameter "p"/);
  });
});
