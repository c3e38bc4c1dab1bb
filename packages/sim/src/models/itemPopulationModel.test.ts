import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { CellParams } from '../base/cellParams.js';
import type { ClusteredScores, PairedClusteredScores } from '../base/dataKinds.js';
import { ConfigError } from '../base/errors.js';
import { SeededStream } from '../rng/SeededStream.js';
import { itemPopulation, itemPopulationPaired } from './itemPopulationModel.js';

const studies = { baseDir: fileURLToPath(new URL('../../../../studies/', import.meta.url)) };
const STANDIN = 'data/mmlu-standin.csv';

const dir = mkdtempSync(join(tmpdir(), 'evalsim-item-model-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Six clusters of sizes 1…6 whose totals of rates (c/4) are all different. */
function smallPopulation(): string {
  const lines = ['question,cluster,correct_a,k_a,correct_b,k_b'];
  for (let c = 1; c <= 6; c++) {
    for (let j = 0; j < c; j++)
      lines.push(`q${c}-${j},c${c},${(c + j) % 5},4,${j % 2},1`.replace(',5,4,', ',4,4,'));
  }
  const path = join(dir, 'small.csv');
  writeFileSync(path, lines.join('\n'));
  return path;
}

/** Mean and Monte Carlo SE of `value(data)` over `reps` replications. */
function monteCarlo<D>(
  reps: number,
  seed: number,
  generate: (rng: SeededStream) => D,
  value: (d: D) => number,
) {
  let sum = 0;
  let sumSq = 0;
  for (let r = 0; r < reps; r++) {
    const v = value(generate(new SeededStream(seed + r)));
    sum += v;
    sumSq += v * v;
  }
  const mean = sum / reps;
  const sd = Math.sqrt((sumSq - reps * mean * mean) / (reps - 1));
  return { mean, mcse: sd / Math.sqrt(reps) };
}

function single(params: CellParams) {
  const p = itemPopulation.parse(params, studies);
  const data = itemPopulation.allocate(p);
  return {
    p,
    data,
    draw: (rng: SeededStream) => {
      itemPopulation.generate(p, rng, data);
      return data;
    },
  };
}

const total = (d: ClusteredScores) => {
  let s = 0;
  for (let k = 0; k < d.clusterCount; k++) s += d.totals[k];
  return s;
};

describe('itemPopulation model', () => {
  it('has truth = the share of all recorded answers right (80.1% for the stand-in haiku_off)', () => {
    const { p } = single({ population: STANDIN, systems: ['haiku_off'], n: 100 });
    expect(itemPopulation.truth(p)).toBeCloseTo(4567 / 5700, 14);
  });

  it.each([
    ['recorded', false],
    ['recorded', true],
    ['rate', true],
  ] as const)(
    'reproduces the population mean with answer %s, replace %s (|mean − truth| < 4 MCSE)',
    (answer, replace) => {
      const { p, draw } = single({ population: STANDIN, systems: ['haiku_off'], n: 50, answer, replace });
      const { mean, mcse } = monteCarlo(4000, 11, draw, (d) => total(d) / d.itemCount);
      expect(mcse).toBeGreaterThan(0);
      expect(Math.abs(mean - itemPopulation.truth(p))).toBeLessThan(4 * mcse);
    },
  );

  it('draws every question exactly once when n = all questions without replacement', () => {
    const { data, draw } = single({ population: STANDIN, systems: ['haiku_off'], n: 1140, answer: 'first' });
    draw(new SeededStream(3));
    expect(data.itemCount).toBe(1140);
    expect(data.clusterCount).toBe(57);
    expect([...data.sizes].every((s) => s === 20)).toBe(true);
    expect(total(data)).toBe(909); // the first run's score
  });

  it('draws whole clusters, each complete and (without replacement) distinct', () => {
    const path = smallPopulation();
    const p = itemPopulation.parse(
      { population: path, systems: ['a'], clusters: 4, answer: 'rate' },
      studies,
    );
    const data = itemPopulation.allocate(p);
    // rate totals of clusters c1…c6, keyed by size (sizes are 1…6)
    const expected = new Map<number, number>();
    p.population.clusterIndex.forEach((c, i) => {
      expected.set(c + 1, (expected.get(c + 1) ?? 0) + p.scoresA[i]);
    });
    for (let r = 0; r < 200; r++) {
      itemPopulation.generate(p, new SeededStream(r), data);
      expect(data.clusterCount).toBe(4);
      const sizes = [...data.sizes.subarray(0, 4)];
      expect(new Set(sizes).size).toBe(4);
      sizes.forEach((size, k) => {
        expect(data.totals[k]).toBeCloseTo(expected.get(size) as number, 12);
      });
      expect(data.itemCount).toBe(sizes.reduce((a, b) => a + b, 0));
    }
  });

  it('gives the same draw for the same stream whatever the buffers held before (shuffle undone)', () => {
    const a = single({ population: STANDIN, systems: ['haiku_off'], n: 30 });
    const b = single({ population: STANDIN, systems: ['haiku_off'], n: 30 });
    for (let r = 0; r < 5; r++) a.draw(new SeededStream(100 + r));
    a.draw(new SeededStream(7));
    b.draw(new SeededStream(7));
    const used = b.data.clusterCount;
    expect(a.data.clusterCount).toBe(used);
    expect([...a.data.sizes.subarray(0, used)]).toEqual([...b.data.sizes.subarray(0, used)]);
    expect([...a.data.totals.subarray(0, used)]).toEqual([...b.data.totals.subarray(0, used)]);
  });

  it('loads a file once per process', () => {
    const a = itemPopulation.parse({ population: STANDIN, systems: ['haiku_off'], n: 5 }, studies);
    const b = itemPopulation.parse({ population: STANDIN, systems: ['haiku_low'], n: 9 }, studies);
    expect(a.population).toBe(b.population);
  });

  it.each([
    [{ systems: ['haiku_off'], n: 5, clusters: 2 }, /^clusters.*exactly one of "n"/],
    [{ systems: ['haiku_off'] }, /^n.*exactly one/],
    [{ systems: ['haiku_off'], n: 1141 }, /^n.*in \[1, 1140\]/],
    [{ systems: ['haiku_off'], clusters: 58 }, /^clusters.*in \[1, 57\]/],
    [{ systems: ['haiku_off'], n: 0 }, /^n: got 0; allowed: an integer in \[1, /],
    [{ systems: ['gpt'], n: 5 }, /^systems\[0\].*haiku_off, haiku_low, sonnet_off/],
    [{ systems: ['haiku_low', 'sonnet_off'], n: 5 }, /^systems.*itemPopulationPaired/],
    [{ systems: ['haiku_off'], n: 5, answer: 'mean' }, /^answer/],
    [{ systems: ['haiku_off'], n: 5, replace: 'yes' }, /^replace/],
    [{ systems: ['haiku_off'], n: 5, seed: 1 }, /^seed/],
  ] as const)('rejects %o with a ConfigError', (params, message) => {
    const parse = () => itemPopulation.parse({ population: STANDIN, ...params } as CellParams, studies);
    expect(parse).toThrow(ConfigError);
    expect(parse).toThrow(message);
  });

  it('rejects a missing file and answer "first" without a first column, naming the parameter', () => {
    expect(() =>
      itemPopulation.parse({ population: 'data/none.csv', systems: ['a'], n: 1 }, studies),
    ).toThrow(/^population: .*none\.csv: cannot be read/);
    const path = smallPopulation();
    expect(() =>
      itemPopulation.parse({ population: path, systems: ['a'], n: 1, answer: 'first' }, studies),
    ).toThrow(/^answer.*no column "first_a"/);
  });
});

describe('itemPopulationPaired model', () => {
  const parse = (params: CellParams) => itemPopulationPaired.parse(params, studies);
  const diff = (d: PairedClusteredScores) => {
    let s = 0;
    for (let k = 0; k < d.clusterCount; k++) s += d.totalsA[k] - d.totalsB[k];
    return s / d.itemCount;
  };

  it('has truth = δ, the gap over all answers (3.0 points for haiku_low − sonnet_off)', () => {
    const p = parse({ population: STANDIN, systems: ['haiku_low', 'sonnet_off'], n: 10 });
    expect(itemPopulationPaired.truth(p)).toBeCloseTo(0.03, 12);
  });

  it('reproduces the true difference with recorded answers (|mean − δ| < 4 MCSE)', () => {
    const p = parse({ population: STANDIN, systems: ['haiku_low', 'sonnet_off'], n: 200, replace: true });
    const data = itemPopulationPaired.allocate(p);
    const { mean, mcse } = monteCarlo(
      4000,
      21,
      (rng) => {
        itemPopulationPaired.generate(p, rng, data);
        return data;
      },
      diff,
    );
    expect(Math.abs(mean - itemPopulationPaired.truth(p))).toBeLessThan(4 * mcse);
  });

  it("design 'independent' draws a separate question set per system (the unpaired design)", () => {
    const whole = parse({
      population: STANDIN,
      systems: ['haiku_off', 'sonnet_off'],
      n: 1140,
      answer: 'first',
      design: 'independent',
    });
    const all = itemPopulationPaired.allocate(whole);
    itemPopulationPaired.generate(whole, new SeededStream(2), all);
    // Without replacement each set is the whole population: both totals are exact.
    expect([all.totalsA[0], all.totalsB[0], all.itemCount, all.clusterCount]).toEqual([909, 988, 1140, 1]);
    expect(Number.isNaN(all.sumProducts[0])).toBe(true);
    // With replacement, the gap varies like two independent means (no pairing cancellation):
    // Var ≈ (p_A q_A + p_B q_B)/n vs the paired Var(d)/n, about 2.5× smaller here.
    const variance = (design: string) => {
      const p = parse({
        population: STANDIN,
        systems: ['haiku_off', 'sonnet_off'],
        n: 300,
        answer: 'first',
        replace: true,
        design,
      });
      const data = itemPopulationPaired.allocate(p);
      const rng = new SeededStream(3);
      let s = 0;
      let s2 = 0;
      for (let r = 0; r < 2000; r++) {
        rng.reseed(3, r);
        itemPopulationPaired.generate(p, rng, data);
        const x = diff(data);
        s += x;
        s2 += x * x;
      }
      return s2 / 2000 - (s / 2000) ** 2;
    };
    const expectedIndependent = (0.797 * 0.203 + 0.867 * 0.133) / 300;
    const independent = variance('independent');
    // The sample variance of 2,000 draws has relative s.d. ≈ √(2/2000) = 3.2%; allow 4 s.d.
    expect(Math.abs(independent / expectedIndependent - 1)).toBeLessThan(0.13);
    expect(independent / variance('paired')).toBeGreaterThan(1.8);
  });

  it("rejects design 'independent' for one system", () => {
    expect(() =>
      itemPopulation.parse(
        { population: STANDIN, systems: ['haiku_off'], n: 5, design: 'independent' },
        studies,
      ),
    ).toThrow(/design/);
  });

  it('fills the paired sums of the first answers exactly on the whole population', () => {
    const p = parse({ population: STANDIN, systems: ['haiku_off', 'sonnet_off'], n: 1140, answer: 'first' });
    const data = itemPopulationPaired.allocate(p);
    itemPopulationPaired.generate(p, new SeededStream(1), data);
    const sum = (a: Float64Array) => a.subarray(0, data.clusterCount).reduce((x, y) => x + y, 0);
    expect(sum(data.totalsA)).toBe(909);
    expect(sum(data.totalsB)).toBe(988);
    expect(sum(data.sumProducts)).toBe(881); // both right, the Step 3 table
    expect(sum(data.sumSquaresA)).toBe(909);
  });

  it('keeps whole clusters together for both systems', () => {
    const p = parse({ population: STANDIN, systems: ['haiku_low', 'sonnet_off'], clusters: 10 });
    const data = itemPopulationPaired.allocate(p);
    itemPopulationPaired.generate(p, new SeededStream(4), data);
    expect(data.clusterCount).toBe(10);
    expect(data.itemCount).toBe(200);
    expect([...data.sizes].every((s) => s === 20)).toBe(true);
  });

  it('rejects one system or the same system twice', () => {
    expect(() => parse({ population: STANDIN, systems: ['haiku_off'], n: 5 })).toThrow(
      /itemPopulation for one/,
    );
    expect(() => parse({ population: STANDIN, systems: ['haiku_off', 'haiku_off'], n: 5 })).toThrow(
      /two different systems/,
    );
  });
});
