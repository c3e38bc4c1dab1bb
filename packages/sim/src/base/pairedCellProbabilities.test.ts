import { describe, expect, it } from 'vitest';
import { ConfigError } from './errors.js';
import { pairedCellProbabilities } from './pairedCellProbabilities.js';

function refusal(params: Record<string, unknown>): ConfigError {
  try {
    pairedCellProbabilities(params);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('expected a ConfigError');
}

describe('pairedCellProbabilities', () => {
  it('reads p10, p01 and p11 as given, p00 the rest', () => {
    expect(pairedCellProbabilities({ p10: 0.1, p01: 0.05, p11: 0.6 })).toEqual({
      p11: 0.6,
      p10: 0.1,
      p01: 0.05,
      p00: 1 - 0.1 - 0.05 - 0.6,
    });
  });
  it('defaults p11 to half the concordant mass', () => {
    const c = pairedCellProbabilities({ p10: 0.2, p01: 0.1 });
    expect(c.p11).toBeCloseTo(0.35, 15);
    expect(c.p00).toBeCloseTo(0.35, 15);
  });
  it('discordance d and imbalance s give p10 = d(1 + s)/2, p01 = d(1 − s)/2, so Δ = s·d', () => {
    const c = pairedCellProbabilities({ discordance: 0.2, imbalance: 0.5, p11: 0.55 });
    expect(c.p10).toBeCloseTo(0.15, 15);
    expect(c.p01).toBeCloseTo(0.05, 15);
    expect(c.p10 - c.p01).toBeCloseTo(0.1, 15);
    expect(pairedCellProbabilities({ discordance: 0.2, imbalance: 0 }).p10).toBe(
      pairedCellProbabilities({ discordance: 0.2, imbalance: 0 }).p01,
    );
    expect(pairedCellProbabilities({ discordance: 0.3, imbalance: -1 })).toMatchObject({ p10: 0, p01: 0.3 });
  });
  it('refuses missing, doubled, out-of-range and over-full cells, naming the parameter', () => {
    expect(refusal({}).path).toBe('p10');
    expect(refusal({ p10: 0.1, discordance: 0.2, imbalance: 0 }).message).toContain('not both');
    expect(refusal({ p10: 0.1 }).path).toBe('p01');
    expect(refusal({ discordance: 0.1 }).path).toBe('imbalance');
    expect(refusal({ p10: 0.6, p01: 0.5 }).message).toBe('p01: got 0.5; allowed: at most 1 − p10 = 0.4');
    expect(refusal({ p10: 0.2, p01: 0.2, p11: 0.7 }).path).toBe('p11');
    expect(refusal({ discordance: 0.2, imbalance: 1.5 }).path).toBe('imbalance');
    expect(refusal({ p10: '0.1', p01: 0.1 }).path).toBe('p10');
    expect(refusal({ p10: Number.NaN, p01: 0.1 }).path).toBe('p10');
  });
});
