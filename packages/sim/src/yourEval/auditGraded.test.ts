/**
 * audit and plan on a graded eval (issue 26 point 1): the studies redraw each question's epoch
 * scores from its own recorded ones (never the binomial shrinkage), run only the intervals and
 * tests analyze reports for graded scores, and say which 0/1 ones are not offered and why;
 * plan shifts B's recorded scores by the mixture and takes Miller's σ² from the recorded scores.
 * (The coverage of the headline interval on graded evals: headlineAudit.test.ts.)
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadItemPopulation } from '../population/loadItemPopulation.js';
import { knownTruthEval, knownTruthMatrix } from '../test-utils/knownTruthMatrix.js';
import { buildAudit } from './auditStudies.js';
import { buildPlan } from './planStudy.js';
import { populationCsv } from './populationCsv.js';

const dir = mkdtempSync(join(tmpdir(), 'evalsim-audit-graded-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function gradedEval(clustered: boolean, epochs: number) {
  const e = knownTruthEval({
    systems: ['a', 'b'],
    abilities: [1.2, 1.0],
    subjects: clustered ? 12 : 60,
    perSubject: clustered ? 5 : 1,
    epochs,
    seed: 9,
    graded: 0.8,
  });
  const file = join(dir, `graded-${clustered}-${epochs}.csv`);
  writeFileSync(file, populationCsv(knownTruthMatrix(e, clustered)).csv);
  return { file, population: loadItemPopulation(file) };
}

describe('audit on graded scores', () => {
  it('clusters, 3 epochs: graded redraws, the graded intervals only, the 0/1 ones named as not offered', () => {
    const { file, population } = gradedEval(true, 3);
    const audit = buildAudit({ populationFile: file, population, system: 'a', versus: 'b' });
    expect(audit.facts.scores).toBe('graded');
    expect(audit.facts.epochs).toBe(3);
    expect(audit.facts.truth.mode).toBe('observed');
    expect(audit.headline).toBe('clusteredCR2');
    expect(audit.methods).toEqual([
      'naiveT',
      'clusteredCR1',
      'clusteredCR2',
      'clusterBootstrap',
      'clusterBootstrapBca',
    ]);
    expect(audit.answers).toBeNull();
    expect(audit.hbbReplications).toBeNull();
    expect(audit.resampling.model?.params).toMatchObject({ epochs: 3 });
    expect(audit.resampling.model?.params).not.toHaveProperty('truth');
    expect(audit.paired.model?.params).not.toHaveProperty('truth');
    expect(audit.pairedTests.map((t) => t.id)).toEqual(['pairedCr2', 'pairedClustered', 'pairedZ']);
    expect(audit.notOffered?.intervals).toEqual(
      expect.arrayContaining(['wilson', 'jeffreys', 'kornGraubardWilson', 'hierarchicalBetaBinomial']),
    );
    expect(audit.notOffered?.pairedTests.join(' ')).toMatch(/tango.*mcnemar/i);
    expect(audit.notOffered?.reason).toMatch(/graded \(not 0\/1\)/);
    expect(() =>
      buildAudit({ populationFile: file, population, system: 'a', methods: ['wilson', 'naiveT'] }),
    ).toThrow(/--methods: wilson needs 0\/1 scores; .* has graded scores/);
  });

  it('no clusters, one epoch: naiveT and the paired t; two copies score alike (0 by construction)', () => {
    const { file, population } = gradedEval(false, 1);
    const audit = buildAudit({ populationFile: file, population, system: 'a', versus: 'b' });
    expect(audit.headline).toBe('naiveT');
    expect(audit.methods).toEqual(['naiveT']);
    expect(audit.pairedTests.map((t) => t.id)).toEqual(['pairedT', 'pairedZ']);
    expect(audit.pairedTests[0].headline).toBe(true);
    expect(audit.facts.copiesAnswerAlike).toBe(true);
    expect(audit.resampling.model?.params).not.toHaveProperty('epochs');
  });

  it('a 0/1 eval is unchanged: no notOffered, the 0/1 intervals and McNemar', () => {
    const e = knownTruthEval({
      systems: ['a', 'b'],
      abilities: [1.2, 1.0],
      subjects: 60,
      perSubject: 1,
      epochs: 1,
      seed: 9,
    });
    const file = join(dir, 'binary.csv');
    writeFileSync(file, populationCsv(knownTruthMatrix(e, false)).csv);
    const audit = buildAudit({
      populationFile: file,
      population: loadItemPopulation(file),
      system: 'a',
      versus: 'b',
    });
    expect(audit.facts.scores).toBe('binary');
    expect(audit.notOffered).toBeNull();
    expect(audit.methods).toContain('wilson');
    expect(audit.pairedTests[0].id).toBe('mcnemarChi2');
  });
});

describe('plan on graded scores', () => {
  it('mixture shift of the recorded scores, the CR2 paired t first, σ² from the recorded scores', () => {
    const { file, population } = gradedEval(true, 3);
    const plan = buildPlan({ populationFile: file, population, systems: ['a', 'b'], delta: 0.04 });
    expect(plan.scores).toBe('graded');
    expect(plan.shift).toBe('mixture');
    expect(plan.unit).toBe('clusters');
    expect(plan.tests[0]).toMatchObject({ id: 'pairedCr2', primary: true });
    expect(plan.config.model?.params).toMatchObject({ epochs: 3, shift: 'mixture' });
    expect(plan.config.model?.params).not.toHaveProperty('truth');
    // σ_A²: the mean over questions of the population variance of a's recorded scores.
    const a = population.systems.get('a');
    let within = 0;
    for (let q = 0; q < population.questionCount; q++) {
      const xs =
        a?.scores?.values.subarray(a.scores.offsets[q], a.scores.offsets[q + 1]) ?? new Float64Array(0);
      const m = xs.reduce((s, x) => s + x, 0) / xs.length;
      within += xs.reduce((s, x) => s + (x - m) ** 2, 0) / xs.length / population.questionCount;
    }
    expect(plan.parts.sigmaA2).toBeCloseTo(within, 14);
    expect(plan.parts.gap).toBeCloseTo(0.04, 10);
    expect(plan.miller.n).toBeGreaterThan(0);
    expect(() =>
      buildPlan({ populationFile: file, population, systems: ['a', 'b'], delta: 0.04, shift: 'logit' }),
    ).toThrow(/--shift logit: .* graded scores/);
    expect(() =>
      buildPlan({
        populationFile: file,
        population,
        systems: ['a', 'b'],
        delta: 0.04,
        design: 'independent',
      }),
    ).toThrow(/--design independent: .*graded scores; plan the paired design/);
  });
});
