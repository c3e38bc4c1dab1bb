/**
 * An audit you can act on (issue 26 point 6): on a 3-epoch eval of 25 subjects × 12 questions
 * from the known-truth generator, the audit's advice is the same for 5 seeds (it starts from
 * analyze's headline interval and decides with 2 MCSE, instead of picking the narrowest interval
 * just inside the band); percentages keep their decimal; an undecided verdict says how many
 * replications would decide it; with one answer per question two copies cannot disagree, so the
 * false-win rates are labelled 0 by construction instead of shown as measured.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validateStudy } from '../config/validateStudy.js';
import { loadItemPopulation } from '../population/loadItemPopulation.js';
import { runStudy } from '../runner/runStudy.js';
import { knownTruthEval, knownTruthMatrix } from '../test-utils/knownTruthMatrix.js';
import { AUDIT_RESAMPLES, buildAudit } from './auditStudies.js';
import { bradleyVerdict, replicationsToDecide, summarizeAudit, verdictMcse } from './auditSummary.js';
import { populationCsv } from './populationCsv.js';

const dir = mkdtempSync(join(tmpdir(), 'evalsim-audit-advice-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function evalFile(epochs: number): string {
  const e = knownTruthEval({ subjects: 25, perSubject: 12, epochs, seed: 11 });
  const file = join(dir, `eval-${epochs}.csv`);
  writeFileSync(file, populationCsv(knownTruthMatrix(e)).csv);
  return file;
}

async function audit(file: string, seed: number, methods?: string[]) {
  const built = buildAudit({
    populationFile: file,
    population: loadItemPopulation(file),
    system: 'gpt-x',
    versus: 'openai/gpt-x',
    // The audit's default: 2,000 replications (MCSE ≈ 0.005, 2 MCSE ≈ 0.01).
    seed,
    ...(methods ? { methods } : {}),
  });
  const run = async (config: typeof built.resampling) =>
    (await runStudy(await validateStudy(config, dir), { workers: 0 })).rows;
  return {
    built,
    summary: summarizeAudit(built, {
      resampling: await run(built.resampling),
      parametric: [],
      paired: await run(built.paired),
    }),
  };
}

describe('the same advice for 5 seeds', () => {
  it('3 epochs, 25 clusters: analyze’s CR2 holds at every seed; the recommendation names it first', async () => {
    const file = evalFile(3);
    const advice: string[] = [];
    for (const seed of [1, 2, 3, 4, 5]) {
      const { built, summary } = await audit(file, seed, [
        'naiveT',
        'clusteredCR1',
        'clusteredCR2',
        'clusterBootstrap',
      ]);
      expect(built.facts.epochs).toBe(3);
      expect(built.headline).toBe('clusteredCR2');
      expect(summary.headline!.verdict).toBe('holds');
      advice.push(summary.recommendation.split(':')[0]);
      // One decimal everywhere: no "93%" for 92.5%.
      for (const m of summary.recommendation.matchAll(/(\d+(?:\.\d+)?)%/g)) expect(m[1]).toMatch(/\.\d$/);
    }
    expect(new Set(advice).size).toBe(1);
    expect(advice[0]).toMatch(
      /^At 300 questions in 25 clusters, 3 epochs scored as their mean, analyze's headline interval clusteredCR2 holds/,
    );
  });
});

describe('verdicts with their Monte Carlo error', () => {
  it('every replication covering is not "too high" at a few replications (Agresti–Coull MCSE), but is with many', () => {
    // 5 of 5: the binomial MCSE is 0; c̃ = 7/9, √(c̃(1 − c̃)/9) = 0.139 — a true 0.95 gives 5/5 77% of the time.
    expect(bradleyVerdict({ value: 1, mcse: 0 }, 0.95)).toBe('too high');
    expect(bradleyVerdict({ value: 1, mcse: 0 }, 0.95, 5)).toBe('undecided');
    expect(verdictMcse({ value: 1, mcse: 0 }, 5)).toBeCloseTo(Math.sqrt(((7 / 9) * (2 / 9)) / 9), 12);
    // 200 of 200: c̃ = 202/204, MCSE 0.0069, 1 − 2·MCSE = 0.986 > 0.975: too high, rightly.
    expect(bradleyVerdict({ value: 1, mcse: 0 }, 0.95, 200)).toBe('too high');
    // Away from 0 and 1 the verdict is the binomial one (R = 2,000, c = 0.95: MCSE within 1%).
    const binomial = Math.sqrt((0.95 * 0.05) / 2000);
    expect(verdictMcse({ value: 0.95, mcse: binomial }, 2000) / binomial).toBeLessThan(1.01);
    // What an undecided 5 of 5 needs: c̃ = 7/9, d = MCSE/2 = 0.0693, 4c̃(1 − c̃)/d² = 144 → 200.
    expect(replicationsToDecide({ value: 1, mcse: 0 }, [0.925, 0.975], 5)).toBe(200);
  });

  it('holds / undecided / too low at 2 MCSE, and the replications an undecided one needs', () => {
    expect(bradleyVerdict({ value: 0.95, mcse: 0.005 }, 0.95)).toBe('holds');
    expect(bradleyVerdict({ value: 0.925, mcse: 0.008 }, 0.95)).toBe('undecided');
    expect(bradleyVerdict({ value: 0.9, mcse: 0.005 }, 0.95)).toBe('too low');
    expect(bradleyVerdict({ value: 0.99, mcse: 0.002 }, 0.95)).toBe('too high');
    // 0.931 with d = 0.006 from 0.925: R = 4·0.931·0.069/0.006² = 7,137 → 8,000.
    expect(replicationsToDecide({ value: 0.931, mcse: 0.008 }, [0.925, 0.975])).toBe(8000);
    // On the edge (0.925 at R = 200, MCSE √(0.925·0.075/200) = 0.0186): d is taken as MCSE/2 = 0.0093,
    // R = 4·0.925·0.075/0.0093² = 3,208 → 4,000 (not the 30,000,000 that d → 0 gave).
    const mcse = Math.sqrt((0.925 * 0.075) / 200);
    expect(replicationsToDecide({ value: 0.925, mcse }, [0.925, 0.975])).toBe(4000);
    expect(AUDIT_RESAMPLES).toBe(2000);
  });
  it('one answer per question: the false-win rates are 0 by construction, labelled so', async () => {
    const { built, summary } = await audit(evalFile(1), 1, ['clusteredCR2']);
    expect(built.facts.copiesAnswerAlike).toBe(true);
    for (const p of summary.paired) {
      expect(p.falseWinByConstruction).toBe(true);
      expect(p.falseWin).toEqual({ value: 0, mcse: 0 });
    }
    expect(summary.recommendation).toMatch(/the false-win rates are 0 by construction, not measured/);
    // With 3 epochs the copies answer independently: measured.
    const three = await audit(evalFile(3), 1, ['clusteredCR2']);
    expect(three.summary.paired.every((p) => !p.falseWinByConstruction)).toBe(true);
    expect(three.summary.paired[0].falseWin.mcse).toBeGreaterThan(0);
  });
});
