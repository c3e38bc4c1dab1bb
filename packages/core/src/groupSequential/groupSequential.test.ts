/**
 * Group-sequential designs against R rpact (groupSequentialRpact.R; up to 10 looks, where rpact
 * is validated, to 1e-6) and against an independent Gauss–Legendre recursion converged to 1e-11
 * (groupSequential.py; up to 20 looks and looks that spend 1e-110, to 1e-9).
 */
import { describe, expect, it } from 'vitest';
import { expectRelative } from '../test-utils/expectRelative.js';
import { loadFixture } from '../test-utils/fixtures.js';
import {
  alphaSpent,
  boundaryCrossing,
  designCharacteristics,
  equalInformationRates,
  type GroupSequentialDesign,
  groupSequentialDesign,
  type SpendingFamily,
  stagewisePValues,
} from './index.js';

interface Common {
  name: string;
  spending: SpendingFamily;
  rho: number | null;
  alpha: number;
  sides: 1 | 2;
  beta: number;
  informationRates: number[];
  criticalValues: (number | 'Infinity')[];
  alphaSpent: number[];
  inflationFactor: number;
}
interface RpactCase extends Common {
  unvalidated: boolean;
  stageLevels: number[];
  nFixed: number;
  shift: number;
  rejectionProbabilities: number[];
  averageSampleNumber1: number;
  averageSampleNumber01: number;
  averageSampleNumber0: number;
  sampleSizeMeans: {
    alternative: number;
    stDev: number;
    maxNumberOfSubjects: number;
    expectedNumberOfSubjectsH1: number;
    expectedNumberOfSubjectsH0: number;
  };
}
interface ReferenceCase extends Common {
  criticalValues: number[];
  spendingTarget: number[];
  rejectUpper: number[];
  expectedH1: number;
  expectedHalf: number;
  expectedH0: number;
  stagewise: { look: number; z: number; p: number }[];
  convergence: { panels: [number, number]; criticalValues: number }[];
}
const rpact = loadFixture<{ cases: RpactCase[] }>('groupSequentialRpact').cases;
const reference = loadFixture<{ cases: ReferenceCase[] }>('groupSequential').cases;

function designOf(c: Common): GroupSequentialDesign {
  return groupSequentialDesign({
    alpha: c.alpha,
    sides: c.sides,
    spending: c.spending === 'power' ? { family: 'power', rho: c.rho as number } : { family: c.spending },
    informationRates: c.informationRates,
  });
}
const designs = new Map<string, GroupSequentialDesign>();
function cached(c: Common): GroupSequentialDesign {
  const key = JSON.stringify([c.alpha, c.sides, c.spending, c.rho, c.informationRates]);
  let d = designs.get(key);
  if (!d) {
    d = designOf(c);
    designs.set(key, d);
  }
  return d;
}

/** The α a look spends: α(t_k) − α(t_{k−1}). */
function increments(d: GroupSequentialDesign): number[] {
  return d.spendingTarget.map((v, k) => v - (k > 0 ? d.spendingTarget[k - 1] : 0));
}

describe('groupSequentialDesign vs rpact, to 1e-6 where rpact is accurate', () => {
  it('has the cases', () => expect(rpact.length).toBeGreaterThanOrEqual(13));
  it.each(rpact)('$name', (c) => {
    const d = cached(c);
    const spends = increments(d);
    c.criticalValues.forEach((v, k) => {
      if (spends[k] >= 1e-4) expectRelative(d.criticalValues[k], v as number, 0, 1e-6, `c_${k + 1}`);
    });
    c.alphaSpent.forEach((v, k) => {
      if (d.spendingTarget[k] >= 1e-4) expectRelative(d.alphaSpent[k], v, 1e-6, 0, `alphaSpent_${k + 1}`);
    });
    c.stageLevels.forEach((v, k) => {
      if (spends[k] >= 1e-4) expectRelative(d.nominalLevels[k] / c.sides, v, 1e-5, 0, `stageLevel_${k + 1}`);
    });
    // Characteristics cost 10–20 recursions each: every case up to 5 looks, one of 10 and the 20-look one.
    if (c.informationRates.length > 5 && c.name !== 'pocock-10-two' && c.name !== 'obf-20-two') return;
    const ch = designCharacteristics(d, 1 - c.beta);
    expectRelative(ch.nFixed, c.nFixed, 1e-12, 0, 'nFixed');
    expectRelative(ch.shift, c.shift, 1e-6, 0, 'shift');
    expectRelative(ch.inflationFactor, c.inflationFactor, 1e-6, 0, 'inflationFactor');
    ch.rejectUpper.forEach((v, k) => {
      expectRelative(v, c.rejectionProbabilities[k], 0, 1e-6, `reject_${k + 1}`);
    });
    expectRelative(ch.expectedH1, c.averageSampleNumber1, 1e-6, 0, 'ASN1');
    expectRelative(ch.expectedHalf, c.averageSampleNumber01, 1e-6, 0, 'ASN01');
    expectRelative(ch.expectedH0, c.averageSampleNumber0, 1e-6, 0, 'ASN0');
    // getSampleSizeMeans (one sample of paired differences, normal approximation): n_max = IF · nFixed · σ²/δ².
    const s = c.sampleSizeMeans;
    const nFixed = (ch.nFixed * s.stDev ** 2) / s.alternative ** 2;
    expectRelative(ch.inflationFactor * nFixed, s.maxNumberOfSubjects, 1e-6, 0, 'maxNumberOfSubjects');
    expectRelative(ch.expectedH1 * nFixed, s.expectedNumberOfSubjectsH1, 1e-6, 0, 'expected n H1');
    expectRelative(ch.expectedH0 * nFixed, s.expectedNumberOfSubjectsH0, 1e-6, 0, 'expected n H0');
  });
});

