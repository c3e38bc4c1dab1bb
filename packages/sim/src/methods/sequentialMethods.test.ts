/**
 * The sequential methods on `sequentialPairedCounts`: groupSequentialTest against core's design
 * and stage-wise p-values, anytimeValidTest against core's sequences of always-valid p-values
 * (with one question per look its order is the data's; with larger batches the within-batch
 * order is drawn, and the counts it reports must be the batch's), and the planned-look errors.
 */
import {
  bettingPValues,
  createDifferenceTestOut,
  discordantPairsPrior,
  discordantPairsPValues,
  equalInformationRates,
  groupSequentialDesign,
  mixtureSprtPValues,
  mixtureSprtTau2,
  pairedDifferenceFromSums,
  stagewisePValues,
} from '@evalsim/core';
import { describe, expect, it } from 'vitest';
import type { SequentialPairedCounts } from '../base/dataKinds.js';
import { createMethodResult, type MethodResult } from '../base/methodResult.js';
import { SeededStream } from '../rng/index.js';
import { anytimeValidTest } from './anytimeValidTest.js';
import { groupSequentialTest } from './groupSequentialTest.js';
import { stopAtFirstSignificant } from './stopAtFirstSignificant.js';

const LEVEL = { level: 0.95 };

/** Per-question outcomes (+1 only first right, −1 only second right, 0 concordant) as cumulative counts per look of `batch`. */
function countsOf(outcomes: readonly number[], batch: number): SequentialPairedCounts {
  const looks = Math.floor(outcomes.length / batch);
  const data: SequentialPairedCounts = {
    kind: 'sequentialPairedCounts',
    looks,
    items: new Float64Array(looks),
    onlyFirst: new Float64Array(looks),
    onlySecond: new Float64Array(looks),
  };
  let b = 0;
  let c = 0;
  for (let k = 0; k < looks; k++) {
    for (let i = k * batch; i < (k + 1) * batch; i++) {
      if (outcomes[i] === 1) b++;
      else if (outcomes[i] === -1) c++;
    }
    data.items[k] = (k + 1) * batch;
    data.onlyFirst[k] = b;
    data.onlySecond[k] = c;
  }
  return data;
}

/** Deterministic outcomes: each discordant with probability q, first right on it with probability θ. */
function outcomes(n: number, q: number, theta: number, seed: number): number[] {
  const rng = new SeededStream(seed, 0);
  return Array.from({ length: n }, () => (rng.uniform() < q ? (rng.uniform() < theta ? 1 : -1) : 0));
}

function run(
  method: typeof groupSequentialTest,
  options: Record<string, unknown>,
  data: SequentialPairedCounts,
  seed = 1,
): MethodResult {
  const out = createMethodResult();
  method.create(options, LEVEL)(data, new SeededStream(seed, 0), out);
  return out;
}

describe('groupSequentialTest', () => {
  const data = countsOf(outcomes(2000, 0.3, 0.6, 5), 400);
  it('stops at the first look whose paired z crosses the design’s boundary; its p is the stage-wise p-value', () => {
    const design = groupSequentialDesign({
      alpha: 0.05,
      spending: { family: 'pocock' },
      informationRates: equalInformationRates(5),
    });
    const p = stagewisePValues(design);
    const scratch = createDifferenceTestOut();
    let stop = 4;
    let z = 0;
    for (let k = 0; k < 5; k++) {
      z = pairedDifferenceFromSums(
        data.items[k],
        data.onlyFirst[k] - data.onlySecond[k],
        data.onlyFirst[k] + data.onlySecond[k],
        0.95,
        scratch,
      ).statistic;
      if (Math.abs(z) >= design.criticalValues[k]) {
        stop = k;
        break;
      }
    }
    const out = run(groupSequentialTest, { spending: 'pocock' }, data);
    expect(out.sampleSize).toBe(data.items[stop]);
    expect(out.pTwoSided).toBe(p(stop + 1, z));
    expect(out.estimate).toBe((data.onlyFirst[stop] - data.onlySecond[stop]) / data.items[stop]);
    expect(out.pTwoSided <= 0.05).toBe(Math.abs(z) >= design.criticalValues[stop]);
  });
  it('one planned look is the fixed paired z test there', () => {
    const fixed = run(groupSequentialTest, { looks: 1, maxQuestions: 1200 }, data);
    const scratch = createDifferenceTestOut();
    const k = 2;
    const test = pairedDifferenceFromSums(
      1200,
      data.onlyFirst[k] - data.onlySecond[k],
      data.onlyFirst[k] + data.onlySecond[k],
      0.95,
      scratch,
    );
    expect(fixed.sampleSize).toBe(1200);
    expect(fixed.pTwoSided).toBeCloseTo(test.pValue, 9);
  });
  it('names planned looks the data does not have', () => {
    expect(() => run(groupSequentialTest, { looks: 3, maxQuestions: 2000 }, data)).toThrow(
      /groupSequentialTest: planned look 1 of 3 at 667 questions is not a look of the data \(looks every 400 questions\)/,
    );
    expect(() => run(groupSequentialTest, { maxQuestions: 2400 }, data)).toThrow(
      /maxQuestions 2400 is beyond the data's last look at 2000 questions/,
    );
    expect(() => run(groupSequentialTest, { looks: 4, maxQuestions: 800 }, data)).toThrow(
      /is not a look of the data/,
    );
    expect(() => groupSequentialTest.create({ spending: 'hsd' }, LEVEL)).toThrow(/spending/);
  });
});

