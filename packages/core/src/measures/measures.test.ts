/**
 * The performance measures against rsimsum's own `.performance` (ellessenne/rsimsum commit
 * 6041ba7, sourced by packages/core/fixtures/scripts/measures.R) and, where rsimsum has no such
 * measure, against the definitions evaluated in measures.py. The sufficient statistics are
 * built here the way an accumulator would: Welford moment states, counts and sorted bounds.
 */
import { describe, expect, it } from 'vitest';
import { expectRelative } from '../test-utils/expectRelative.js';
import { loadFixture } from '../test-utils/fixtures.js';
import { biasEliminatedCoverageMeasure } from './biasEliminatedCoverageMeasure.js';
import { biasMeasure } from './biasMeasure.js';
import { coverageMeasure } from './coverageMeasure.js';
import { empiricalSEMeasure } from './empiricalSEMeasure.js';
import { lowerNoncoverageMeasure } from './lowerNoncoverageMeasure.js';
import { meanWidthMeasure } from './meanWidthMeasure.js';
import type { Measure } from './measure.js';
import { modelSEMeasure } from './modelSEMeasure.js';
import { addToMoments, createMoments, type MomentState } from './momentState.js';
import { mseMeasure } from './mseMeasure.js';
import { addToPairedMoments, createPairedMoments } from './pairedMoments.js';
import { rejectionRateMeasure } from './rejectionRateMeasure.js';
import { relativeBiasMeasure } from './relativeBiasMeasure.js';
import { relativeErrorModelSEMeasure } from './relativeErrorModelSEMeasure.js';
import { relativePrecisionGainMeasure } from './relativePrecisionGainMeasure.js';
import { rmseMeasure } from './rmseMeasure.js';
import { sortedRuns } from './sortedRuns.js';
import { upperNoncoverageMeasure } from './upperNoncoverageMeasure.js';

interface Reference {
  est: number | null;
  mcse: number | null;
}
interface Case {
  name: string;
  truth: number;
  est: number[];
  se: number[];
  lower: number[];
  upper: number[];
  ref: number[];
  rejected: number;
  rsimsum: Record<string, Reference>;
  independent: Record<'rmse' | 'lowerNoncoverage' | 'upperNoncoverage' | 'meanWidth', Reference>;
}
const fx = loadFixture<{ cases: Case[] }>('measures');

function moments(values: readonly number[]): MomentState {
  const state = createMoments();
  for (const x of values) addToMoments(state, x);
  return state;
}

/** Relative 1e-9, or an absolute floor of 1e-12 × the case's scale (for values that are 0 up to rounding). */
function check(label: string, actual: Measure, expected: Reference, scale: number): void {
  expect(expected.est, `${label}: the reference is finite`).not.toBeNull();
  expect(actual.degenerate, `${label} not degenerate`).toBe(false);
  expectRelative(actual.estimate, expected.est as number, 1e-9, 1e-12 * scale, `${label} estimate`);
  expectRelative(actual.mcse, expected.mcse as number, 1e-9, 1e-12 * scale, `${label} mcse`);
}

describe.each(fx.cases)('measures vs rsimsum: $name', (c) => {
  const n = c.est.length;
  const scale = Math.max(1, Math.abs(c.truth));
  const errors = moments(c.est.map((x) => x - c.truth));
  const estimates = moments(c.est);
  const squaredSEs = moments(c.se.map((s) => s * s));
  const squaredErrors = moments(c.est.map((x) => (x - c.truth) ** 2));
  const rs = c.rsimsum;

  it('bias, relative bias, empirical SE, MSE', () => {
    check('bias', biasMeasure(errors), rs.bias, scale);
    check('rbias', relativeBiasMeasure(errors, c.truth), rs.rbias, 1);
    check('empse', empiricalSEMeasure(estimates), rs.empse, scale);
    check('mse', mseMeasure(squaredErrors), rs.mse, scale * scale);
  });

  it('model SE and its relative error', () => {
    check('modelse', modelSEMeasure(squaredSEs), rs.modelse, scale);
    const relerror = relativeErrorModelSEMeasure(squaredSEs, estimates);
    if (rs.relerror.est === null) expect(relerror.degenerate).toBe(true);
    else check('relerror', relerror, rs.relerror, 100);
  });

  it('coverage, bias-eliminated coverage, rejection rate', () => {
    let covered = 0;
    for (let i = 0; i < n; i++) if (c.lower[i] <= c.truth && c.truth <= c.upper[i]) covered++;
    check('cover', coverageMeasure(covered, n), rs.cover, 1);
    const becover = biasEliminatedCoverageMeasure(
      sortedRuns(c.lower),
      sortedRuns(c.upper),
      n,
      estimates.mean,
    );
    check('becover', becover, rs.becover, 1);
    check('power', rejectionRateMeasure(c.rejected, n), rs.power, 1);
  });

  it('relative precision gain over the reference method (paired moments)', () => {
    const pair = createPairedMoments();
    for (let i = 0; i < n; i++) addToPairedMoments(pair, c.ref[i], c.est[i]);
    const gain = relativePrecisionGainMeasure(pair);
    if (rs.relprec.est === null) expect(gain.degenerate).toBe(true);
    else check('relprec', gain, rs.relprec, 100);
  });

  it('RMSE (delta method), lower and upper non-coverage, mean width (from the definitions)', () => {
    const ind = c.independent;
    check('rmse', rmseMeasure(squaredErrors), ind.rmse, scale);
    const below = c.lower.filter((l) => c.truth < l).length;
    const above = c.upper.filter((u) => c.truth > u).length;
    check('lower non-coverage', lowerNoncoverageMeasure(below, n), ind.lowerNoncoverage, 1);
    check('upper non-coverage', upperNoncoverageMeasure(above, n), ind.upperNoncoverage, 1);
    check(
      'mean width',
      meanWidthMeasure(moments(c.upper.map((u, i) => u - c.lower[i]))),
      ind.meanWidth,
      scale,
    );
  });
});