describe('where rpact is off (looks that spend almost nothing), evalsim matches the reference recursion', () => {
  const pairs = rpact.map((r) => [r, reference.find((c) => c.name === r.name) as ReferenceCase] as const);
  it('every rpact case has its reference', () =>
    expect(pairs.every(([, ref]) => ref !== undefined)).toBe(true));
  it("rpact gives no boundary at the two first of 20 O'Brien–Fleming looks (spending 2e-23 and 1e-11)", () => {
    const [r, ref] = pairs.find(([c]) => c.name === 'obf-20-two') as (typeof pairs)[number];
    expect(r.criticalValues.slice(0, 2)).toEqual(['Infinity', 'Infinity']);
    expect(r.alphaSpent[0]).toBeGreaterThan(1e6 * ref.spendingTarget[0]);
    expectRelative(cached(ref).criticalValues[0], ref.criticalValues[0], 0, 1e-9);
  });
  it('at looks spending less than 1e-5 rpact is off by more than 1e-6 (10 and 20 looks), evalsim is within 1e-9 of the reference', () => {
    let off = 0;
    for (const [r, ref] of pairs) {
      const d = cached(ref);
      increments(d).forEach((spend, k) => {
        if (spend >= 1e-5) return;
        const rv =
          r.criticalValues[k] === 'Infinity' ? Number.POSITIVE_INFINITY : (r.criticalValues[k] as number);
        if (Math.abs(rv - ref.criticalValues[k]) > 1e-6) off++;
        expectRelative(d.criticalValues[k], ref.criticalValues[k], 0, 1e-9, `${r.name} c_${k + 1}`);
      });
    }
    expect(off).toBeGreaterThanOrEqual(4);
  });
});

describe('groupSequentialDesign vs the independent recursion (to 1e-9)', () => {
  it('the reference converged: its last doubling of panels moved no boundary by 1e-10', () => {
    for (const c of reference) {
      const last = c.convergence[c.convergence.length - 1];
      expect(last.criticalValues).toBeLessThan(1e-10);
      expect(c.convergence[0].criticalValues).toBeGreaterThan(last.criticalValues);
    }
  });
  it.each(reference)('$name', (c) => {
    const d = cached(c);
    c.criticalValues.forEach((v, k) => {
      expectRelative(d.criticalValues[k], v, 0, 1e-9, `c_${k + 1}`);
    });
    c.alphaSpent.forEach((v, k) => {
      expectRelative(d.alphaSpent[k], v, 1e-9, 0, `alphaSpent_${k + 1}`);
    });
    c.spendingTarget.forEach((v, k) => {
      expectRelative(alphaSpent(d.spending, c.informationRates[k], c.alpha, c.sides), v, 1e-12);
    });
    const p = stagewisePValues(d);
    for (const s of c.stagewise) expectRelative(p(s.look, s.z), s.p, 1e-9, 1e-12, `p(${s.look}, ${s.z})`);
  });
  it.each(reference.filter((c) => c.informationRates.length <= 5 || c.name === 'obf-20-two'))(
    '$name: characteristics',
    (c) => {
      const ch = designCharacteristics(cached(c), 1 - c.beta);
      expectRelative(ch.inflationFactor, c.inflationFactor, 1e-9, 0, 'inflationFactor');
      expectRelative(ch.expectedH1, c.expectedH1, 1e-9, 0, 'expected H1');
      expectRelative(ch.expectedHalf, c.expectedHalf, 1e-9, 0, 'expected half');
      expectRelative(ch.expectedH0, c.expectedH0, 1e-9, 0, 'expected H0');
      ch.rejectUpper.forEach((v, k) => {
        expectRelative(v, c.rejectUpper[k], 1e-8, 1e-12, `reject_${k + 1}`);
      });
    },
  );
});