describe('anytimeValidTest', () => {
  const seq = outcomes(3000, 0.2, 0.62, 11);
  const perQuestion = countsOf(seq, 1);
  const firstBelow = (p: Float64Array) => {
    for (let i = 0; i < p.length; i++) if (p[i] <= 0.05) return i;
    return p.length - 1;
  };
  it('betting: stops where core’s always-valid p-value of the per-question differences first reaches α', () => {
    const p = bettingPValues(
      Float64Array.from(seq, (d) => (d + 1) / 2),
      0.5,
      { alpha: 0.05 },
    );
    const at = firstBelow(p);
    const out = run(anytimeValidTest, { test: 'betting' }, perQuestion);
    expect(out.sampleSize).toBe(at + 1);
    expect(out.pTwoSided).toBeCloseTo(p[at], 12); // α = 1 − 0.95 differs from 0.05 in the last bits
  });
  it('msprt and betaBinomial: the same on the discordant signs', () => {
    const signs = seq.filter((d) => d !== 0);
    const position = seq.map((d, i) => (d !== 0 ? i : -1)).filter((i) => i >= 0);
    const msprt = mixtureSprtPValues(signs, { sigma2: 1, tau2: mixtureSprtTau2(80, 1, 0.05) });
    const bb = discordantPairsPValues(signs, discordantPairsPrior(80, 0.05));
    for (const [test, p] of [
      ['msprt', msprt],
      ['betaBinomial', bb],
    ] as const) {
      const at = firstBelow(p);
      const out = run(anytimeValidTest, { test, plannedPairs: 80 }, perQuestion);
      expect(out.sampleSize).toBe(position[at] + 1);
      expect(out.pTwoSided).toBeCloseTo(p[at], 12);
    }
  });
  it('a batch’s questions in a drawn order: stopping inside a batch, with counts the batch can hold', () => {
    const batched = countsOf(seq, 500);
    for (const test of ['betting', 'msprt', 'betaBinomial']) {
      const sizes = new Set<number>();
      for (let seed = 1; seed <= 20; seed++) {
        const out = run(anytimeValidTest, { test }, batched, seed);
        expect(out.pTwoSided).toBeLessThanOrEqual(0.05);
        expect(out.sampleSize).toBeGreaterThan(0);
        expect(out.sampleSize).toBeLessThanOrEqual(3000);
        const look = Math.ceil(out.sampleSize / 500) - 1;
        const before = look > 0 ? batched.onlyFirst[look - 1] - batched.onlySecond[look - 1] : 0;
        const diff = out.estimate * out.sampleSize - before;
        expect(Math.abs(diff)).toBeLessThanOrEqual(out.sampleSize - look * 500);
        sizes.add(out.sampleSize);
      }
      expect(sizes.size).toBeGreaterThan(1);
    }
  });
  it('runs to maxQuestions without rejecting under no difference, and names a maximum the data lacks', () => {
    const none = countsOf(outcomes(1000, 0.2, 0.5, 3), 100);
    const out = run(anytimeValidTest, { test: 'betaBinomial', maxQuestions: 600 }, none);
    if (out.pTwoSided > 0.05) expect(out.sampleSize).toBe(600);
    expect(() => run(anytimeValidTest, { maxQuestions: 650 }, none)).toThrow(
      /anytimeValidTest: maxQuestions 650 is not a look of the data/,
    );
    expect(() => run(anytimeValidTest, { maxQuestions: 5000 }, none)).toThrow(
      /beyond the data's last look at 1000/,
    );
  });
});

describe('stopAtFirstSignificant reports where it stopped', () => {
  it('sampleSize = the questions seen by the stopping look', () => {
    const data = countsOf(outcomes(2000, 0.3, 0.5, 2), 200);
    const out = run(stopAtFirstSignificant, {}, data);
    expect(data.items).toContain(out.sampleSize);
  });
});
