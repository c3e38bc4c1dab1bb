import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { SystemCopiesScores } from '../base/dataKinds.js';
import { createMethodResult } from '../base/methodResult.js';
import { leaderboardRank } from '../methods/leaderboardRank.js';
import { SeededStream } from '../rng/SeededStream.js';
import { populationSystems } from './populationSystems.js';
import { systemCopies } from './systemCopies.js';

const context = { baseDir: fileURLToPath(new URL('../../../../studies/', import.meta.url)) };
const STANDIN = 'data/mmlu-standin.csv';

describe('populationSystems', () => {
  it('one system × 20 copies is systemCopies exactly: same draws, same counts (the seed-000 board)', () => {
    const a = populationSystems.parse({ population: STANDIN, systems: ['haiku_off'], copies: 20 }, context);
    const b = systemCopies.parse({ population: STANDIN, system: 'haiku_off', copies: 20 }, context);
    const da = populationSystems.allocate(a);
    const db = systemCopies.allocate(b);
    for (let r = 0; r < 50; r++) {
      populationSystems.generate(a, new SeededStream(5020, r), da);
      systemCopies.generate(b, new SeededStream(5020, r), db);
      expect(Array.from(da.totals)).toEqual(Array.from(db.totals));
      expect(Array.from(da.onlyFirst)).toEqual(Array.from(db.onlyFirst));
      expect(Array.from(da.onlySecond)).toEqual(Array.from(db.onlySecond));
    }
    expect(a.truth).toBe(0);
  });

  it('each system answers with its own rates: mean totals within 4 MCSE of n × accuracy', () => {
    const params = populationSystems.parse(
      { population: STANDIN, systems: ['haiku_off', 'sonnet_off'] },
      context,
    );
    expect(params.entries).toEqual(['haiku_off', 'sonnet_off']);
    expect(params.truth).toBe(1);
    const data = populationSystems.allocate(params);
    const sums = [0, 0];
    const squares = [0, 0];
    const R = 2000;
    for (let r = 0; r < R; r++) {
      populationSystems.generate(params, new SeededStream(9, r), data);
      for (const j of [0, 1]) {
        sums[j] += data.totals[j];
        squares[j] += data.totals[j] ** 2;
      }
    }
    for (const j of [0, 1]) {
      const mean = sums[j] / R;
      const sd = Math.sqrt(squares[j] / R - mean * mean);
      expect(Math.abs(mean - 1140 * params.accuracies[j])).toBeLessThan(4 * (sd / Math.sqrt(R)) + 1e-9);
    }
  });

  it('bad parameters name the field', () => {
    const parse = (p: Record<string, unknown>) =>
      populationSystems.parse({ population: STANDIN, ...p } as never, context);
    expect(() => parse({ systems: ['nope'] })).toThrow(/systems\[0\]/);
    expect(() => parse({ systems: ['haiku_off'] })).toThrow(/copies/);
    expect(() => parse({ systems: ['haiku_off', 'haiku_off'] })).toThrow(/distinct/);
  });
});

describe('leaderboardRank', () => {
  const board = (totals: number[]): SystemCopiesScores => ({
    kind: 'systemCopiesScores',
    copies: totals.length,
    pairCount: 0,
    itemCount: 10,
    totals: Int32Array.from(totals),
    onlyFirst: new Int32Array(0),
    onlySecond: new Int32Array(0),
    answers: null,
    questions: null,
  });
  it('ranks by right answers, best first; ties at random, each order equally likely (4 MCSE)', () => {
    const rank = (entry: number, totals: number[], r = 0) => {
      const out = createMethodResult();
      leaderboardRank.create({ entry }, { level: 0.95 })(board(totals), new SeededStream(1, r), out);
      return out.estimate;
    };
    expect(rank(0, [5, 7, 3])).toBe(2);
    expect(rank(1, [5, 7, 3])).toBe(1);
    expect(rank(2, [5, 7, 3])).toBe(3);
    let first = 0;
    const R = 4000;
    for (let r = 0; r < R; r++) if (rank(0, [7, 7, 3], r) === 1) first++;
    expect(Math.abs(first / R - 0.5)).toBeLessThan(4 * Math.sqrt(0.25 / R));
  });
});
