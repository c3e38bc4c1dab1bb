/**
 * Intervals for the difference of two independent proportions, accuracy(A) − accuracy(B),
 * each system scored 0/1 on its own N questions (itemPopulationPaired's design
 * 'independent'); on paired data they ignore the pairing (and the clusters), treating
 * x_A = Σa of N and x_B = Σb of N as independent binomials. Thin adapters to core's
 * allocation-free two-sample bounds (core twoSampleIntervals/, checked against mpmath and
 * Fagerland, Lydersen & Laake's printed values):
 *
 *   agrestiCaffo       Agresti & Caffo (2000): Wald after adding one success and one failure to each sample
 *   newcombeHybrid     Newcombe's (1998) hybrid score interval (method 10), Wilson limits combined
 *   miettinenNurminen  Miettinen & Nurminen's (1985) asymptotic score interval (constrained MLE maximising the likelihood)
 *
 * Both systems are taken to have N = the replication's item count (the data kind carries one).
 * Estimate x_A/N − x_B/N; SE and p-values NaN. Graded scores are refused with an error.
 */
import {
  agrestiCaffoBounds,
  createMarkedBounds,
  miettinenNurminenBounds,
  newcombeHybridBounds,
  normalCritical,
  type TwoSampleBoundsFunction,
} from '@evalsim/core';
import { defineMethod } from '../base/defineMethod.js';
import { clearPValues, fillUnanalysable } from '../base/methodResult.js';
import type { MethodDefinition } from '../base/roles.js';
import { binaryPairedCounts, createBinaryPairedCounts } from './support/binaryPairedCounts.js';

function twoSampleMethod(
  name: string,
  description: string,
  bounds: TwoSampleBoundsFunction,
): MethodDefinition {
  return defineMethod({
    name,
    description,
    kind: 'interval',
    accepts: ['pairedClusteredScores'],
    options: {},
    create(_options, { level }) {
      const z = normalCritical(level);
      const counts = createBinaryPairedCounts();
      const slot = createMarkedBounds();
      return (data, _rng, out) => {
        const t = binaryPairedCounts(data, name, counts);
        const n = t.items;
        if (!(n >= 1)) {
          fillUnanalysable(out);
          return;
        }
        bounds(t.totalA, n, t.totalB, n, z, slot);
        out.estimate = t.totalA / n - t.totalB / n;
        out.se = Number.NaN;
        out.lower = slot.lower;
        out.upper = slot.upper;
        clearPValues(out);
        out.degenerate = slot.degenerate;
      };
    },
  });
}

export const agrestiCaffo = twoSampleMethod(
  'agrestiCaffo',
  'Agresti–Caffo (2000) interval for accuracy A − B from independent samples (+1 success, +1 failure each); 0/1 scores; ignores pairing.',
  agrestiCaffoBounds,
);
export const newcombeHybrid = twoSampleMethod(
  'newcombeHybrid',
  'Newcombe (1998) hybrid score interval for accuracy A − B from independent samples; 0/1 scores; ignores pairing.',
  newcombeHybridBounds,
);
export const miettinenNurminen = twoSampleMethod(
  'miettinenNurminen',
  'Miettinen–Nurminen (1985) score interval for accuracy A − B from independent samples; 0/1 scores; ignores pairing.',
  miettinenNurminenBounds,
);
