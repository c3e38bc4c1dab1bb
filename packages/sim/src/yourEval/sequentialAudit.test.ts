/**
 * The sequential audit and plan check verified on seed 000's stand-in eval (haiku_off vs
 * sonnet_off, 1,140 questions, one first-run answer each):
 *
 *  - under the null (labels swapped per question) the O'Brien–Fleming gate's false-win rate is
 *    α within 3 MCSE (its exact size for a continuous z is α; the paired z on ≈ 135 discordant
 *    questions is close), the anytime tests are ≤ α + 3 MCSE, and the naive z at the 5 looks is
 *    Armitage et al.'s 14.2% within 3 MCSE + 0.01 (discreteness);
 *  - at the observed gap, the question-resampled streams are i.i.d. with a known variance, so the
 *    gate's power and expected questions match core's boundaryCrossing at the drift δ√N/σ
 *    within 3 MCSE + the normal approximation's 0.01 (the plan check's own comparison);
 *  - the same seed gives the same rows for 0 and 2 workers.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { boundaryCrossing } from '@evalsim/core';
import { afterAll, describe, expect, it } from 'vitest';
import { sequentialGate } from '../analysis/sequential/sequentialGate.js';
import { validateStudy } from '../config/validateStudy.js';
import { loadItemPopulation } from '../population/loadItemPopulation.js';
import { runStudy } from '../runner/runStudy.js';
import { buildSequentialAudit, summarizeSequentialAudit } from './sequentialAudit.js';
import { sequentialPlan } from './sequentialPlan.js';
import { buildSequentialPlanCheck, summarizeSequentialPlanCheck } from './sequentialPlanCheck.js';

const data = fileURLToPath(new URL('../../../../studies/data/mmlu-standin.csv', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'evalsim-seqaudit-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const population = loadItemPopulation(data);
const populationFile = 'mmlu-standin.csv';
const run = async (config: Parameters<typeof validateStudy>[0], workers = 0) =>
  (await runStudy(await validateStudy(config, dirname(data)), { workers })).rows;

describe('audit --looks on the seed 000 stand-in', async () => {
  const gate = sequentialGate({
    sizes: [228, 456, 684, 912, 1140],
    spending: { family: 'obf' },
    alpha: 0.05,
  });
  const audit = buildSequentialAudit({
    populationFile,
    population,
    systems: ['sonnet_off', 'haiku_off'],
    gate,
    resample: 'questions',
    replications: 3000,
    seed: 11,
  });
  const rows = await run(audit.config);
  const summary = summarizeSequentialAudit(audit, rows);
  const byId = (id: string) => summary.methods.find((m) => m.id === id)!;

  it('the gate holds α under the null within 3 MCSE; the anytime tests stay below it', () => {
    const g = byId('gate');
    expect(Math.abs(g.typeI!.value - 0.05)).toBeLessThanOrEqual(3 * g.typeI!.mcse);
    for (const id of ['betting', 'msprt', 'betaBinomial']) {
      const m = byId(id);
      expect(m.typeI!.value).toBeLessThanOrEqual(0.05 + 3 * m.typeI!.mcse);
    }
  });

  it("the naive z at the same 5 looks is Armitage et al.'s 14.2% (3 MCSE + 0.01), and its verdict says too high", () => {
    const m = byId('naiveLooks');
    expect(Math.abs(m.typeI!.value - 0.142)).toBeLessThanOrEqual(3 * m.typeI!.mcse + 0.01);
    expect(m.typeIVerdict).toBe('too high');
  });

  it('the confidence sequences cover at every question at least 95% (3 MCSE), under both hypotheses', () => {
    for (const id of ['csBetting', 'csNormalMixture']) {
      const m = byId(id);
      for (const c of [m.coverageNull!, m.coverageObserved!])
        expect(c.value + 3 * c.mcse).toBeGreaterThanOrEqual(0.95);
    }
  });

  it("the observed gap is the mean of the per-question rates' differences; expected questions stop early under it", () => {
    const rate = (s: string, i: number) => {
      const sys = population.systems.get(s)!;
      return sys.correct[i] / sys.k[i];
    };
    let gap = 0;
    for (let i = 0; i < population.questionCount; i++) gap += rate('sonnet_off', i) - rate('haiku_off', i);
    expect(audit.facts.gap).toBeCloseTo(gap / population.questionCount, 12);
    expect(audit.facts.epochsDrawn).toBe(true);
    expect(byId('gate').questionsObserved.value).toBeLessThan(byId('gate').questionsNull.value);
  });

  it('same seed → the same rows with 0 and 2 workers, clusters resampled', async () => {
    const small = buildSequentialAudit({
      populationFile,
      population,
      systems: ['sonnet_off', 'haiku_off'],
      gate,
      replications: 300,
      seed: 3,
    }).config;
    expect(small.model?.params?.resample).toBe('clusters');
    const one = await run(small, 0);
    const two = await run(small, 2);
    expect(two.map((r) => [r.method, r.metric, r.value, r.mcse])).toEqual(
      one.map((r) => [r.method, r.metric, r.value, r.mcse]),
    );
  });

  it('refuses a gate beyond the eval, naming the flag', () => {
    const beyond = sequentialGate({ sizes: [600, 1200], spending: { family: 'obf' }, alpha: 0.05 });
    expect(() =>
      buildSequentialAudit({
        populationFile,
        population,
        systems: ['sonnet_off', 'haiku_off'],
        gate: beyond,
      }),
    ).toThrow(/--looks: the last look \(1,200 questions\) is beyond the eval's 1,140 paired questions/);
  });
});

describe('plan --looks: the simulated check agrees with normal theory at a known gap', async () => {
  const plan = sequentialPlan({
    fixedSize: 1025,
    looks: 5,
    spending: { family: 'obf' },
    alpha: 0.05,
    power: 0.8,
  });
  const config = buildSequentialPlanCheck({
    populationFile,
    systems: ['haiku_low', 'sonnet_off'],
    delta: 0.03,
    shift: 'mixture',
    resample: 'questions',
    plan,
    replications: 4000,
    seed: 5,
  });
  const rows = await run(config);
  const check = summarizeSequentialPlanCheck(plan, config, 0.8, rows, dirname(data));

  it('power, E[questions] and the type-I error within 3 MCSE (+ 0.01 / 1% for the normal approximation)', () => {
    const drift = (0.03 * Math.sqrt(plan.maxSize)) / Math.sqrt(check.variance);
    expect(check.drift).toBeCloseTo(drift, 12);
    const theory = boundaryCrossing(plan.gate.design, drift);
    const [power, n1, typeI, n0] = check.checks;
    expect(power.closedForm).toBeCloseTo(theory.reject, 12);
    expect(Math.abs(power.simulated.value - theory.reject)).toBeLessThanOrEqual(
      3 * power.simulated.mcse + 0.01,
    );
    expect(Math.abs(n1.simulated.value - n1.closedForm)).toBeLessThanOrEqual(
      3 * n1.simulated.mcse + 0.01 * n1.closedForm,
    );
    expect(Math.abs(typeI.simulated.value - 0.05)).toBeLessThanOrEqual(3 * typeI.simulated.mcse);
    expect(Math.abs(n0.simulated.value - n0.closedForm)).toBeLessThanOrEqual(
      3 * n0.simulated.mcse + 0.01 * n0.closedForm,
    );
  });
});
