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

  it('names a bad method, argument, n or p', () => {
    expect(() => create({})).toThrow(/method.*wald, wilson/);
    expect(() => create({ method: 'bootstrap' })).toThrow(/method.*"bootstrap"/);
    expect(() => create({ method: 'wald', q: 1 })).toThrow(/q.*a known argument of exactCoverage/);
    expect(() => create({ method: 'wald' })({ n: 2.5, p: 0.5 })).toThrow(/n.*whole number/);
    expect(() => create({ method: 'wald' })({ n: 10, p: 1.2 })).toThrow(/p.*\[0, 1\]/);
    expect(() => create({ method: 'wald' })({ n: 10 })).toThrow(/cell parameter "p"/);
  });
});
