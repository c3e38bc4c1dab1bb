/**
 * The arenaRating method on simulated arenas, Monte Carlo assertions with their MCSE: the
 * sandwich and bootstrap difference intervals cover at ≈ 95% with many battles, the uncorrected
 * difference rule separates ≈ 5% of identical copies' pairs while max-t keeps the share of arenas
 * with any separation near 5%, rank intervals cover all ranks at once; the reports' arithmetic on
 * a hand-made replication; a disconnected graph is degenerate.
 */
import { describe, expect, it } from 'vitest';
import type { CellParams } from '../base/cellParams.js';
import type { BattleRecords } from '../base/dataKinds.js';
import { createMethodResult } from '../base/methodResult.js';
import { battleArena } from '../models/battleArena.js';
import { SeededStream } from '../rng/SeededStream.js';
import { arenaRating } from './arenaRating.js';

function simulate(params: CellParams, options: Record<string, unknown>, reps: number): number[] {
  const p = battleArena.parse(params, { baseDir: '.' });
  const data = battleArena.allocate(p);
  const analyse = arenaRating.create(options, { level: 0.95 });
  const out = createMethodResult();
  const truth = battleArena.truth(p);
  const values: number[] = [];
  for (let r = 0; r < reps; r++) {
    battleArena.generate(p, new SeededStream(11, r), data);
    analyse(data, new SeededStream(12, r), out);
    values.push(
      options.report === undefined || options.report === 'difference'
        ? out.lower <= truth && truth <= out.upper
          ? 1
          : 0
        : out.estimate,
    );
  }
  return values;
}
const mean = (x: number[]) => x.reduce((s, v) => s + v, 0) / x.length;
const mcse = (x: number[]) => {
  const m = mean(x);
  return Math.sqrt(x.reduce((s, v) => s + (v - m) ** 2, 0) / (x.length - 1) / x.length);
};

describe('arenaRating coverage', () => {
  const world = { models: 4, battles: 3000, spread: 80, ties: 0.2 };
  it('sandwich and bootstrap difference intervals cover R₁ − R₀ at ≈ 95%', () => {
    for (const options of [{ ci: 'sandwich' }, { ci: 'bootstrap', rounds: 150 }]) {
      const hits = simulate(world, options, 300);
      // MCSE √(.95·.05/300) = 0.0126: within 4 of it (the bootstrap's 150 rounds add a little spread)
      expect(Math.abs(mean(hits) - 0.95)).toBeLessThan(4 * 0.0126);
    }
  });
  it('identical copies: the uncorrected rule separates ≈ 5% of pairs, max-t keeps any separation near 5%', () => {
    const copies = { models: 8, battles: 2000, spread: 0 };
    const diff = simulate(copies, { rule: 'difference', report: 'separations' }, 300);
    // 28 pairs × 5% = 1.4 expected; the pairs are dependent, so use the empirical MCSE
    expect(Math.abs(mean(diff) - 1.4)).toBeLessThan(4 * mcse(diff) + 0.1);
    const anyMaxT = simulate(copies, { rule: 'max-t', report: 'separations' }, 300).map((x) =>
      x > 0 ? 1 : 0,
    );
    expect(Math.abs(mean(anyMaxT) - 0.05)).toBeLessThan(4 * Math.sqrt((0.05 * 0.95) / 300) + 0.02);
    const ranks = simulate(copies, { rule: 'max-t', report: 'allRanksCovered' }, 300);
    expect(mean(ranks)).toBeGreaterThan(0.95 - 4 * Math.sqrt((0.05 * 0.95) / 300) - 0.02);
    // for copies every separation is false
    const falseSep = simulate(copies, { rule: 'difference', report: 'falseSeparations' }, 100);
    const sep = simulate(copies, { rule: 'difference', report: 'separations' }, 100);
    expect(falseSep).toEqual(sep);
  });
  it('online Elo and its bootstrap run, the rank width shrinks with more battles', () => {
    const elo = simulate(
      { models: 4, battles: 500, spread: 100 },
      { ci: 'elo', rounds: 50, report: 'pairsCovered' },
      20,
    );
    for (const v of elo) expect(v >= 0 && v <= 1).toBe(true);
    const wide = mean(
      simulate({ models: 6, battles: 300, spread: 60 }, { rule: 'max-t', report: 'rankWidth' }, 60),
    );
    const narrow = mean(
      simulate({ models: 6, battles: 6000, spread: 60 }, { rule: 'max-t', report: 'rankWidth' }, 60),
    );
    expect(narrow).toBeLessThan(wide);
  });
});

describe('arenaRating by hand', () => {
  it('a disconnected arena is degenerate; the reports count on a fixed replication', () => {
    const data: BattleRecords = {
      kind: 'battleRecords',
      models: 4,
      battles: 4,
      a: Int32Array.from([0, 1, 2, 3]),
      b: Int32Array.from([1, 0, 3, 2]),
      y: Float64Array.from([1, 1, 0.5, 0.5]),
      prompt: Int32Array.from([0, 1, 2, 3]),
      prompts: 4,
      trueRatings: Float64Array.from([1000, 1000, 1000, 1000]),
    };
    const out = createMethodResult();
    arenaRating.create({}, { level: 0.95 })(data, new SeededStream(1, 0), out);
    expect(out.degenerate).toBe(true);
    expect(out.estimate).toBeNaN();
  });
});
