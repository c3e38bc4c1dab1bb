/**
 * A model's own 0/1 sums (`binaryTotals`) replace the methods' passes over the clusters: every
 * paired test gives, bit for bit, the result of the same data without them (the plain path), and
 * sums that do not cover the replication's clusters are ignored.
 */
import { describe, expect, it } from 'vitest';
import type { PairedClusteredScores } from '../../base/dataKinds.js';
import { createMethodResult, type MethodResult } from '../../base/methodResult.js';
import type { Analyser } from '../../base/roles.js';
import { pairedLatent } from '../../models/pairedLatent.js';
import { SeededStream } from '../../rng/SeededStream.js';
import { mcnemarExact } from '../mcnemarExact.js';
import { pairedClusteredTest } from '../pairedClusteredTest.js';
import { pairedNaiveTest } from '../pairedNaiveTest.js';
import { unpairedClusteredTest } from '../unpairedClusteredTest.js';
import { unpairedTwoProportionTest } from '../unpairedTwoProportionTest.js';
import { knownBinaryTotals } from './knownBinaryTotals.js';

const settings = { level: 0.95 };
const METHODS = {
  unpairedTwoProportionTest: unpairedTwoProportionTest.create({}, settings),
  pairedNaiveTest: pairedNaiveTest.create({}, settings),
  pairedClusteredTest: pairedClusteredTest.create({}, settings),
  unpairedClusteredTest: unpairedClusteredTest.create({}, settings),
  mcnemarExact: mcnemarExact.create({}, settings),
} satisfies Record<string, Analyser>;

/** The same replication without the model's sums: every method takes its pass over the clusters. */
function withoutBinaryTotals(data: PairedClusteredScores): PairedClusteredScores {
  const { binaryTotals: _dropped, ...rest } = data;
  return rest;
}

function run(analyser: Analyser, data: PairedClusteredScores): MethodResult {
  const out = createMethodResult();
  analyser(data, new SeededStream(1), out);
  return out;
}

describe('knownBinaryTotals', () => {
  it('is used only when it covers the replication (last entry = clusterCount)', () => {
    const params = pairedLatent.parse({ clusters: 12, m: 4, sigmaT: 0.5 }, { baseDir: '.' });
    const data = pairedLatent.allocate(params);
    pairedLatent.generate(params, new SeededStream(3, 0), data);
    expect(knownBinaryTotals(data)).toBe(data.binaryTotals);
    expect(knownBinaryTotals(withoutBinaryTotals(data))).toBeUndefined();
    data.binaryTotals![3] = 11;
    expect(knownBinaryTotals(data)).toBeUndefined();
  });

  it('gives every paired test the results of the plain pass, bit for bit', () => {
    let compared = 0;
    for (const shape of [
      { clusters: 100, m: 10, sigmaT: 0.8 },
      { clusters: 9, m: 3, sigmaT: 0 },
      { clusters: 40, m: 12, sigmaT: 0.3, advantage: 0.05 },
    ]) {
      const params = pairedLatent.parse(shape, { baseDir: '.' });
      const data = pairedLatent.allocate(params);
      for (let r = 0; r < 100; r++) {
        pairedLatent.generate(params, new SeededStream(8, r), data);
        const plain = withoutBinaryTotals(data);
        for (const [name, analyser] of Object.entries(METHODS)) {
          expect(run(analyser, data), `${name} r ${r}`).toStrictEqual(run(analyser, plain));
          compared++;
        }
      }
    }
    expect(compared).toBe(3 * 100 * 5);
  });

  it('ignores stale sums (not covering clusterCount)', () => {
    const params = pairedLatent.parse({ clusters: 20, m: 5, sigmaT: 0.4 }, { baseDir: '.' });
    const data = pairedLatent.allocate(params);
    pairedLatent.generate(params, new SeededStream(9, 2), data);
    const expected = run(METHODS.pairedNaiveTest, data);
    data.binaryTotals!.set([0, 0, 0, 19]);
    expect(run(METHODS.pairedNaiveTest, data)).toStrictEqual(expected);
    expect(run(METHODS.mcnemarExact, data)).toStrictEqual(
      run(METHODS.mcnemarExact, withoutBinaryTotals(data)),
    );
  });
});
