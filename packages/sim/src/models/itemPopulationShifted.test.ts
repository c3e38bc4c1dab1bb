import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import type { CellParams } from '../base/cellParams.js';
import { RunningMoments } from '../metrics/runningMoments.js';
import { SeededStream } from '../rng/index.js';
import { itemPopulationShifted } from './itemPopulationShifted.js';

const baseDir = fileURLToPath(new URL('../../../../studies/', import.meta.url));
const parse = (params: CellParams) =>
  itemPopulationShifted.parse({ population: 'data/mmlu-standin.csv', ...params }, { baseDir });

describe('itemPopulationShifted', () => {
  test('truth is the imposed delta (1e-12); A keeps its rates; the stand-in gap 3.0 points needs ~no shift', () => {
    const at3 = parse({ systems: ['haiku_low', 'sonnet_off'], n: 100, delta: 0.03 });
    expect(Math.abs(itemPopulationShifted.truth(at3) - 0.03)).toBeLessThan(1e-12);
    expect(Math.abs(at3.shiftAmount)).toBeLessThan(1e-3);
    const at6 = parse({ systems: ['haiku_low', 'sonnet_off'], n: 100, delta: 0.032 });
    expect(Math.abs(at6.truth - 0.032)).toBeLessThan(1e-12);
    expect(at6.shiftAmount).toBeLessThan(0);
    // haiku_off: 889 of 1,140 questions always right and 203 always wrong: the logit shift reaches (0.780, 0.822)
    expect(() => parse({ systems: ['haiku_off'], n: 100, delta: 0.05 })).toThrow(
      /delta.*out of reach.*mixture/,
    );
    const one = parse({ systems: ['haiku_off'], n: 100, delta: -0.02, shift: 'mixture' });
    expect(Math.abs(one.truth + 0.02)).toBeLessThan(1e-12);
    expect(one.systems).toEqual(['haiku_off', 'haiku_off']);
  });

  test('simulated mean difference matches delta within 4 MCSE (2,000 replications of 200 questions)', () => {
    const params = parse({ systems: ['haiku_off'], n: 200, replace: true, delta: 0.05, shift: 'mixture' });
    const data = itemPopulationShifted.allocate(params);
    const rng = new SeededStream(3, 0);
    const diff = new RunningMoments();
    for (let r = 0; r < 2000; r++) {
      rng.reseed(3, r);
      itemPopulationShifted.generate(params, rng, data);
      let a = 0;
      let b = 0;
      for (let s = 0; s < data.clusterCount; s++) {
        a += data.totalsA[s];
        b += data.totalsB[s];
      }
      diff.add((a - b) / data.itemCount);
    }
    const mcse = Math.sqrt(diff.variance() / 2000);
    expect(Math.abs(diff.mean - 0.05)).toBeLessThan(4 * mcse);
  });

  test('bad parameters name the field', () => {
    expect(() => parse({ systems: ['haiku_off'], n: 10, delta: 0.03, answer: 'first' })).toThrow(/answer/);
    expect(() => parse({ systems: ['haiku_off'], n: 10, delta: 1.5 })).toThrow(/delta/);
  });
});
