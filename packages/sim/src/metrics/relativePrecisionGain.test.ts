/**
 * relativePrecisionGain: the adapter against core on known pairs, its option check, and
 * through runStudy on two estimators of known relative efficiency — the mean of all N = 100
 * Bernoulli(½) items against the mean of the first half of them (a user module): the full
 * mean's variance is half the half-mean's, so its gain over the half-mean is exactly +100%,
 * and ρ = √½. The Monte Carlo check uses the metric's own MCSE (≈ 4.5 points at 4,000
 * replications) with 4 MCSE (a swapped ratio would give −50%); the MCSE itself is checked to
 * lie near 200·2·√(½/3,999), the paired formula (an unpaired one would be √2 larger).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addToPairedMoments, createPairedMoments, relativePrecisionGainMeasure } from '@evalsim/core';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createMethodResult } from '../base/methodResult.js';
import { validateStudy } from '../config/validateStudy.js';
import { runStudy } from '../runner/runStudy.js';
import { relativePrecisionGain } from './relativePrecisionGain.js';

const HALF = `export default {
  name: 'firstHalfMean',
  description: 'Mean of the items of the first half of the clusters.',
  kind: 'interval',
  accepts: ['clusteredScores'],
  create() {
    return (data, _rng, out) => {
      const k = Math.floor(data.clusterCount / 2);
      let x = 0;
      let n = 0;
      for (let c = 0; c < k; c++) { x += data.totals[c]; n += data.sizes[c]; }
      out.estimate = x / n; out.se = NaN; out.lower = NaN; out.upper = NaN;
      out.pTwoSided = NaN; out.pGreater = NaN; out.pLess = NaN; out.degenerate = false;
    };
  },
};
`;

describe('relativePrecisionGain', () => {
  it('equals core on the paired moments of (reference, this) estimates, skipping non-finite pairs', () => {
    const context = { methods: ['ref', 'me'], method: 1 };
    const accumulator = relativePrecisionGain.create({ reference: 'ref' }, context);
    const pair = createPairedMoments();
    const a = [0.1, 0.4, 0.35, 0.8, Number.NaN, 0.5];
    const b = [0.2, 0.3, 0.36, 0.6, 0.4, Number.NaN];
    for (let i = 0; i < a.length; i++) {
      const ref = createMethodResult();
      const me = createMethodResult();
      ref.estimate = a[i];
      me.estimate = b[i];
      accumulator.add(me, 0, [ref, me]);
      if (Number.isFinite(a[i]) && Number.isFinite(b[i])) addToPairedMoments(pair, a[i], b[i]);
    }
    const expected = relativePrecisionGainMeasure(pair);
    const value = accumulator.result();
    expect(value.value).toBe(expected.estimate);
    expect(value.mcse).toBe(expected.mcse);
  });

  it('names an unknown reference with the study’s method ids', () => {
    expect(() =>
      relativePrecisionGain.create({ reference: 'wlad' }, { methods: ['wald', 'x'], method: 1 }),
    ).toThrow(
      /reference: got "wlad"; allowed: the id of a method of this study \(wald, x\); did you mean wald\?/,
    );
  });

  it('through runStudy: the full mean gains +100% over the half mean, within 4 MCSE; same numbers on 0 and 2 workers', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'evalsim-relprec-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(join(dir, 'half.mjs'), HALF);
    const config = {
      name: 'relprec',
      title: 'Relative precision',
      seed: 11,
      replications: 4000,
      model: { name: 'betaBinomialClusters', params: { p: 0.5, rho: 0, clusters: 20, m: 5 } },
      methods: [
        { id: 'half', module: './half.mjs' },
        { id: 'all', method: 'wald' },
      ],
      metrics: [{ metric: 'relativePrecisionGain', reference: 'half' }],
    };
    const study = await validateStudy(config, dir);
    const inProcess = await runStudy(study, { workers: 0 });
    const threaded = await runStudy(study, { workers: 2, chunkSize: 300 });
    const row = (run: typeof inProcess, method: string) => run.rows.find((r) => r.method === method)!;
    expect(row(threaded, 'all').value).toBe(row(inProcess, 'all').value);
    expect(row(threaded, 'all').mcse).toBe(row(inProcess, 'all').mcse);
    const { value, mcse } = row(inProcess, 'all');
    // MCSE: 200·2·√((1 − ½)/3999) ≈ 4.5 points (the ratio and ρ estimated, so approximately).
    expect(mcse).toBeGreaterThan(3.5);
    expect(mcse).toBeLessThan(5.5);
    expect(Math.abs(value - 100)).toBeLessThan(4 * mcse);
    expect(row(inProcess, 'half').value).toBe(0); // the reference against itself
  });
});
