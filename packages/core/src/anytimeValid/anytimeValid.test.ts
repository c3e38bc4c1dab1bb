/**
 * Anytime-valid inference against an independent numpy transcription of the papers' formulas
 * (fixtures/scripts/anytimeValid.py): Howard et al.'s normal mixture and its bounded-mean
 * confidence sequence, Johari et al.'s mixture SPRT, Waudby-Smith & Ramdas's hedged betting
 * confidence sequence (numpy cumprod over candidate means and scipy brentq there, bisection on
 * one pass here), and the beta-binomial e-process of the discordant pairs (confseq's
 * BetaBinomialMixture formula there, the sequential update here).
 */
import { describe, expect, it } from 'vitest';
import { expectRelative } from '../test-utils/expectRelative.js';
import { loadFixture } from '../test-utils/fixtures.js';
import {
  bettingConfidenceSequence,
  bettingPValues,
  boundedMeanNormalMixture,
  discordantPairsLogE,
  discordantPairsPrior,
  discordantPairsPValues,
  HedgedCapital,
  mixtureSprtLogRatio,
  mixtureSprtPValues,
  mixtureSprtRadius,
  mixtureSprtTau2,
  mixtureTuningConstant,
  normalMixtureBoundary,
  normalMixtureLogMartingale,
  normalMixtureRho,
  predictableBets,
} from './index.js';

interface Fixture {
  alpha: number;
  sequences: Record<'bernoulli03' | 'beta25' | 'paired', number[]>;
  normalMixture: {
    v: number;
    alpha: number;
    rho: number;
    bound: number;
    logAtBound: number;
    logAt3: number;
  }[];
  kappa: Record<string, number>;
  boundedMean: Record<
    string,
    { plannedN: number; range: [number, number]; at: { t: number; lower: number; upper: number }[] }
  >;
  mixtureSprt: Record<
    string,
    { sigma2: number; tau2: number; theta0: number; at: { n: number; p: number }[] }
  >;
  betting: {
    sequence: 'bernoulli03' | 'beta25' | 'paired';
    t: number;
    lower: number;
    upper: number;
    p: Record<string, number>;
  }[];
  bets: { sequence: 'beta25'; first: number[] };
  betaBinomial: {
    plannedPairs: number;
    a: number;
    logE: { b: number; c: number; a: number; logE: number }[];
    signsP: { m: number; p: number }[];
  };
}
const fx = loadFixture<Fixture>('anytimeValid');
const alpha = fx.alpha;
/** The paired sequence as [0, 1] observations (d + 1)/2, and its discordant signs. */
const pairedX = Float64Array.from(fx.sequences.paired, (d) => (d + 1) / 2);
const signs = Float64Array.from(fx.sequences.paired.filter((d) => d !== 0));
const observations = (name: Fixture['betting'][number]['sequence']) =>
  name === 'paired' ? pairedX : Float64Array.from(fx.sequences[name]);

describe('normal mixture (Howard et al. 2021)', () => {
  it('κ(α) and ρ', () => {
    expectRelative(mixtureTuningConstant(0.05), fx.kappa['0.05'], 1e-14);
    expectRelative(mixtureTuningConstant(0.01), fx.kappa['0.01'], 1e-14);
    expectRelative(normalMixtureRho(100, 0.05), 100 / fx.kappa['0.05'], 1e-14);
  });
  it.each(fx.normalMixture)('v=$v α=$alpha ρ=$rho', (row) => {
    const b = normalMixtureBoundary(row.v, row.alpha, row.rho);
    expectRelative(b, row.bound, 1e-13);
    expectRelative(normalMixtureLogMartingale(b, row.v, row.rho), Math.log(1 / row.alpha), 1e-12);
    expectRelative(normalMixtureLogMartingale(3, row.v, row.rho), row.logAt3, 1e-13, 1e-15);
  });
  it.each(Object.entries(fx.boundedMean))('bounded-mean CS on %s', (name, row) => {
    const x = fx.sequences[name as 'paired'];
    const cs = boundedMeanNormalMixture(x, { alpha, range: row.range, plannedN: row.plannedN });
    for (const { t, lower, upper } of row.at) {
      expectRelative(cs.lower[t - 1], lower, 1e-12, 1e-14, `lower at ${t}`);
      expectRelative(cs.upper[t - 1], upper, 1e-12, 1e-14, `upper at ${t}`);
    }
  });
});

