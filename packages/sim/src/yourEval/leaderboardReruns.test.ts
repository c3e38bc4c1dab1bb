/**
 * A leaderboard of your systems means a rerun of your eval (issue 26 point 7), checked on the
 * known-truth generator (3 systems, abilities 1.3 / 1.2 / 1.0; 25 subjects × 40 questions × 3
 * epochs): 600 TRUE reruns (new subjects, questions and answers from the generator) give each
 * system's P(first) and rank distribution; on 8 observed evals the default leaderboard study
 * (evalReruns: whole clusters redrawn from the eval, 3 epochs on the shrunk truth), 400 boards
 * each, is not overconfident against them:
 *
 *   mean over the evals of P̂(true best first) ≤ P_true + 3·√(MCSE_true² + s²/8),
 *
 * s² the spread of P̂ over the evals (MCSE_true = √(P(1 − P)/600) ≈ 0.012); and the reported 95%
 * rank intervals contain the rank a true rerun gives at least 95% − 3·MC error of the time
 * (averaged over evals and systems). The same with one epoch, where the board of before — the
 * same questions each time, each system's observed 0/1 outcome as its truth (model
 * populationSystems) — gives the observed leader P(first) = 1 on every eval.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { StudyConfig } from '../config/studyConfig.js';
import { validateStudy } from '../config/validateStudy.js';
import { loadItemPopulation } from '../population/loadItemPopulation.js';
import { runStudy } from '../runner/runStudy.js';
import { type KnownTruthEval, knownTruthEval, knownTruthMatrix } from '../test-utils/knownTruthMatrix.js';
import { buildLeaderboard, rankId, summarizeLeaderboard } from './leaderboardStudy.js';
import { populationCsv } from './populationCsv.js';

const dir = mkdtempSync(join(tmpdir(), 'evalsim-lb-reruns-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Each system's rank (1 = best) by its mean over every answer. */
function ranks(e: KnownTruthEval): number[] {
  const scores = e.answers.map((a) => Array.from(a).reduce((s, x) => s + x, 0));
  const order = scores.map((_, i) => i).sort((i, j) => scores[j] - scores[i] || i - j);
  const r: number[] = [];
  order.forEach((s, p) => {
    r[s] = p + 1;
  });
  return r;
}

interface Check {
  pTrue: number;
  mcTrue: number;
  ours: number[];
  leaderOld: number[];
  coverage: number[];
}

/** True reruns and 8 observed evals of the generator with `epochs` answers per question. */
async function check(epochs: number): Promise<Check> {
  const R = 600;
  const rerunRanks = Array.from({ length: R }, (_, r) => ranks(knownTruthEval({ seed: 90_000 + r, epochs })));
  const pTrue = rerunRanks.filter((rk) => rk[0] === 1).length / R;
  const out: Check = {
    pTrue,
    mcTrue: Math.sqrt((pTrue * (1 - pTrue)) / R),
    ours: [],
    leaderOld: [],
    coverage: [],
  };
  for (let o = 0; o < 8; o++) {
    const e = knownTruthEval({ seed: 700 + o, epochs });
    const file = join(dir, `eval-${epochs}-${o}.csv`);
    writeFileSync(file, populationCsv(knownTruthMatrix(e)).csv);
    const population = loadItemPopulation(file);
    const plan = buildLeaderboard({
      populationFile: file,
      population,
      systems: e.options.systems,
      replications: 400,
    });
    expect(plan.rerun).toBe('questions');
    expect(plan.unit).toBe('clusters');
    expect(plan.epochs).toBe(epochs);
    const rows = (await runStudy(await validateStudy(plan.config, dir), { workers: 0 })).rows;
    const summary = summarizeLeaderboard(plan, rows);
    out.ours.push(summary.entries[0].first.value);
    for (const [j, entry] of summary.entries.entries()) {
      const [lo, hi] = entry.rankInterval.map((x) => x.value);
      out.coverage.push(rerunRanks.filter((rk) => rk[j] >= lo && rk[j] <= hi).length / R);
    }
    // The board of before: the same questions, the observed rates as truth (model populationSystems).
    const leader = ranks(e).indexOf(1);
    const before: StudyConfig = {
      ...plan.config,
      name: 'before',
      model: { name: 'populationSystems', params: { population: file, systems: e.options.systems } },
      methods: [{ id: rankId(leader), method: 'leaderboardRank', entry: leader }],
      metrics: [{ metric: 'estimateShare', id: 'rank:1', equals: 1 }],
    };
    out.leaderOld.push((await runStudy(await validateStudy(before, dir), { workers: 0 })).rows[0].value);
  }
  return out;
}

const mean = (x: number[]) => x.reduce((a, b) => a + b, 0) / x.length;
const spread = (x: number[]) => Math.sqrt(x.reduce((a, b) => a + (b - mean(x)) ** 2, 0) / (x.length - 1));

describe('leaderboard --systems: P(first) and rank intervals against true reruns', () => {
  it.each([3, 1])('%i epoch(s): not overconfident; rank intervals hold the rerun ranks', async (epochs) => {
    const c = await check(epochs);
    const margin = 3 * Math.hypot(c.mcTrue, spread(c.ours) / Math.sqrt(c.ours.length));
    expect(mean(c.ours), `ours ${c.ours.map((v) => v.toFixed(3))} vs true ${c.pTrue}`).toBeLessThanOrEqual(
      c.pTrue + margin,
    );
    // Each coverage is over 600 reruns (MC error ≤ 0.009); their mean over 24 (eval, system) pairs.
    expect(mean(c.coverage)).toBeGreaterThanOrEqual(0.95 - 3 * 0.009);
    if (epochs === 1) {
      // Before: with one answer every rate is 0 or 1, every board the same: the observed leader
      // "ranks first" with probability 1 on every eval, where a true rerun puts the best first
      // only P_true of the time.
      expect(c.leaderOld).toEqual(c.leaderOld.map(() => 1));
      expect(c.pTrue).toBeLessThan(1 - 3 * c.mcTrue);
      expect(Math.max(...c.ours)).toBeLessThan(1);
    }
  });
});
