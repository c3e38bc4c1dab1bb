/**
 * rateBattles against packages/sim/fixtures/arenaRating.json (script fixtures/scripts/arenaRating.py:
 * FastChat's compute_bt / scale_and_offset / compute_elo / compute_pairwise_win_fraction and
 * arena-rank's sandwich, transcribed; FastChat's compute_bootstrap_bt with 4,000 rounds): ratings and
 * sandwich SEs at 1e-9, anchored and not, the Arena rank, online Elo in tstamp order, win shares, and
 * the bootstrap's s.d. and percentile endpoints within Monte Carlo error. Also: the same output for
 * any thread count and seed reuse, the refusals, and the degenerate cases.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importBattles } from '../../battles/importBattles.js';
import { loadFixture } from '../../test-utils/fixtures.js';
import { ArenaInputError, rateBattles } from './rateBattles.js';

interface Fixture {
  battles: { model_a: string; model_b: string; winner: string; tstamp: number }[];
  models: string[];
  ratingMean: number[];
  ratingAnchored: number[];
  seMean: number[];
  seAnchored: number[];
  arenaRank: number[];
  onlineElo: number[];
  winShare: (number | null)[][];
  bootstrap: { rounds: number; sd: number[]; q025: number[]; q975: number[] };
}
const fx = loadFixture<Fixture>('arenaRating');
const tmp = mkdtempSync(join(tmpdir(), 'evalsim-rate-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const file = join(tmp, 'battles.jsonl');
writeFileSync(file, `${fx.battles.map((b) => JSON.stringify(b)).join('\n')}\n`);
const table = importBattles([file]).table;

const byModel = <T extends { model: string }>(rows: readonly T[]) => new Map(rows.map((r) => [r.model, r]));

describe('rateBattles against FastChat and arena-rank', () => {
  it('ratings, sandwich intervals, the Arena rank, online Elo and win shares', () => {
    const r = rateBattles(table);
    const rows = byModel(r.ratings);
    fx.models.forEach((model, i) => {
      const row = rows.get(model) as (typeof r.ratings)[number];
      expect(Math.abs(row.rating - fx.ratingMean[i])).toBeLessThan(1e-9 * 1000);
      expect(Math.abs(row.se - fx.seMean[i]) / fx.seMean[i]).toBeLessThan(1e-9);
      expect(row.arenaRank).toBe(fx.arenaRank[i]);
      expect(Math.abs(row.onlineElo - fx.onlineElo[i])).toBeLessThan(1e-9);
    });
    const order = r.winShares.models;
    order.forEach((mi, i) => {
      order.forEach((mj, j) => {
        const want = fx.winShare[fx.models.indexOf(mi)][fx.models.indexOf(mj)];
        const got = r.winShares.share[i][j];
        if (want === null) expect(got).toBeNull();
        else expect(Math.abs((got as number) - want)).toBeLessThan(1e-12);
      });
    });
    expect(r.interval.method).toBe('sandwich');
    expect(r.fit.converged).toBe(true);
  });

  it("FastChat's anchor: mixtral-8x7b-instruct-v0.1 = 1114, every interval relative to it", () => {
    const r = rateBattles(table, { anchor: 'fastchat' });
    const rows = byModel(r.ratings);
    fx.models.forEach((model, i) => {
      const row = rows.get(model) as (typeof r.ratings)[number];
      expect(Math.abs(row.rating - fx.ratingAnchored[i])).toBeLessThan(1e-9 * 1000);
      expect(Math.abs(row.se - fx.seAnchored[i])).toBeLessThan(1e-9 * Math.max(1, fx.seAnchored[i]));
    });
    expect(rows.get('mixtral-8x7b-instruct-v0.1')?.se).toBe(0);
    expect(r.anchor).toEqual({ kind: 'model', model: 'mixtral-8x7b-instruct-v0.1', rating: 1114 });
  });

  it("the bootstrap over battles agrees with FastChat's within Monte Carlo error", () => {
    const rounds = 2000;
    const r = rateBattles(table, { ci: 'bootstrap', rounds, seed: 7 });
    const rows = byModel(r.ratings);
    // s.d. of a bootstrap s.d. ≈ sd/√(2B) for each side; 4.5 combined s.e. over 8 models
    const sdTol = (sd: number) => 4.5 * sd * Math.sqrt(1 / (2 * rounds) + 1 / (2 * fx.bootstrap.rounds));
    // percentile endpoints: each has s.d. ≈ endpointMcse·SE (reported); combined over both sides
    const q = 0.025;
    const phi = Math.exp(-(1.96 ** 2) / 2) / Math.sqrt(2 * Math.PI);
    const qTol = (sd: number) =>
      (4.5 * sd * Math.sqrt((q * (1 - q)) / rounds + (q * (1 - q)) / fx.bootstrap.rounds)) / phi;
    fx.models.forEach((model, i) => {
      const row = rows.get(model) as (typeof r.ratings)[number];
      const sd = fx.bootstrap.sd[i];
      expect(Math.abs(row.se - sd)).toBeLessThan(sdTol(sd));
      expect(Math.abs(row.lower - fx.bootstrap.q025[i])).toBeLessThan(qTol(sd));
      expect(Math.abs(row.upper - fx.bootstrap.q975[i])).toBeLessThan(qTol(sd));
    });
    expect(
      Math.abs((r.interval.endpointMcse as number) / (Math.sqrt((q * (1 - q)) / rounds) / phi) - 1),
    ).toBeLessThan(1e-3);
  });
});

describe('determinism and threads', () => {
  it('gives the same numbers for 0 and 1 extra threads, and for the same seed twice', () => {
    const one = rateBattles(table, { ci: 'bootstrap', rounds: 400, seed: 3, threads: 0 });
    const two = rateBattles(table, { ci: 'bootstrap', rounds: 400, seed: 3, threads: 1 });
    expect(JSON.stringify(two)).toBe(JSON.stringify(one));
    const other = rateBattles(table, { ci: 'bootstrap', rounds: 400, seed: 4, threads: 0 });
    expect(JSON.stringify(other)).not.toBe(JSON.stringify(one));
  });

  it('reports bootstrap rounds as they finish (a progress line), with the same numbers', () => {
    const seen: [number, number][] = [];
    const plain = rateBattles(table, { ci: 'bootstrap', rounds: 100, seed: 3, threads: 0 });
    const watched = rateBattles(table, {
      ci: 'bootstrap',
      rounds: 100,
      seed: 3,
      threads: 0,
      onRounds: (done, total) => seen.push([done, total]),
    });
    expect(JSON.stringify(watched)).toBe(JSON.stringify(plain));
    // Chunks of 8 rounds on this thread: 8, 16, …, 96, then 100.
    expect(seen.map(([d]) => d)).toEqual([...Array.from({ length: 12 }, (_, i) => 8 * (i + 1)), 100]);
    expect(seen.every(([, t]) => t === 100)).toBe(true);
  });

  it('triplicated battles (arena-hard counts a strong verdict 3 times): the sandwich shrinks by √3, the cluster bootstrap does not', () => {
    expect(() => rateBattles(table, { ci: 'cluster' })).toThrow(/no battle has a question_id/);
    const once = join(tmp, 'once.jsonl');
    const thrice = join(tmp, 'thrice.jsonl');
    const rows = fx.battles.map((b, i) => JSON.stringify({ ...b, question_id: `q${i}` }));
    writeFileSync(once, `${rows.join('\n')}\n`);
    writeFileSync(thrice, `${rows.flatMap((r) => [r, r, r]).join('\n')}\n`);
    const t1 = importBattles([once]).table;
    const t3 = importBattles([thrice]).table;
    const sand1 = byModel(rateBattles(t1).ratings);
    const sand3 = byModel(rateBattles(t3).ratings);
    const clus3 = rateBattles(t3, { ci: 'cluster', rounds: 1500, seed: 5 });
    expect(clus3.interval.clusters).toBe(fx.battles.length);
    const c3 = byModel(clus3.ratings);
    for (const model of fx.models) {
      const s1 = (sand1.get(model) as { se: number }).se;
      expect((sand3.get(model) as { se: number }).se / s1).toBeCloseTo(1 / Math.sqrt(3), 9);
      // the cluster bootstrap's s.d. estimates s1 (its MC s.d. ≈ s1/√(2·1500) = 0.018 s1; 4.5 of them)
      expect(Math.abs((c3.get(model) as { se: number }).se / s1 - 1)).toBeLessThan(0.09);
    }
    const cs = byModel(rateBattles(t3, { ci: 'cluster-sandwich' }).ratings);
    // the CR1 factor C/(C − 1) aside, the cluster sandwich of triplicates is the single-copy sandwich
    const factor = Math.sqrt(fx.battles.length / (fx.battles.length - 1));
    for (const model of fx.models) {
      expect(
        (cs.get(model) as { se: number }).se / ((sand1.get(model) as { se: number }).se * factor),
      ).toBeCloseTo(1, 9);
    }
  });
});

describe('refusals and degenerate battles', () => {
  const fixtures = new URL('../../battles/fixtures/', import.meta.url).pathname;
  const bad = (name: string) => importBattles([`bad/${name}`], {}, { cwd: fixtures }).table;
  it('refuses a disconnected comparison graph, naming the groups', () => {
    expect(() => rateBattles(bad('disconnected.jsonl'))).toThrow(ArenaInputError);
    expect(() => rateBattles(bad('disconnected.jsonl'))).toThrow(
      /2 separate groups of models that never met: .*component 1 \(2 models\): a, b; component 2 \(2 models\): c, d\); rate one group with --models/,
    );
    const one = rateBattles(bad('disconnected.jsonl'), { models: ['a', 'b'] });
    expect(one.models).toBe(2);
    expect(one.dropped).toBe(1);
  });
  it('rates a model with only wins under the weak prior, its upper bound open, or refuses with prior 0', () => {
    const r = rateBattles(bad('only-wins.jsonl'));
    const a = r.ratings.find((x) => x.model === 'a') as (typeof r.ratings)[number];
    expect(a.unbounded).toBe('above');
    expect(a.upper).toBe(Number.POSITIVE_INFINITY);
    expect(Number.isFinite(a.lower)).toBe(true);
    expect(
      r.ratings
        .filter((x) => x.unbounded === null)
        .map((x) => x.model)
        .sort(),
    ).toEqual(['b', 'c']);
    expect(r.fit.prior).toBeGreaterThan(0);
    expect(r.warnings.join()).toMatch(/a never lost a point to the rest/);
    expect(() => rateBattles(bad('only-wins.jsonl'), { prior: 0 })).toThrow(
      /do not exist: a never lost a point/,
    );
  });
  it('refuses Davidson without ties or with fractional scores, and style control without features', () => {
    const dir = new URL('../../battles/fixtures/', import.meta.url).pathname;
    const alpaca = importBattles(
      ['alpaca-eval/annotations-weighted.json', 'alpaca-eval/annotations-discrete.json'],
      {},
      { cwd: dir },
    ).table;
    expect(() => rateBattles(alpaca, { ties: 'davidson' })).toThrow(/fractional scores/);
    expect(() => rateBattles(alpaca, { styleControl: true })).toThrow(/no style features/);
    expect(() => rateBattles(table, { anchor: { model: 'nobody', rating: 1000 } })).toThrow(
      /"nobody" is not among/,
    );
  });
});
