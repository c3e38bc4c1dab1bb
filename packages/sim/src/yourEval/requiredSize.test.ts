import { sampleSizeFor } from '@evalsim/core';
import { describe, expect, it } from 'vitest';
import { normalPower } from './normalPower.js';
import { powerParts } from './powerParts.js';
import { crossing, requiredSize } from './requiredSize.js';

describe('normalPower', () => {
  it('is the target power at the sample-size formula n (inverse of core sampleSizeFor, 1e-12)', () => {
    for (const [delta, variance, alpha, power] of [
      [0.03, 0.133, 0.05, 0.8],
      [0.069, 0.2, 0.01, 0.9],
      [-0.05, 0.1, 0.05, 0.5],
    ]) {
      const { n } = sampleSizeFor(delta, variance, { alpha, power });
      expect(Math.abs(normalPower(delta, variance, n, alpha) - power)).toBeLessThan(1e-12);
    }
    expect(() => normalPower(0.03, 0, 100)).toThrow(/variance/);
  });
});

describe('requiredSize', () => {
  it('interpolates probit(power) linearly in √n: exact on a normal-approximation curve', () => {
    const f = (n: number) => normalPower(0.03, 0.133, n);
    const sizes = [300, 600, 1200, 2400];
    const c = crossing(sizes, sizes.map(f), 0.8);
    expect(c.kind).toBe('at');
    expect(Math.abs(c.size - sampleSizeFor(0.03, 0.133).n)).toBeLessThan(1e-6);
  });
  it('band from ±2 MCSE, and crossings outside the grid are not extrapolated', () => {
    const points = [
      { size: 100, power: 0.5, mcse: 0.01 },
      { size: 400, power: 0.9, mcse: 0.01 },
    ];
    const r = requiredSize(points, 0.8);
    expect(r.low.size).toBeLessThan(r.estimate.size);
    expect(r.estimate.size).toBeLessThan(r.high.size);
    expect(requiredSize(points, 0.95).estimate).toEqual({ kind: 'above', size: 400 });
    expect(requiredSize(points, 0.4).estimate).toEqual({ kind: 'below', size: 100 });
  });
});

describe('powerParts', () => {
  it('population moments by hand', () => {
    const parts = powerParts(Float64Array.from([1, 0.5]), Float64Array.from([0.5, 0]));
    expect(parts.gap).toBe(0.5);
    expect(parts.omega2).toBe(0);
    expect(parts.sigmaA2).toBe(0.125);
    expect(parts.varianceA).toBe(0.0625);
  });
});
