import { normalCdf, normalSf } from '@evalsim/core';
import { describe, expect, it } from 'vitest';
import { SeededStream } from '../rng/SeededStream.js';
import { sampleNormal } from './normal.js';
import {
  chiSquareTest,
  continuousGof,
  drawMany,
  GOF_REJECT_BELOW,
  MOMENT_Z,
  momentZScores,
  sampleMoments,
} from './test-utils/goodnessOfFit.js';

const N = 1_000_000;

describe('sampleNormal (ziggurat)', () => {
  const rng = new SeededStream(20240601, 0);
  const draws = drawMany(N, () => sampleNormal(rng));

  it(`mean 0, variance 1, third moment 0 within ${MOMENT_Z} s.e. (N = 1e6)`, () => {
    for (const z of momentZScores(draws, { mean: 0, variance: 1, third: 0 }))
      expect(z).toBeLessThan(MOMENT_Z);
  });

  it('fourth moment 3 within 5 s.e. (s.e. √((105 − 9)/N))', () => {
    const m = sampleMoments(draws);
    expect(Math.abs(m.m4 - 3)).toBeLessThan(5 * Math.sqrt(96 / N));
  });

  it(`fits normalCdf: chi-square on 200 equiprobable PIT bins, p > ${GOF_REJECT_BELOW}`, () => {
    expect(continuousGof(draws, normalCdf, 200).pValue).toBeGreaterThan(GOF_REJECT_BELOW);
  });

  it('tail beyond |z| > 3 (base layer, tail and outer wedges): conditional fit on 4e6 draws', () => {
    const tailRng = new SeededStream(77, 1);
    const cut = 3;
    const tailMass = normalSf(cut);
    const bins = 40;
    const counts = new Float64Array(bins);
    let beyondR = 0;
    for (let i = 0; i < 4_000_000; i++) {
      const z = Math.abs(sampleNormal(tailRng));
      if (z > 3.6541528853610088) beyondR++;
      if (z > cut) counts[Math.min(bins - 1, Math.floor(((tailMass - normalSf(z)) / tailMass) * bins))]++;
    }
    expect(chiSquareTest(counts, new Float64Array(bins).fill(1 / bins)).pValue).toBeGreaterThan(
      GOF_REJECT_BELOW,
    );
    const expected = 4_000_000 * 2 * normalSf(3.6541528853610088);
    expect(Math.abs(beyondR - expected)).toBeLessThan(5 * Math.sqrt(expected));
  });

  it('the PIT test has power: N(0.01, 1) draws are rejected against N(0, 1)', () => {
    const shifted = draws.map((x) => x + 0.01);
    expect(continuousGof(shifted, normalCdf, 200).pValue).toBeLessThan(GOF_REJECT_BELOW);
  });
});
