/**
 * The judged audit and plan on the judged stand-in (studies/data/judged-standin.csv). The audit's
 * studies start from the analysis's numbers (its PPI++ estimate, the judge's measured rates, the
 * eval's N and n) and recover the judge-correction study where they meet it: at N = 850, n = 150
 * the judge-only coverage equals its exact binomial value within Monte Carlo error. The plan's
 * closed forms are checked against direct formulas and against the simulated mean width (within
 * 3 MCSE plus 2% for the asymptotic approximation); PPI++'s V equals the optimum of
 * λ²σ_f²/N + Var(y − λf)/n over λ.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { judgeOnlyCoverage, normalCritical } from '@evalsim/core';
import { afterAll, describe, expect, it } from 'vitest';
import { analyzeJudged } from '../analysis/judged/analyzeJudged.js';
import { validateStudy } from '../config/validateStudy.js';
import { importEval } from '../evals/importEval.js';
import { runStudy } from '../runner/runStudy.js';
import { buildJudgedAudit, judgedFacts, summarizeJudgedAudit } from './judgedAudit.js';
import { buildJudgedPlan, plannedVariance, summarizeJudgedPlan, widthCrossing } from './judgedPlan.js';

const standin = fileURLToPath(new URL('../../../../studies/data/judged-standin.csv', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'evalsim-judged-studies-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const analysis = analyzeJudged(importEval([standin], { labels: 'human' }).table, { labels: 'human' });
const run = async (config: Parameters<typeof validateStudy>[0]) =>
  (await runStudy(await validateStudy(config, tmp), { workers: 0 })).rows;

describe('judged audit', () => {
  it('simulates each system at its own numbers, and the first pair with both judges’ rates', async () => {
    const audit = buildJudgedAudit({ analysis, replications: 1000, seed: 3 });
    expect(audit.studies.map((s) => s.label)).toEqual(['model_a', 'model_b', 'model_b − model_a']);
    const a = analysis.perSystem[0];
    const f = judgedFacts(a);
    expect(audit.studies[0].config.model).toEqual({
      name: 'judgedAnswers',
      params: {
        unlabelled: 850,
        labels: 150,
        accuracy: Number(a.estimates[0].estimate.toPrecision(6)),
        sensitivity: Number(a.agreement!.sensitivity.estimate.toPrecision(6)),
        specificity: Number(a.agreement!.specificity.estimate.toPrecision(6)),
      },
    });
    const pair = audit.studies[2].config.model!.params as Record<string, number>;
    expect([pair.accuracy, pair.accuracySecond, pair.rows, pair.labels]).toEqual([
      Number(analysis.perSystem[1].estimates[0].estimate.toPrecision(6)),
      Number(f.accuracy.toPrecision(6)),
      1000,
      150,
    ]);
    const rows = [await run(audit.studies[0].config)];
    const summary = summarizeJudgedAudit({ ...audit, studies: audit.studies.slice(0, 1) }, rows);
    const judge = summary.studies[0].intervals.find((i) => i.method === 'judgeOnly')!;
    const round = (x: number) => Number(x.toPrecision(6));
    const exact = judgeOnlyCoverage(round(f.accuracy), round(f.sensitivity), round(f.specificity), 1000);
    expect(Math.abs(judge.coverage.value - exact)).toBeLessThan(
      3 * Math.sqrt((exact * (1 - exact)) / 1000) + 1e-3,
    );
    expect(summary.band[0]).toBeCloseTo(0.925, 15);
    expect(summary.band[1]).toBeCloseTo(0.975, 15);
    expect(summary.studies[0].recommendation).toMatch(
      /^For model_a \(simulated at its own rows, labels and judge rates\), \w+ is the narrowest/,
    );
    expect(summary.studies[0].recommendation).toMatch(/the eval's 25 clusters widen its intervals/);
  });

  it('refuses a system it cannot simulate, naming why', () => {
    const noLabels = { ...analysis.perSystem[0], agreement: null, agreementSkipped: 'no labelled row' };
    expect(() => judgedFacts(noLabels)).toThrow(
      /model_a: cannot simulate an eval like it \(no labelled row\)/,
    );
    expect(() => buildJudgedAudit({ analysis, replications: 10, seed: 1, systems: ['model_c'] })).toThrow(
      /--system model_c: no such system/,
    );
  });
});

describe('judged plan', () => {
  const facts = judgedFacts(analysis.perSystem[0]);

  it('PPI++’s closed form is the optimum over λ of λ²σ_f²/N + Var(y − λf)/n', () => {
    const { accuracy: t, sensitivity: q1, specificity: q0, rows: R } = facts;
    const pf = t * q1 + (1 - t) * (1 - q0);
    const cov = t * q1 - t * pf;
    for (const n of [20, 150, 600]) {
      const N = R - n;
      let best = Number.POSITIVE_INFINITY;
      for (let l = 0; l <= 1.2; l += 1e-4) {
        const v = (l * l * pf * (1 - pf)) / N + (t * (1 - t) - 2 * l * cov + l * l * pf * (1 - pf)) / n;
        best = Math.min(best, v);
      }
      expect(plannedVariance('ppiPlusPlus', facts, n)).toBeLessThanOrEqual(best * (1 + 1e-12));
      expect(plannedVariance('ppiPlusPlus', facts, n)).toBeGreaterThan(best * (1 - 1e-6));
      expect(plannedVariance('labelledOnly', facts, n)).toBeCloseTo((t * (1 - t)) / n, 15);
    }
  });

  it('finds the labels for a width, and the simulation agrees with the closed forms', async () => {
    const plan = buildJudgedPlan({
      analysis,
      width: 0.1,
      replications: 600,
      seed: 5,
      sizes: [100, 200, 320],
    });
    const z = normalCritical(0.95);
    const [ppi, rg, labelled] = plan.closedForm;
    const w = (m: typeof ppi.method, n: number) => 2 * z * Math.sqrt(plannedVariance(m, facts, n));
    expect(w('ppiPlusPlus', ppi.labels!)).toBeLessThanOrEqual(0.1);
    expect(w('ppiPlusPlus', ppi.labels! - 1)).toBeGreaterThan(0.1);
    expect(labelled.labels).toBe(Math.ceil(facts.accuracy * (1 - facts.accuracy) * ((2 * z) / 0.1) ** 2));
    // the delta method cannot reach 10 points with 1,000 rows here: its best is inside, not at 999
    expect(rg.labels).toBeNull();
    expect(rg.bestLabels).toBeLessThan(999);
    expect(w('roganGladenDelta', rg.bestLabels)).toBeLessThan(w('roganGladenDelta', 999));
    const curves = summarizeJudgedPlan(plan, await run(plan.config));
    for (const c of curves.filter((x) => x.method !== 'roganGladenLee')) {
      const method = c.method === 'ppiPlusPlus' ? 'ppiPlusPlus' : 'labelledOnly';
      for (const p of c.points) {
        const closed = w(method, p.labels);
        expect(Math.abs(p.width - closed)).toBeLessThan(3 * p.mcse + 0.02 * closed);
      }
    }
    expect(() => buildJudgedPlan({ analysis, width: 0.1, replications: 1, seed: 1, sizes: [1000] })).toThrow(
      /--sizes: 1000 labels; allowed: integers from 1 to 999/,
    );
    expect(() => buildJudgedPlan({ analysis, width: 1.5, replications: 1, seed: 1 })).toThrow(/--width/);
  });

  it('widthCrossing interpolates log width in log n, and says below or above the grid', () => {
    const end = widthCrossing([100, 400], [0.2, 0.1], 0.1);
    expect(end.kind).toBe('at');
    expect(end.labels).toBeCloseTo(400, 9);
    const mid = widthCrossing([100, 400], [0.2, 0.1], Math.SQRT1_2 * 0.2);
    expect(mid.kind).toBe('at');
    expect(mid.labels).toBeCloseTo(200, 9);
    expect(widthCrossing([100, 400], [0.05, 0.02], 0.1)).toEqual({ kind: 'below', labels: 100 });
    expect(widthCrossing([100, 400], [0.3, 0.2], 0.1)).toEqual({ kind: 'above', labels: 400 });
  });
});