describe('the design', () => {
  const d = groupSequentialDesign({
    alpha: 0.05,
    spending: { family: 'pocock' },
    informationRates: equalInformationRates(5),
  });
  it('spends α under H0 and its stage-wise p-value agrees with the boundaries', () => {
    expectRelative(boundaryCrossing(d, 0).reject, 0.05, 1e-9);
    const p = stagewisePValues(d);
    for (let k = 1; k <= 5; k++) {
      const c = d.criticalValues[k - 1];
      expect(p(k, c + 1e-6)).toBeLessThanOrEqual(0.05);
      expect(p(k, c - 1e-6)).toBeGreaterThan(k === 5 ? 0.05 : d.alphaSpent[k - 1] - 1e-12);
      expect(p(k, -(c + 1e-6))).toBeLessThanOrEqual(0.05);
    }
    expect(p(5, 0)).toBeGreaterThan(0.05);
  });
  it('is one look at 1: the fixed-sample test', () => {
    const one = groupSequentialDesign({ alpha: 0.05, spending: { family: 'obf' }, informationRates: [1] });
    expectRelative(one.criticalValues[0], 1.959963984540054, 1e-13);
    expectRelative(designCharacteristics(one).inflationFactor, 1, 1e-9);
  });
});

describe('bad input is named', () => {
  const base = { alpha: 0.05, spending: { family: 'obf' as const } };
  it('looks out of order, beyond 1, or not ending at 1', () => {
    expect(() => groupSequentialDesign({ ...base, informationRates: [0.5, 0.3, 1] })).toThrow(
      /^informationRates: looks must come in increasing order: look 2 \(0\.3\) is not after look 1 \(0\.5\)/,
    );
    expect(() => groupSequentialDesign({ ...base, informationRates: [0.5, 0.5, 1] })).toThrow(
      /increasing order/,
    );
    expect(() => groupSequentialDesign({ ...base, informationRates: [0.5, 1.2] })).toThrow(/look 2 is 1\.2/);
    expect(() => groupSequentialDesign({ ...base, informationRates: [0.5, 0.9] })).toThrow(
      /last look must be at 1/,
    );
    expect(() => groupSequentialDesign({ ...base, informationRates: [] })).toThrow(/at least one look/);
    expect(() => equalInformationRates(0)).toThrow(/^looks: /);
    expect(() => equalInformationRates(101)).toThrow(/^looks: must be at most 100/);
  });
  it('alpha outside (0, 1), a spending family or exponent that is not one', () => {
    for (const alpha of [0, 1, -0.1, 1.5, Number.NaN])
      expect(() => groupSequentialDesign({ ...base, alpha, informationRates: [1] })).toThrow(
        /^alpha: must be in \(0, 1\)/,
      );
    expect(() =>
      groupSequentialDesign({ alpha: 0.05, spending: { family: 'hsd' as never }, informationRates: [1] }),
    ).toThrow(/^spending: must be one of obf, pocock, power/);
    expect(() =>
      groupSequentialDesign({ alpha: 0.05, spending: { family: 'power' }, informationRates: [1] }),
    ).toThrow(/^rho: /);
    expect(() =>
      groupSequentialDesign({ alpha: 0.05, spending: { family: 'power', rho: 0 }, informationRates: [1] }),
    ).toThrow(/^rho: /);
    expect(() => groupSequentialDesign({ ...base, sides: 3 as never, informationRates: [1] })).toThrow(
      /^sides: /,
    );
    expect(() =>
      designCharacteristics(groupSequentialDesign({ ...base, informationRates: [1] }), 0.01),
    ).toThrow(/^power: /);
  });
  it('a look beyond the design', () => {
    const p = stagewisePValues(groupSequentialDesign({ ...base, informationRates: [0.5, 1] }));
    expect(() => p(3, 2)).toThrow(/^look: must be at most the design's 2 looks, got 3/);
  });
});