describe('mixture SPRT (Johari et al. 2022)', () => {
  it.each(Object.entries(fx.mixtureSprt))('%s', (name, row) => {
    const x = name === 'signs' ? signs : fx.sequences[name as 'paired'];
    const p = mixtureSprtPValues(x, row);
    for (const { n, p: expected } of row.at) expectRelative(p[n - 1], expected, 1e-12, 1e-300, `p at ${n}`);
  });
  it('its confidence sequence and its p-value agree, τ² tuned by Howard et al.’s ρ', () => {
    const opts = { sigma2: 1, tau2: mixtureSprtTau2(1000, 1, alpha) };
    expectRelative(opts.tau2, fx.mixtureSprt.paired.tau2, 1e-14);
    const r = mixtureSprtRadius(400, alpha, opts);
    expectRelative(mixtureSprtLogRatio(400, 400 * r, opts), Math.log(1 / alpha), 1e-12);
  });
});

describe('hedged betting CS (Waudby-Smith & Ramdas 2023)', () => {
  it('predictable plug-in bets', () => {
    const bets = predictableBets(fx.sequences.beta25.slice(0, 20), alpha);
    fx.bets.first.forEach((b, i) => {
      expectRelative(bets[i], b, 1e-14);
    });
  });
  it.each(fx.betting)('$sequence at t = $t', (row) => {
    const x = observations(row.sequence).subarray(0, row.t);
    const cs = bettingConfidenceSequence(x, { alpha });
    expectRelative(cs.lower, row.lower, 1e-9, 1e-12, 'lower');
    expectRelative(cs.upper, row.upper, 1e-9, 1e-12, 'upper');
    for (const [m0, p] of Object.entries(row.p)) {
      expectRelative(bettingPValues(x, Number(m0), { alpha })[row.t - 1], p, 1e-12, 1e-300, `p(${m0})`);
      // p ≤ α exactly when m0 lies outside the interval.
      const outside = Number(m0) <= cs.lower || Number(m0) >= cs.upper;
      if (Math.abs(Number(m0) - cs.lower) > 1e-9 && Math.abs(Number(m0) - cs.upper) > 1e-9)
        expect(p <= alpha).toBe(outside);
    }
  });
  it('HedgedCapital refuses a mean or truncation outside its range', () => {
    expect(() => new HedgedCapital(1.2, alpha)).toThrow(/^mean: /);
    expect(() => new HedgedCapital(0.5, alpha, 1)).toThrow(/^truncation: /);
    expect(() => new HedgedCapital(0.5, 1)).toThrow(/^alpha: must be in \(0, 1\)/);
    expect(() => bettingConfidenceSequence([0.2, 1.5], { alpha })).toThrow(/^x: entry 1 is 1\.5/);
  });
});

describe('discordant-pairs e-process (beta-binomial mixture)', () => {
  it('its prior for 100 planned pairs is confseq’s r/2', () => {
    expectRelative(discordantPairsPrior(100, alpha), fx.betaBinomial.a, 1e-14);
  });
  it.each(fx.betaBinomial.logE)('b=$b c=$c a=$a', (row) => {
    expectRelative(discordantPairsLogE(row.b, row.c, row.a), row.logE, 1e-11, 1e-12);
  });
  it('sequential p-values on the paired sequence’s discordant signs', () => {
    const p = discordantPairsPValues(signs, fx.betaBinomial.a);
    for (const { m, p: expected } of fx.betaBinomial.signsP)
      expectRelative(p[m - 1], expected, 1e-11, 1e-300, `p at ${m}`);
    expect(() => discordantPairsPValues([1, 0], 1)).toThrow(/^signs: entry 1 is 0/);
  });
});
