/**
 * The battleArena model: its estimand (identical copies give 1000 exactly; without ties and
 * noise it is the true ratings; with them it is attenuated and agrees with a large simulated
 * arena's fit within Monte Carlo error), the pair and outcome frequencies by chi-square on a fixed
 * seed, a design file's fixed vote counts, and the parameter errors.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bradleyTerryCovariance, eloPerNatural, fitBradleyTerry, pairTotalsFromBattles } from '@evalsim/core';
import { afterAll, describe, expect, it } from 'vitest';
import type { CellParams } from '../base/cellParams.js';
import { SeededStream } from '../rng/SeededStream.js';
import { chiSquareTest, GOF_REJECT_BELOW } from '../samplers/test-utils/goodnessOfFit.js';
import { battleArena } from './battleArena.js';
import { averageScore, expectedScore } from './support/arenaEstimand.js';

const tmp = mkdtempSync(join(tmpdir(), 'evalsim-arena-model-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const ctx = { baseDir: tmp };
const parse = (params: CellParams) => battleArena.parse(params, ctx);

describe('battleArena estimand', () => {
  it('is 1000 for identical copies and the true ratings without ties or noise', () => {
    const copies = parse({
      models: 5,
      battles: 100,
      spread: 0,
      ties: 0.3,
      prompts: 10,
      promptSd: 50,
      sampling: 'popularity',
    });
    for (const r of copies.trueRatings) expect(Math.abs(r - 1000)).toBeLessThan(1e-9);
    expect(battleArena.truth(copies)).toBeCloseTo(0, 9);
    const plain = parse({
      models: 4,
      battles: 100,
      ratings: [1200, 1100, 1000, 900],
      sampling: 'popularity',
    });
    [1150, 1050, 950, 850].forEach((r, i) => {
      expect(Math.abs(plain.trueRatings[i] - r)).toBeLessThan(1e-7);
    });
    expect(battleArena.truth(plain)).toBeCloseTo(-100, 7);
  });

  it('expected scores: Davidson with ν, and the normal average by Simpson (against a 20,000-point rectangle rule)', () => {
    expect(expectedScore(0, 0.8)).toBeCloseTo(0.5, 15);
    expect(expectedScore(2, 0)).toBeCloseTo(1 / (1 + Math.exp(-2)), 14);
    expect(expectedScore(800, 1)).toBe(1);
    let rect = 0;
    const h = 16 / 20000;
    for (let k = 0; k <= 20000; k++) {
      const z = -8 + k * h;
      rect += Math.exp(-(z * z) / 2) * expectedScore(0.7 + 0.9 * z, 0.5) * h;
    }
    expect(averageScore(0.7, 0.5, 0.9)).toBeCloseTo(rect / Math.sqrt(2 * Math.PI), 9);
  });

  it('with ties, prompt effects and judge noise: a 200,000-battle arena fits to the estimand within 4 s.e.', () => {
    const p = parse({
      models: 4,
      battles: 200_000,
      ratings: [1150, 1050, 1000, 850],
      ties: 0.25,
      prompts: 2000,
      promptSd: 60,
      judgeNoise: 80,
      sampling: 'popularity',
      unevenness: 0.8,
    });
    const data = battleArena.allocate(p);
    battleArena.generate(p, new SeededStream(99, 0), data);
    const totals = pairTotalsFromBattles(4, data.a, data.b, data.y);
    const fit = fitBradleyTerry(totals);
    const cov = bradleyTerryCovariance(totals, fit.theta);
    const f = eloPerNatural();
    for (let i = 0; i < 4; i++) {
      const r = 1000 + f * fit.theta[i];
      // prompts are shared across battles, so the battle-level s.e. is too small: widen by 2
      const se = 2 * f * Math.sqrt(cov[i * 4 + i]);
      expect(Math.abs(r - p.trueRatings[i])).toBeLessThan(4 * se);
    }
    // attenuated towards 1000 by the noise and the ties
    expect(p.trueRatings[0] - p.trueRatings[3]).toBeLessThan(300);
  });
});

describe('battleArena draws', () => {
  it('samples pairs by popularity and outcomes by Davidson (chi-square on a fixed seed)', () => {
    const p = parse({
      models: 3,
      battles: 3000,
      ratings: [1100, 1000, 900],
      ties: 0.3,
      sampling: 'popularity',
      unevenness: 1,
    });
    const data = battleArena.allocate(p);
    battleArena.generate(p, new SeededStream(7, 3), data);
    const pairCounts = new Array(6).fill(0);
    const outcome = [0, 0, 0];
    let k01 = 0;
    for (let t = 0; t < data.battles; t++) {
      const a = data.a[t];
      const b = data.b[t];
      expect(a).not.toBe(b);
      const k = a * 2 + (b > a ? b - 1 : b);
      pairCounts[k]++;
      if (a === 0 && b === 1) {
        k01++;
        outcome[data.y[t] === 1 ? 0 : data.y[t] === 0.5 ? 1 : 2]++;
      }
    }
    // popularity: z at quantiles 1/6, 1/2, 5/6 in the order 0, 2, 1
    const z = [-0.9674215661017009, 0, 0.9674215661017009];
    const w = [Math.exp(z[0]), Math.exp(z[2]), Math.exp(z[1])];
    const probs: number[] = [];
    let total = 0;
    for (let a = 0; a < 3; a++) for (let b = 0; b < 3; b++) if (a !== b) total += w[a] * w[b];
    for (let a = 0; a < 3; a++) for (let b = 0; b < 3; b++) if (a !== b) probs.push((w[a] * w[b]) / total);
    expect(chiSquareTest(pairCounts, probs).pValue).toBeGreaterThan(GOF_REJECT_BELOW);
    const nu = (2 * 0.3) / 0.7;
    const x = Math.LN10 / 4; // 100 Elo
    const D = Math.exp(x / 2) + Math.exp(-x / 2) + nu;
    const fit = chiSquareTest(outcome, [Math.exp(x / 2) / D, nu / D, Math.exp(-x / 2) / D]);
    expect(k01).toBeGreaterThan(100);
    expect(fit.pValue).toBeGreaterThan(GOF_REJECT_BELOW);
  });

  it('a design file fixes the votes per pair; its errors name the field', () => {
    const file = join(tmp, 'design.json');
    writeFileSync(
      file,
      JSON.stringify({
        format: 'evalsim-arena-design',
        version: 1,
        models: ['x', 'y', 'z'],
        ratings: [1050, 1000, 950],
        nu: 0.4,
        pairs: [
          [0, 1, 5],
          [1, 2, 3],
          [2, 0, 2],
        ],
      }),
    );
    const p = parse({ design: 'design.json' });
    expect(p.models).toBe(3);
    expect(p.battles).toBe(10);
    const data = battleArena.allocate(p);
    battleArena.generate(p, new SeededStream(1, 1), data);
    expect(Array.from(data.a)).toEqual([0, 0, 0, 0, 0, 1, 1, 1, 2, 2]);
    expect(battleArena.dataSources?.(p)[0].file).toBe('design.json');
    writeFileSync(
      join(tmp, 'bad.json'),
      JSON.stringify({
        format: 'evalsim-arena-design',
        models: ['x', 'y'],
        ratings: [1],
        nu: 0,
        pairs: [[0, 1, 1]],
      }),
    );
    expect(() => parse({ design: 'bad.json' })).toThrow(/design.*field "ratings": 2 finite numbers/);
    expect(() => parse({ design: 'missing.json' })).toThrow(/design/);
  });

  it('refuses missing or inconsistent parameters', () => {
    expect(() => parse({ battles: 10 })).toThrow(/models/);
    expect(() => parse({ models: 3 })).toThrow(/battles/);
    expect(() => parse({ models: 3, battles: 10, ratings: [1, 2] })).toThrow(/3 ratings/);
    expect(() => parse({ models: 3, battles: 10, promptSd: 20 })).toThrow(/prompts > 0/);
  });
});
