/**
 * The planning tool on seed 000's MMLU stand-in (Step 4): a 3-point gap between Haiku with
 * thinking low and Sonnet without, imposed (the stand-in's own gap is 3.000 points, so the
 * logit shift is ~0). Checked against the published powers with the tolerances
 * studies/power-resampling.json states (which include the Monte Carlo error of both 3,000-draw
 * estimates), and against that study's committed simulation within Monte Carlo error:
 * |ours − theirs| ≤ 3·√(MCSE_ours² + MCSE_theirs²) (two independent 3,000-draw estimates).
 * Then Miller's closed form where its assumptions hold (questions drawn independently, the
 * paired z test, n ≥ 600): |simulated − Φ(δ√n/√V − z)| ≤ 3·MCSE + 0.01, the 0.01 the normal
 * approximation's own error at these sizes (the z test uses an estimated SE).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { analyzeEval } from '../analysis/analyzeEval.js';
import { validateStudy } from '../config/validateStudy.js';
import { readResultsArrow } from '../output/arrowResults.js';
import { loadItemPopulation } from '../population/loadItemPopulation.js';
import { runStudy } from '../runner/runStudy.js';
import { knownTruthEval, knownTruthMatrix } from '../test-utils/knownTruthMatrix.js';
import { buildPlan } from './planStudy.js';
import { summarizePlan } from './planSummary.js';
import { populationCsv } from './populationCsv.js';

const studies = fileURLToPath(new URL('../../../../studies/', import.meta.url));
const population = loadItemPopulation(`${studies}data/mmlu-standin.csv`);
const committed = readResultsArrow(
  fileURLToPath(new URL('../../../../results/power-resampling.arrow', import.meta.url)),
);
const resampling = JSON.parse(readFileSync(`${studies}power-resampling.json`, 'utf8'));

function expectation(n: number, design: string, method: string): { published: number; tolerance: number } {
  return resampling.expectations.find(
    (e: { cell: { n: number; design: string; systems: string[] }; method: string }) =>
      e.cell.n === n && e.cell.design === design && e.cell.systems[0] === 'haiku_low' && e.method === method,
  );
}

function committedRow(n: number, design: string, method: string) {
  const row = committed.rows.find(
    (r) =>
      r.params.n === n &&
      r.params.design === design &&
      r.params.answer === 'recorded' &&
      r.params.systems === '["haiku_low","sonnet_off"]' &&
      r.metric === 'power' &&
      r.method === method,
  );
  if (!row) throw new Error(`no committed row ${n} ${design} ${method}`);
  return row;
}

async function runPlan(design: 'paired' | 'independent', sizes: number[]) {
  const plan = buildPlan({
    populationFile: 'data/mmlu-standin.csv',
    population,
    systems: ['haiku_low', 'sonnet_off'],
    delta: 0.03,
    design,
    unit: 'questions',
    sizes,
    replications: 3000,
    seed: 12,
    // Seed 000 Step 4 is about one answer per question (its "first answers").
    epochs: 1,
  });
  const study = await validateStudy(plan.config, studies);
  const { rows } = await runStudy(study, { workers: 0 });
  return { plan, rows, summary: summarizePlan(plan, rows) };
}

describe('plan on the MMLU stand-in, 3-point gap (seed 000 Step 4)', () => {
  it('paired: exact McNemar power at 1,165 questions ≈ 79.7%; Miller n ≈ 1,165; agrees with power-resampling', async () => {
    const { plan, summary } = await runPlan('paired', [600, 1165, 1804]);
    expect(plan.shift).toBe('logit');
    expect(Math.abs(plan.parts.gap - 0.03)).toBeLessThan(1e-12);
    expect(plan.miller.items).toBeGreaterThan(1140);
    expect(plan.miller.items).toBeLessThan(1190);
    const mcnemar = summary.curves.find((c) => c.id === 'mcnemar')!;
    const at1165 = mcnemar.points.find((p) => p.size === 1165)!;
    const { published, tolerance } = expectation(1165, 'paired', 'mcnemar');
    expect(Math.abs(at1165.power - published)).toBeLessThanOrEqual(tolerance);
    const theirs = committedRow(1165, 'paired', 'mcnemar');
    expect(Math.abs(at1165.power - theirs.value)).toBeLessThanOrEqual(
      3 * Math.hypot(at1165.mcse, theirs.mcse),
    );
    // the required size brackets Miller's n within the Monte Carlo band (± a grid-interpolation step)
    const { low, high } = mcnemar.required;
    expect(low.kind).toBe('at');
    expect(high.kind).toBe('at');
    expect(low.size).toBeLessThan(high.size);
    // Miller where its assumptions hold: the paired z test
    const z = summary.curves.find((c) => c.id === 'pairedZ')!;
    for (const point of z.points) {
      const closed = summary.closedForm.find((c) => c.size === point.size)!;
      expect(Math.abs(point.power - closed.power)).toBeLessThanOrEqual(3 * point.mcse + 0.01);
    }
  });

  it('independent: unpaired power 60.4% at 1,165 and 79.7% at 1,804 questions per system', async () => {
    const { summary } = await runPlan('independent', [1165, 1804]);
    const unpaired = summary.curves.find((c) => c.id === 'unpaired')!;
    for (const n of [1165, 1804]) {
      const point = unpaired.points.find((p) => p.size === n)!;
      const { published, tolerance } = expectation(n, 'independent', 'unpaired');
      expect(Math.abs(point.power - published)).toBeLessThanOrEqual(tolerance);
      const theirs = committedRow(n, 'independent', 'unpaired');
      expect(Math.abs(point.power - theirs.value)).toBeLessThanOrEqual(
        3 * Math.hypot(point.mcse, theirs.mcse),
      );
      const closed = summary.closedForm.find((c) => c.size === n)!;
      expect(Math.abs(point.power - closed.power)).toBeLessThanOrEqual(3 * point.mcse + 0.01);
    }
  });

  it('clusters: the default resamples whole subjects and tests with the clustered paired test', () => {
    const plan = buildPlan({
      populationFile: 'data/mmlu-standin.csv',
      population,
      systems: ['haiku_low', 'sonnet_off'],
      delta: 0.03,
    });
    expect(plan.unit).toBe('clusters');
    // analyze's headline test with clusters: CR2 with its Bell–McCaffrey df.
    expect(plan.tests.find((t) => t.primary)!.id).toBe('pairedCr2');
    // The stand-in's Haiku has 5 epochs: the plan simulates 5 answers per question on the shrunk truth.
    expect(plan.epochs).toBe(5);
    expect(plan.truth.mode).toBe('shrunk');
    expect(plan.config.model?.params).toMatchObject({ epochs: 5, truth: 'shrunk' });
    expect(plan.designEffect).toBeGreaterThan(1);
    expect(Object.keys(plan.config.grid!)).toEqual(['clusters']);
  });

  it('bad input names the flag', () => {
    const base = { populationFile: 'x.csv', population, delta: 0.03 };
    expect(() => buildPlan({ ...base, systems: ['nope'] })).toThrow(/--systems: no system "nope"/);
    expect(() => buildPlan({ ...base, systems: ['haiku_off'], delta: 0.95 })).toThrow(/--delta 0\.95/);
    expect(() =>
      buildPlan({ ...base, systems: ['haiku_off'], design: 'independent', unit: 'clusters' }),
    ).toThrow(/--design independent/);
  });
});

describe('epochs everywhere (issue 26 point 5): plan agrees with analyze on a 3-epoch eval', () => {
  // The known-truth generator: 3 systems, 25 subjects × 40 questions, 3 epochs (scripts/evals/).
  const e = knownTruthEval();
  const matrix = knownTruthMatrix(e);
  const dir = mkdtempSync(join(tmpdir(), 'evalsim-plan-epochs-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'population.csv'), populationCsv(matrix).csv);
  const pop = loadItemPopulation(join(dir, 'population.csv'));
  const [A, B] = ['gpt-x', 'openai/gpt-x'];
  const analysis = analyzeEval(matrix, { hbb: 'off' });
  const pair = analysis.pairs.find((p) => p.first === B && p.second === A)!;

  it.each([
    ['whole clusters, CR2', true],
    ['questions, paired t on epoch means', false],
  ])(
    "%s: analyze's questions for a 2-point gap lie in plan's ±2 MCSE band; the same ω²",
    async (_label, clustered) => {
      const plan = buildPlan({
        populationFile: 'population.csv',
        population: pop,
        systems: [A, B],
        delta: 0.02,
        unit: clustered ? 'clusters' : 'questions',
        replications: 1000,
        seed: 3,
      });
      expect(plan.epochs).toBe(3);
      expect(plan.truth.mode).toBe('shrunk');
      // ω² of the shifted truth against analyze's method-of-moments ω² of the observed pair: the
      // logit shift that imposes δ = 2 points (the observed gap is 0.7) moves it by a few percent.
      expect(Math.abs(plan.parts.omega2 - pair.epochPower!.omega2) / pair.epochPower!.omega2).toBeLessThan(
        0.05,
      );
      const study = await validateStudy(plan.config, dir);
      const { rows } = await runStudy(study, { workers: 0 });
      const primary = summarizePlan(plan, rows).curves.find((c) => c.primary)!;
      const perUnit = clustered ? plan.meanClusterSize : 1;
      const { low, high } = primary.required;
      expect(low.kind).toBe('at');
      expect(high.kind).toBe('at');
      const need = pair.power!.questionsFor.find((g) => g.gap === 0.02)!;
      const analyzed = clustered ? need.clusteredQuestions! : need.questions;
      expect(analyzed).toBeGreaterThanOrEqual(low.size * perUnit);
      expect(analyzed).toBeLessThanOrEqual(high.size * perUnit);
    },
  );
});
