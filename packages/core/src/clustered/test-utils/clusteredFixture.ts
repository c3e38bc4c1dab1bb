/**
 * Test helpers: the committed reference fixture (packages/core/fixtures/clustered.json,
 * made by fixtures/scripts/clustered.py + clustered.R) and a relative-error matcher that
 * remembers the largest error per label (printed when REPORT_ERRORS=1).
 */
import { readFileSync } from 'node:fs';
import { afterAll, expect } from 'vitest';

export interface FixtureInterval {
  estimator: 'miller' | 'cr1' | 'cr2';
  critical: 'z' | 't';
  level: number;
  lower: number;
  upper: number;
}

export interface FixtureDataset {
  name: string;
  kind: 'binary' | 'continuous';
  scores: number[];
  clusters: Array<string | number>;
  reference: {
    K: number;
    N: number;
    mean: number;
    naiveVariance: number;
    millerVariance: number;
    cr1Variance: number;
    statsmodelsClusterVariance: number;
    statsmodelsClusterVarianceNoCorrection: number;
    statsmodelsDfResidInference: number;
    cr2VarianceMatrix: number;
    cr2DfMatrix: number;
    icc: { msb: number; msw: number; n0: number; rho: number };
    intervals: FixtureInterval[];
  };
  r: {
    vcovCL_HC0_cadjust: number;
    vcovCL_HC0_nocadjust: number;
    vcovCL_HC1_cadjust: number;
    vcovCL_HC1_nocadjust: number;
    vcovCL_HC2_cadjust: number;
    vcovCL_HC2_nocadjust: number;
    clubSandwich_CR2: number;
    clubSandwich_CR2_df: number;
    clubSandwich_CR1: number;
    aov_msb: number;
    aov_msw: number;
  };
}

export interface DesignEffectCase {
  sizes: number[];
  rho: number;
  meanSize: number;
  cvPopulation: number;
  cvSample: number;
  exactDesignEffect: number;
}

export interface ClusteredFixture {
  datasets: FixtureDataset[];
  designEffect: DesignEffectCase[];
}

export const fixture: ClusteredFixture = JSON.parse(
  readFileSync(new URL('../../../fixtures/clustered.json', import.meta.url), 'utf8'),
);

const largest = new Map<string, number>();

/** Asserts |actual − expected| ≤ tol·|expected| and records the error under `label`. */
export function expectRelClose(label: string, actual: number, expected: number, tol = 1e-9): void {
  const err = expected === 0 ? Math.abs(actual) : Math.abs(actual - expected) / Math.abs(expected);
  largest.set(label, Math.max(largest.get(label) ?? 0, err));
  expect(err, `${label}: ${actual} vs ${expected}`).toBeLessThanOrEqual(tol);
}

afterAll(() => {
  if (process.env.REPORT_ERRORS) {
    for (const [label, err] of largest) console.log(`max rel error ${label}: ${err.toExponential(2)}`);
  }
});
