/**
 * Epochs everywhere, audit (issue 26 point 5): on a 3-epoch eval (known-truth generator, 25
 * subjects × 40 questions) the audit simulates 3 answers per question scored by their mean —
 * what analyze reports — so the coverage it reports is the coverage of analyze's intervals: it
 * matches true reruns of the generator (new subjects, questions and answers; truth its
 * population accuracy) within Monte Carlo error plus a margin for the resampling approximation
 * (one eval's clusters stand in for the generator's: 0.04), while the one-answer audit of before
 * is far off for the naive interval (the issue: 78.5% reported against 65.2% on epoch means).
 */

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clusteredInterval } from '@evalsim/core';
import { afterAll, describe, expect, it } from 'vitest';
import { validateStudy } from '../config/validateStudy.js';
import { loadItemPopulation } from '../population/loadItemPopulation.js';
import { runStudy } from '../runner/runStudy.js';
import { knownTruthEval, knownTruthMatrix } from '../test-utils/knownTruthMatrix.js';
import { buildAudit } from './auditStudies.js';
import { summarizeAudit } from './auditSummary.js';
import { populationCsv } from './populationCsv.js';

const dir = mkdtempSync(join(tmpdir(), 'evalsim-audit-epochs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Coverage of the naive t and CR2 intervals of system 0's epoch-mean score over true reruns. */
function rerunCoverage(reruns: number) {
  let naive = 0;
  let cr2 = 0;
  let truth = 0;
  for (let r = 0; r < reruns; r++) {
    const e = knownTruthEval({ seed: 5000 + r, systems: ['a'], abilities: [1.3] });
    truth = e.truth[0].population;
    const Q = e.questions.length;
    const x = Float64Array.from(
      { length: Q },
      (_, q) => (e.answers[0][3 * q] + e.answers[0][3 * q + 1] + e.answers[0][3 * q + 2]) / 3,
    );
    const own = Int32Array.from({ length: Q }, (_, q) => q);
    const n = clusteredInterval(x, own, { estimator: 'cr1', critical: 't' });
    const c = clusteredInterval(x, e.subjectOf, { estimator: 'cr2' });
    if (n.lower <= truth && truth <= n.upper) naive++;
    if (c.lower <= truth && truth <= c.upper) cr2++;
  }
  return { naive: naive / reruns, cr2: cr2 / reruns };
}

describe('the audit scores epoch means, as analyze reports them', () => {
  it('coverage of naive t and CR2 on epoch means matches true reruns; the one-answer audit does not', async () => {
    const e = knownTruthEval({ seed: 4242, systems: ['a'], abilities: [1.3] });
    const file = join(dir, 'eval.csv');
    writeFileSync(file, populationCsv(knownTruthMatrix(e)).csv);
    const population = loadItemPopulation(file);
    const run = async (epochs: number) => {
      const audit = buildAudit({
        populationFile: file,
        population,
        system: 'a',
        methods: ['naiveT', 'clusteredCR2'],
        replications: 2000,
        epochs,
      });
      const rows = (await runStudy(await validateStudy(audit.resampling, dir), { workers: 0 })).rows;
      return { audit, summary: summarizeAudit(audit, { resampling: rows, parametric: [], paired: [] }) };
    };
    const means = await run(3);
    const single = await run(1);
    expect(means.audit.resampling.model!.params).toMatchObject({ epochs: 3, truth: 'shrunk' });
    const reruns = 400;
    const truth = rerunCoverage(reruns);
    const cov = (s: typeof means.summary, m: string) => s.resampling.find((r) => r.method === m)!.coverage;
    for (const m of ['naiveT', 'clusteredCR2'] as const) {
      const ours = cov(means.summary, m);
      const theirs = m === 'naiveT' ? truth.naive : truth.cr2;
      const mc = 3 * Math.hypot(ours.mcse, Math.sqrt((theirs * (1 - theirs)) / reruns));
      expect(
        Math.abs(ours.value - theirs),
        `${m}: audit ${ours.value} vs reruns ${theirs}`,
      ).toBeLessThanOrEqual(mc + 0.04);
    }
    // One answer per question (the audit before issue 26): naive coverage far above the epoch means'.
    expect(cov(single.summary, 'naiveT').value - cov(means.summary, 'naiveT').value).toBeGreaterThan(0.08);
  });
});
