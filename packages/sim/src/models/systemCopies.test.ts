import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import type { CellParams } from '../base/cellParams.js';
import { ConfigError } from '../base/errors.js';
import { createMethodResult } from '../base/methodResult.js';
import type { StudyContext } from '../base/roles.js';
import { leaderboardPairs } from '../methods/leaderboardPairs.js';
import { RunningMoments } from '../metrics/runningMoments.js';
import { SeededStream } from '../rng/index.js';
import { loadFixture } from '../test-utils/fixtures.js';
import {
  allocateSystemCopies,
  allocateSystemCopiesAnswers,
  generateSystemCopies,
  pairIndex,
  type SystemCopiesParams,
  systemCopies,
} from './systemCopies.js';

const context = { baseDir: fileURLToPath(new URL('../../../../studies/', import.meta.url)) };
const fixture = loadFixture<Record<string, number>>('systemCopies');
const base = { population: 'data/mmlu-standin.csv', system: 'haiku_off' };
const parseSystemCopies = (params: CellParams, at: StudyContext) => systemCopies.parse(params, at);

/** Reference simulator: every question, every copy, one Bernoulli each (no shortcut). */
function simulateEveryQuestion(
  params: SystemCopiesParams,
  rng: SeededStream,
  totals: Int32Array,
  discordant: Int32Array,
) {
  const { copies, rates, questionCount } = params;
  totals.fill(0);
  discordant.fill(0);
  const row = new Uint8Array(copies);
  for (let i = 0; i < questionCount; i++) {
    for (let j = 0; j < copies; j++) row[j] = rng.uniform() < rates[i * copies + j] ? 1 : 0;
    for (let j = 0; j < copies; j++) {
      totals[j] += row[j];
      for (let l = j + 1; l < copies; l++) if (row[j] !== row[l]) discordant[pairIndex(j, l, copies)]++;
    }
  }
}

