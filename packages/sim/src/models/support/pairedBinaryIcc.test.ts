/**
 * The one-pass table ICCs of paired 0/1 scores against the plain path they replace (measuredIcc,
 * i.e. core iccAnovaFromTotals, on the per-system and difference views): the same doubles
 * (Object.is), NaN in the same places, over pairedLatent replications of several shapes.
 */
import { describe, expect, it } from 'vitest';
import type { CellParams } from '../../base/cellParams.js';
import {
  createClusterTotalsView,
  createDifferenceTotalsView,
  viewPairedDifference,
  viewPairedSystem,
} from '../../base/clusterTotalsView.js';
import { SeededStream } from '../../rng/SeededStream.js';
import { pairedLatent } from '../pairedLatent.js';
import { measuredIcc } from './measuredIcc.js';
import { createPairedBinaryIcc, createPairedIccs } from './pairedBinaryIcc.js';

const SHAPES: CellParams[] = [
  { clusters: 100, m: 10, sigmaT: 0.8 },
  { clusters: 100, m: 10, sigmaT: 0 },
  { clusters: 2, m: 2, sigmaT: 0.4 },
  { clusters: 7, m: 1, sigmaT: 0.3 },
  { clusters: 1, m: 5 },
  { clusters: 30, m: 33, sigmaT: 0.5, advantage: 0.1, noise: 'logistic' },
  // Nearly every answer right: many replications with all scores identical (ICC undefined).
  { clusters: 3, m: 2, accuracy: 0.999, passageSd: 0, questionSd: 0 },
];

describe('createPairedBinaryIcc', () => {
  it('equals measuredIcc on the difference and per-system views, bit for bit', () => {
    const measure = createPairedBinaryIcc();
    const iccs = createPairedIccs();
    const difference = createDifferenceTotalsView();
    const system = createClusterTotalsView();
    const rng = new SeededStream(0);
    let compared = 0;
    let undefinedIccs = 0;
    for (const shape of SHAPES) {
      const params = pairedLatent.parse(shape, { baseDir: '.' });
      const data = pairedLatent.allocate(params);
      for (let r = 0; r < 200; r++) {
        pairedLatent.generate(params, rng.reseed(41, r), data);
        measure(data, iccs);
        const n = data.itemCount;
        const plain = [
          measuredIcc(viewPairedDifference(data, difference), n),
          measuredIcc(viewPairedSystem(data, 'A', system), n),
          measuredIcc(viewPairedSystem(data, 'B', system), n),
        ];
        const got = [iccs.difference, iccs.a, iccs.b];
        for (let j = 0; j < 3; j++) {
          expect(Object.is(got[j], plain[j]), `${JSON.stringify(shape)} r ${r} icc ${j}`).toBe(true);
          if (Number.isNaN(plain[j])) undefinedIccs++;
        }
        compared++;
      }
    }
    expect(compared).toBe(SHAPES.length * 200);
    // Both kinds of NaN are covered: K < 2 or N = K, and all scores identical.
    expect(undefinedIccs).toBeGreaterThan(3 * 400);
  });

  it('rebuilds its tables when m changes between cells', () => {
    const measure = createPairedBinaryIcc();
    const iccs = createPairedIccs();
    const rng = new SeededStream(0);
    for (const m of [10, 4, 10, 25]) {
      const params = pairedLatent.parse({ clusters: 20, m, sigmaT: 0.6 }, { baseDir: '.' });
      const data = pairedLatent.allocate(params);
      pairedLatent.generate(params, rng.reseed(5, m), data);
      measure(data, iccs);
      expect(iccs.a).toBe(
        measuredIcc(viewPairedSystem(data, 'A', createClusterTotalsView()), data.itemCount),
      );
    }
  });
});
