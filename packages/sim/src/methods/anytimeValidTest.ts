/**
 * An anytime-valid test of two systems on the same questions, checked after every question
 * (method `anytimeValidTest`, data `sequentialPairedCounts`), stopping at the first question
 * where its always-valid p-value reaches α = 1 − level — the remedy for peeking, since
 * P(∃ n: p_n ≤ α) ≤ α under H0 however often one looks:
 *
 *  - 'betting' (default): Waudby-Smith & Ramdas's hedged betting capital (core HedgedCapital)
 *    for the mean of x_i = (d_i + 1)/2 at ½ (no difference), d_i = a_i − b_i ∈ {−1, 0, 1};
 *    untuned (its predictable plug-in bets adapt to the variance).
 *  - 'msprt': Johari et al.'s mixture SPRT (core MixtureSprt) on the signs of the discordant
 *    questions (+1 first right, −1 second right; Rademacher under H0, so σ² = 1 is exact), with
 *    mixing variance τ² = κ(α)/plannedPairs (tightest after `plannedPairs` discordant questions).
 *  - 'betaBinomial': the discordant-pairs e-process (core DiscordantPairsEProcess), Beta(a, a)
 *    mixing with a from `plannedPairs` (confseq's tuning).
 *
 * Questions within a batch of the data are placed in a uniformly random order drawn from the
 * method's own stream (given the batch's counts every order is equally likely, the questions
 * being independent): sampling without replacement, one uniform per question ('betting') or
 * per discordant question (the others, which change only there; the stopping question's
 * position among the batch is drawn once). `maxQuestions` ends the test (default: the data's
 * last look; it must be a look of the data).
 *
 * Result: pTwoSided = the always-valid p-value at stopping (or at the end), estimate = (b − c)/n
 * there, sampleSize = questions used, degenerate without discordant questions.
 */
import {
  DiscordantPairsEProcess,
  discordantPairsPrior,
  HedgedCapital,
  MixtureSprt,
  mixtureSprtTau2,
} from '@evalsim/core';
import { defineMethod } from '../base/defineMethod.js';
import { resetMethodResult } from '../base/methodResult.js';
import type { RandomStream } from '../base/randomStream.js';
import { lastLookIndex } from './support/sequentialLooks.js';

export const ANYTIME_TESTS = ['betting', 'msprt', 'betaBinomial'] as const;

/** The position (1-based) of the j-th discordant question among a batch of `size` with `discordant` of them, uniformly placed. */
function positionOf(j: number, discordant: number, size: number, rng: RandomStream): number {
  let left = discordant;
  let seen = 0;
  for (let q = 0; q < size; q++) {
    if (rng.uniform() * (size - q) < left) {
      left--;
      if (++seen === j) return q + 1;
    }
  }
  return size;
}

export const anytimeValidTest = defineMethod({
  name: 'anytimeValidTest',
  description:
    'Always-valid paired test checked after every question (test betting | msprt | betaBinomial); stops at the first p ≤ 1 − level. pTwoSided = always-valid p at stopping, sampleSize = questions used.',
  kind: 'test',
  accepts: ['sequentialPairedCounts'],
  options: {
    test: {
      type: 'choice',
      values: ANYTIME_TESTS,
      default: 'betting',
      description:
        'Hedged betting on the per-question differences (default), mixture SPRT or beta-binomial e-process on the discordant questions.',
    },
    plannedPairs: {
      type: 'integer',
      min: 1,
      default: 100,
      description:
        'Discordant questions msprt and betaBinomial are tuned for (their boundary is tightest there).',
    },
    maxQuestions: {
      type: 'integer',
      min: 1,
      description: "Questions after which the test ends (default: the data's last look).",
    },
  },
  create({ test, plannedPairs, maxQuestions }, { level }) {
    const alpha = 1 - level;
    const threshold = Math.log(1 / alpha);
    const tau2 = mixtureSprtTau2(plannedPairs, 1, alpha);
    const a = discordantPairsPrior(plannedPairs, alpha);
    return (data, rng, out) => {
      const end = lastLookIndex(data, maxQuestions, 'anytimeValidTest');
      let stopped = false;
      let n = 0;
      let b = 0;
      let c = 0;
      let p = 1;
      if (test === 'betting') {
        const capital = new HedgedCapital(0.5, alpha);
        for (let k = 0; k <= end && !stopped; k++) {
          let rb = data.onlyFirst[k] - b;
          let rc = data.onlySecond[k] - c;
          let rest = data.items[k] - n;
          while (rest > 0) {
            const u = rng.uniform() * rest;
            let x = 0.5;
            if (u < rb) {
              x = 1;
              rb--;
              b++;
            } else if (u < rb + rc) {
              x = 0;
              rc--;
              c++;
            }
            rest--;
            n++;
            capital.push(x);
            if (capital.maxLogCapital >= threshold) {
              stopped = true;
              break;
            }
          }
        }
        p = capital.pValue();
      } else {
        const sprt = new MixtureSprt({ sigma2: 1, tau2 });
        const eProcess = new DiscordantPairsEProcess(a);
        /** Adds a discordant question; returns the log of the running maximum of the test's process. */
        const step =
          test === 'msprt'
            ? (first: boolean) => {
                sprt.push(first ? 1 : -1);
                return sprt.maxLogRatio;
              }
            : (first: boolean) => {
                eProcess.push(first);
                return eProcess.maxLogE;
              };
        for (let k = 0; k <= end && !stopped; k++) {
          const batchB = data.onlyFirst[k] - b;
          const batchC = data.onlySecond[k] - c;
          const discordant = batchB + batchC;
          const size = data.items[k] - n;
          let rb = batchB;
          let rc = batchC;
          for (let j = 1; j <= discordant; j++) {
            const first = rng.uniform() * (rb + rc) < rb;
            if (first) {
              rb--;
              b++;
            } else {
              rc--;
              c++;
            }
            const max = step(first);
            if (max >= threshold) {
              stopped = true;
              n += size === discordant ? j : positionOf(j, discordant, size, rng);
              break;
            }
          }
          if (!stopped) n = data.items[k];
        }
        p = test === 'msprt' ? sprt.pValue() : eProcess.pValue();
      }
      resetMethodResult(out);
      out.estimate = (b - c) / n;
      out.pTwoSided = p;
      out.sampleSize = n;
      out.degenerate = b + c === 0;
    };
  },
});
