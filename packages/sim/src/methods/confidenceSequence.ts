/**
 * An anytime-valid confidence sequence for the paired difference of two systems on the same
 * questions, d_i = a_i − b_i ∈ {−1, 0, 1} (method `confidenceSequence`, data
 * `sequentialPairedCounts`), the sequences `evalsim monitor` reports (analysis/sequential/
 * monitorEval.ts):
 *
 *  - 'betting' (default): the hedged betting sequence of Waudby-Smith & Ramdas (2023) for the
 *    mean of x_i = (d_i + 1)/2 (core bettingConfidenceSequence), mapped back by 2m − 1; untuned;
 *  - 'normalMixture': Howard et al.'s (2021) normal-mixture sequence with Hoeffding's proxy for
 *    d ∈ [−1, 1] (core boundedMeanNormalMixture), tightest at `plannedQuestions`.
 *
 * Both are running intersections, so the interval after the last question (`maxQuestions`,
 * default the data's last look) lies inside every earlier one: it covers the truth exactly when
 * the sequence covered it at every question (P ≥ level for a valid sequence). Coverage of this
 * result is therefore the sequence's time-uniform coverage, the guarantee it makes.
 *
 * Questions within a batch of the data are placed in a uniformly random order drawn from the
 * method's own stream (as anytimeValidTest; with a look after every question nothing is drawn).
 *
 * Result: estimate = d̄ after the last question, [lower, upper] = the sequence there (or NaN
 * when it is empty: no difference fits every stretch, which a valid sequence allows with
 * probability ≤ 1 − level), sampleSize = questions used; no p-value (anytimeValidTest is the
 * test), degenerate when no discordant question was seen.
 */
import { bettingConfidenceSequence, boundedMeanNormalMixture } from '@evalsim/core';
import { defineMethod } from '../base/defineMethod.js';
import { resetMethodResult } from '../base/methodResult.js';
import { lastLookIndex } from './support/sequentialLooks.js';

export const CONFIDENCE_SEQUENCES = ['betting', 'normalMixture'] as const;

export const confidenceSequence = defineMethod({
  name: 'confidenceSequence',
  description:
    "Anytime-valid confidence sequence for the paired difference (sequence betting | normalMixture), as evalsim monitor reports it; the running intersection after maxQuestions, so its coverage is the sequence's time-uniform coverage.",
  kind: 'interval',
  accepts: ['sequentialPairedCounts'],
  options: {
    sequence: {
      type: 'choice',
      values: CONFIDENCE_SEQUENCES,
      default: 'betting',
      description:
        "The hedged betting sequence (Waudby-Smith & Ramdas 2023; monitor's headline) or the normal mixture (Howard et al. 2021).",
    },
    plannedQuestions: {
      type: 'integer',
      min: 1,
      default: 1000,
      description: 'Questions the normal-mixture sequence is tightest at (normalMixture only).',
    },
    maxQuestions: {
      type: 'integer',
      min: 1,
      description: "Questions after which the sequence is read (default: the data's last look).",
    },
  },
  create({ sequence, plannedQuestions, maxQuestions }, { level }) {
    const alpha = 1 - level;
    let d = new Float64Array(0);
    return (data, rng, out) => {
      const end = lastLookIndex(data, maxQuestions, 'confidenceSequence');
      const n = data.items[end];
      if (d.length < n) d = new Float64Array(n);
      let used = 0;
      let b = 0;
      let c = 0;
      for (let k = 0; k <= end; k++) {
        let rb = data.onlyFirst[k] - b;
        let rc = data.onlySecond[k] - c;
        let rest = data.items[k] - used;
        while (rest > 0) {
          // One question of the batch, uniformly among those left (none drawn for the last one).
          const u = rest === 1 ? 0 : rng.uniform() * rest;
          let x = 0;
          if (u < rb) {
            x = 1;
            rb--;
            b++;
          } else if (u < rb + rc) {
            x = -1;
            rc--;
            c++;
          }
          d[used++] = x;
          rest--;
        }
      }
      const diffs = d.subarray(0, n);
      let lower: number;
      let upper: number;
      if (sequence === 'betting') {
        const x = diffs.map((v) => (v + 1) / 2);
        const cs = bettingConfidenceSequence(x, { alpha });
        lower = 2 * cs.lower - 1;
        upper = 2 * cs.upper - 1;
      } else {
        const cs = boundedMeanNormalMixture(diffs, { alpha, range: [-1, 1], plannedN: plannedQuestions });
        lower = cs.lower[n - 1];
        upper = cs.upper[n - 1];
      }
      resetMethodResult(out);
      out.estimate = (b - c) / n;
      if (lower <= upper) {
        out.lower = lower;
        out.upper = upper;
      }
      out.sampleSize = n;
      out.degenerate = b + c === 0;
    };
  },
});