describe('systemCopies', () => {
  test('pair numbering is row by row, versus-first pairs first', () => {
    const seen: number[] = [];
    for (let j = 0; j < 5; j++) for (let l = j + 1; l < 5; l++) seen.push(pairIndex(j, l, 5));
    expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  test('moments of totals and discordant counts match the stand-in rates (4·MCSE)', () => {
    const params = parseSystemCopies({ ...base, copies: 20 }, context);
    expect(params.varying.length).toBe(fixture.varyingQuestions);
    const data = allocateSystemCopies(params);
    const rng = new SeededStream(11, 0);
    const total = new RunningMoments();
    const b = new RunningMoments();
    const d = new RunningMoments();
    for (let r = 0; r < 3000; r++) {
      rng.reseed(11, r);
      generateSystemCopies(params, rng, data);
      total.add(data.totals[7]);
      const k = pairIndex(3, 12, 20);
      b.add(data.onlyFirst[k]);
      d.add(data.onlyFirst[k] + data.onlySecond[k]);
    }
    // E[total] = Σp, Var = Σp(1−p); E[b] = Σp(1−p); E[b + c] = 2Σp(1−p).
    expect(Math.abs(total.mean - fixture.sumRate)).toBeLessThan(4 * (total.sd() / Math.sqrt(total.count)));
    expect(Math.abs(total.variance() - fixture.sumRateVariance)).toBeLessThan(
      4 * fixture.sumRateVariance * Math.sqrt(2 / 3000),
    );
    expect(Math.abs(b.mean - fixture.sumRateVariance)).toBeLessThan(4 * (b.sd() / Math.sqrt(b.count)));
    expect(Math.abs(d.mean - fixture.pairDiscordantMean)).toBeLessThan(4 * (d.sd() / Math.sqrt(d.count)));
  });

  test('the only-varying-questions shortcut has the distribution of simulating every question', () => {
    const params = parseSystemCopies({ ...base, copies: 6 }, context);
    const data = allocateSystemCopies(params);
    const rng = new SeededStream(5, 0);
    const totals = new Int32Array(6);
    const discordant = new Int32Array(15);
    const fast = [new RunningMoments(), new RunningMoments()];
    const slow = [new RunningMoments(), new RunningMoments()];
    const R = 2000;
    for (let r = 0; r < R; r++) {
      rng.reseed(5, r);
      generateSystemCopies(params, rng, data);
      fast[0].add(data.totals[2]);
      fast[1].add(data.onlyFirst[4] + data.onlySecond[4]);
      rng.reseed(6, r);
      simulateEveryQuestion(params, rng, totals, discordant);
      slow[0].add(totals[2]);
      slow[1].add(discordant[4]);
    }
    for (let s = 0; s < 2; s++) {
      const se = Math.sqrt(fast[s].variance() / R + slow[s].variance() / R);
      expect(Math.abs(fast[s].mean - slow[s].mean)).toBeLessThan(4 * se);
      // Same variance too (F-ratio within ±4·√(4/R) relative).
      expect(Math.abs(fast[s].variance() / slow[s].variance() - 1)).toBeLessThan(4 * Math.sqrt(4 / R));
    }
    // The never-varying questions are answered the same way every time: totals ≥ 889 right.
    expect(Math.min(...data.totals)).toBeGreaterThanOrEqual(889);
  });

  test('mean number of significant pairs matches the exact Poisson-binomial expectation (4·MCSE)', () => {
    const params = parseSystemCopies({ ...base, copies: 20 }, context);
    const data = allocateSystemCopies(params);
    const analyse = leaderboardPairs.create({}, { level: 0.95 });
    const out = createMethodResult();
    const rng = new SeededStream(77, 0);
    const count = new RunningMoments();
    for (let r = 0; r < 3000; r++) {
      rng.reseed(77, r);
      generateSystemCopies(params, rng, data);
      analyse(data, rng, out);
      count.add(out.estimate);
    }
    const mcse = count.sd() / Math.sqrt(count.count);
    expect(Math.abs(count.mean - fixture.meanSignificantPairs)).toBeLessThan(4 * mcse);
  });

  test('drawn questions: n per replication, E[total] = n·mean rate, permutation restored', () => {
    const params = parseSystemCopies({ ...base, copies: 3, n: 100 }, context);
    expect(params.draw).toBe(true);
    const data = allocateSystemCopiesAnswers(params);
    const rng = new SeededStream(9, 0);
    const total = new RunningMoments();
    for (let r = 0; r < 4000; r++) {
      rng.reseed(9, r);
      generateSystemCopies(params, rng, data);
      total.add(data.totals[1]);
      expect(new Set(data.questions).size).toBe(100);
    }
    const truth = (100 * fixture.sumRate) / 1140;
    expect(Math.abs(total.mean - truth)).toBeLessThan(4 * (total.sd() / Math.sqrt(total.count)));
  });

  test('kept answers agree with the totals and discordant counts', () => {
    const extras: Record<string, number>[] = [{}, { n: 50 }];
    for (const extra of extras) {
      const params = parseSystemCopies({ ...base, copies: 4, ...extra }, context);
      const data = allocateSystemCopiesAnswers(params);
      generateSystemCopies(params, new SeededStream(3, 1), data);
      const n = data.itemCount;
      const answers = data.answers as Uint8Array;
      for (let j = 0; j < 4; j++) {
        let sum = 0;
        for (let s = 0; s < n; s++) sum += answers[j * n + s];
        expect(sum).toBe(data.totals[j]);
        for (let l = j + 1; l < 4; l++) {
          let b = 0;
          let c = 0;
          for (let s = 0; s < n; s++) {
            if (answers[j * n + s] > answers[l * n + s]) b++;
            if (answers[j * n + s] < answers[l * n + s]) c++;
          }
          expect([b, c]).toEqual([data.onlyFirst[pairIndex(j, l, 4)], data.onlySecond[pairIndex(j, l, 4)]]);
        }
      }
    }
  });

  test('gaps shift and clip the rates; truth counts truly different pairs; constant rates', () => {
    const params = parseSystemCopies({ ...base, copies: 3, gaps: [0, 0, 3] }, context);
    expect(params.truth).toBe(2);
    expect(params.rates[2]).toBe(0.03); // question 0 has rate 0: clipped 0 + 0.03
    expect(params.accuracies[2]).toBeGreaterThan(params.accuracies[0]);
    const constant = parseSystemCopies({ ...base, copies: 2, rates: 0.71, n: 100 }, context);
    expect(constant.varying.length).toBe(1140);
    expect(systemCopies.truth(constant)).toBe(0);
  });

  test('bad parameters name the field and what is allowed', () => {
    expect(() => parseSystemCopies({ ...base, system: 'gpt', copies: 2 }, context)).toThrow(
      /^system.*haiku_off/,
    );
    expect(() => parseSystemCopies({ ...base, copies: 3, gaps: [0, 1] }, context)).toThrow(ConfigError);
    expect(() => parseSystemCopies({ ...base, copies: 1 }, context)).toThrow(/copies/);
    expect(() => parseSystemCopies({ ...base, copies: 2, n: 5000 }, context)).toThrow(/in \[1, 1140\]/);
    expect(() => parseSystemCopies({ ...base, copies: 2, rates: 'flat' }, context)).toThrow(/rates/);
  });
});
