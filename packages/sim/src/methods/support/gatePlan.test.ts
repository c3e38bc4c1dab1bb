/**
 * gatePlanner: the design depends only on α, the spending function and the information
 * fractions, so planners made separately (one per cell and method instance) share one design
 * object per thread — and it is core's design for those inputs.
 */
import { groupSequentialDesign } from '@evalsim/core';
import { describe, expect, it } from 'vitest';
import type { SequentialPairedCounts } from '../../base/dataKinds.js';
import { gatePlanner } from './gatePlan.js';

/** Looks every `batch` questions up to `looks` looks, no discordant question (only the layout matters here). */
function layout(looks: number, batch: number): SequentialPairedCounts {
  return {
    kind: 'sequentialPairedCounts',
    looks,
    items: Float64Array.from({ length: looks }, (_, k) => (k + 1) * batch),
    onlyFirst: new Float64Array(looks),
    onlySecond: new Float64Array(looks),
  };
}

const OBF5 = { spending: 'obf', rho: 1, looks: 5, maxQuestions: 1000, sizes: undefined } as const;

describe('gatePlanner', () => {
  it('shares one design among planners with the same spending, level and fractions', () => {
    const a = gatePlanner(OBF5, 0.95, 'test')(layout(100, 10));
    const b = gatePlanner(OBF5, 0.95, 'test')(layout(100, 10));
    expect(b.design).toBe(a.design);
    const expected = groupSequentialDesign({
      alpha: 1 - 0.95,
      sides: 2,
      spending: { family: 'obf' },
      informationRates: [0.2, 0.4, 0.6, 0.8, 1],
    });
    expect(a.design.criticalValues).toEqual(expected.criticalValues);
  });

  it('keeps designs apart that differ in spending, level, rho or fractions', () => {
    const base = gatePlanner(OBF5, 0.95, 'test')(layout(100, 10)).design;
    const others = [
      gatePlanner({ ...OBF5, spending: 'pocock' }, 0.95, 'test')(layout(100, 10)).design,
      gatePlanner(OBF5, 0.9, 'test')(layout(100, 10)).design,
      gatePlanner({ ...OBF5, looks: 4 }, 0.95, 'test')(layout(100, 10)).design,
    ];
    for (const other of others) expect(other).not.toBe(base);
    const power1 = gatePlanner({ ...OBF5, spending: 'power', rho: 1 }, 0.95, 'test')(layout(100, 10)).design;
    const power3 = gatePlanner({ ...OBF5, spending: 'power', rho: 3 }, 0.95, 'test')(layout(100, 10)).design;
    expect(power3).not.toBe(power1);
    expect(power3.criticalValues).not.toEqual(power1.criticalValues);
  });
});
