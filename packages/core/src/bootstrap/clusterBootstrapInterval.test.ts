/**
 * Percentile cluster bootstrap against two independent references fed the same resamples
 * (packages/core/fixtures/clusterBootstrap.json, made by fixtures/scripts/clusterBootstrap.py):
 * numpy (fancy-indexed resample means, np.percentile 'linear', np.std ddof 1) on its own
 * index matrices, and R `boot` on the indices and replicates boot itself drew.
 */
import { describe, expect, it } from 'vitest';
import { ErrorTracker, loadFixture } from '../test-utils/fixtures.js';
import { InputError } from '../validate.js';
import {
  clusterBootstrapInterval,
  createClusterBootstrapInterval,
  createClusterBootstrapWorkspace,
  type DrawClusterIndices,
} from './index.js';

interface Case {
  readonly S: number[];
  readonly n: number[];
  readonly B: number;
  readonly level: number;
  readonly indices: number[][];
}
interface NumpyCase extends Case {
  readonly sortedMeans: number[] | null;
  readonly estimate: number;
  readonly se: number;
  readonly lower: number;
  readonly upper: number;
}
interface BootCase extends Case {
  readonly replicates: number[];
  readonly estimate: number;
  readonly sd: number;
  readonly quantile7: [number, number];
  readonly bootCiPercent: [number, number];
}
const fixture = loadFixture<{ numpyCases: NumpyCase[]; bootCases: BootCase[] }>('clusterBootstrap');

/** A draw that replays the reference's resamples, row by row. */
function replay(indices: readonly (readonly number[])[]): DrawClusterIndices {
  let b = 0;
  return (out) => {
    out.set(indices[b++]);
  };
}

function run(c: Case) {
  const totals = { count: c.S.length, sizes: c.n, totals: c.S, sumSquares: c.S };
  const ws = createClusterBootstrapWorkspace(c.B);
  const out = clusterBootstrapInterval(
    totals,
    c.level,
    replay(c.indices),
    ws,
    createClusterBootstrapInterval(),
  );
  return { out, means: Float64Array.from(ws.means).sort() };
}

/**
 * The bootstrap s.d. is computed in one pass, s² = (Σm² − B·m̄²)/(B − 1), whose rounding
 * error relative to s² is about B·ε·(m̄/s)² (cancellation when the means sit close
 * together); numpy's two-pass np.std is exact to a few ε. Tolerance for s: that bound.
 */
function sdTolerance(mean: number, sd: number, resamples: number): number {
  return Math.max(1e-12, 4 * resamples * Number.EPSILON * (mean / sd) ** 2);
}

describe('clusterBootstrapInterval vs numpy on the same indices', () => {
  it('estimate, bootstrap s.d. and percentile bounds', () => {
    const t = new ErrorTracker(1e-12, 1e-15);
    for (const c of fixture.numpyCases) {
      const label = `K=${c.S.length} B=${c.B} level=${c.level}`;
      const { out, means } = run(c);
      t.check(`${label} estimate`, out.estimate, c.estimate);
      const sd = new ErrorTracker(sdTolerance(c.estimate, c.se, c.B));
      sd.check(`${label} se`, out.se, c.se);
      t.failures.push(...sd.failures);
      t.check(`${label} lower`, out.lower, c.lower);
      t.check(`${label} upper`, out.upper, c.upper);
      if (c.sortedMeans)
        c.sortedMeans.forEach((m, b) => {
          t.check(`${label} mean ${b}`, means[b], m);
        });
    }
    expect(t.failures).toEqual([]);
  });
});

describe('clusterBootstrapInterval vs R boot', () => {
  it("reproduces boot's replicates from its indices, R's type-7 quantiles and sd", () => {
    const t = new ErrorTracker(1e-12, 1e-15);
    for (const c of fixture.bootCases) {
      const label = `K=${c.S.length} B=${c.B}`;
      const { out, means } = run(c);
      const sorted = [...c.replicates].sort((a, b) => a - b);
      sorted.forEach((r, b) => {
        t.check(`${label} replicate ${b}`, means[b], r);
      });
      t.check(`${label} estimate`, out.estimate, c.estimate);
      const sd = new ErrorTracker(sdTolerance(c.estimate, c.sd, c.B));
      sd.check(`${label} sd`, out.se, c.sd);
      t.failures.push(...sd.failures);
      t.check(`${label} lower`, out.lower, c.quantile7[0]);
      t.check(`${label} upper`, out.upper, c.quantile7[1]);
    }
    expect(t.failures).toEqual([]);
  });

  it("sits within one order statistic of boot.ci's percentile endpoints (boot's (R + 1)α rule)", () => {
    // Type 7 reads the 1-based position (B − 1)q + 1, boot.ci's percentile the position (B + 1)q:
    // they differ by 2q − 1, less than one order statistic, so both endpoints lie between the
    // order statistics around the two positions (a rule off by more would fall outside).
    for (const c of fixture.bootCases) {
      const sorted = [...c.replicates].sort((a, b) => a - b);
      const { out } = run(c);
      const alpha = 1 - c.level;
      for (const [ours, boots, q] of [
        [out.lower, c.bootCiPercent[0], alpha / 2],
        [out.upper, c.bootCiPercent[1], 1 - alpha / 2],
      ]) {
        const positions = [(c.B - 1) * q + 1, (c.B + 1) * q];
        const low = sorted[Math.floor(Math.min(...positions)) - 1];
        const high = sorted[Math.min(Math.ceil(Math.max(...positions)), c.B) - 1];
        for (const value of [ours, boots]) {
          expect(value).toBeGreaterThanOrEqual(low);
          expect(value).toBeLessThanOrEqual(high);
        }
      }
    }
  });
});

describe('interface', () => {
  it('reuses its workspace and rejects bad arguments by name', () => {
    const [c] = fixture.numpyCases;
    const ws = createClusterBootstrapWorkspace(c.B);
    const totals = { count: c.S.length, sizes: c.n, totals: c.S, sumSquares: c.S };
    const out = createClusterBootstrapInterval();
    clusterBootstrapInterval(totals, c.level, replay(c.indices), ws, out);
    const indices = ws.indices;
    const first = { ...out };
    clusterBootstrapInterval(totals, c.level, replay(c.indices), ws, out);
    expect(ws.indices).toBe(indices);
    expect(out).toEqual(first);
    expect(() => createClusterBootstrapWorkspace(1)).toThrow(/^resamples:/);
    expect(() => clusterBootstrapInterval({ ...totals, count: 0 }, 0.95, replay([]), ws, out)).toThrow(
      InputError,
    );
    expect(() => clusterBootstrapInterval(totals, 1.2, replay(c.indices), ws, out)).toThrow(/^level:/);
  });
});

describe('clusterBootstrapInterval: integer totals', () => {
  it('four running sums give the same bits as summing in index order (K = 1 … 41, integer and fractional totals)', () => {
    let x = 12345;
    const random = () => {
      x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
      return x / 4294967296;
    };
    for (let k = 1; k <= 41; k++) {
      for (const fractional of [false, true]) {
        const sizes = Array.from({ length: k }, () => 1 + Math.floor(random() * 40));
        const totals = sizes.map((n) => (fractional ? random() * n : Math.floor(random() * (n + 1))));
        const B = 50;
        const rows = Array.from({ length: B }, () =>
          Int32Array.from({ length: k }, () => Math.floor(random() * k)),
        );
        let b = 0;
        const ws = createClusterBootstrapWorkspace(B);
        const out = clusterBootstrapInterval(
          { count: k, sizes, totals, sumSquares: totals },
          0.9,
          (indices) => indices.set(rows[b++]),
          ws,
          createClusterBootstrapInterval(),
        );
        const means = rows.map((row) => {
          let total = 0;
          let items = 0;
          for (const g of row) {
            total += totals[g];
            items += sizes[g];
          }
          return total / items;
        });
        means.sort((p, q) => p - q);
        expect(Array.from(ws.means).sort((p, q) => p - q)).toEqual(means);
        expect(out.estimate).toBe(totals.reduce((x, y) => x + y, 0) / sizes.reduce((x, y) => x + y, 0));
      }
    }
  });
});

describe('clusterBootstrapInterval: fused resample sums (drawSums)', () => {
  it('gives the same means, s.d. and bounds, bit for bit, as the index draws it replaces (histogram and selection)', () => {
    let x = 777;
    const random = () => {
      x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
      return x / 4294967296;
    };
    for (let k = 1; k <= 60; k += 1 + (k >> 3)) {
      for (const kind of ['equal', 'unequal', 'fractional', 'large'] as const) {
        const sizes = Array.from({ length: k }, () =>
          kind === 'equal' ? 10 : 1 + Math.floor(random() * (kind === 'large' ? 5e6 : 40)),
        );
        const totals = sizes.map((n) =>
          kind === 'fractional' ? random() * n : Math.floor(random() * (n + 1)),
        );
        const B = 97;
        const rows = Array.from({ length: B }, () =>
          Int32Array.from({ length: k }, () => Math.floor(random() * k)),
        );
        const t = { count: k, sizes, totals, sumSquares: totals };
        let b = 0;
        const draw = (indices: Int32Array) => indices.set(rows[b++]);
        let fused = 0;
        const drawSums = (values: Int32Array, count: number, sums: Int32Array) => {
          for (let r = 0; r < sums.length; r++) {
            fused++;
            let sum = 0;
            for (let j = 0; j < count; j++) sum = (sum + values[rows[b][j]]) | 0;
            sums[r] = sum;
            b++;
          }
        };
        const plainWs = createClusterBootstrapWorkspace(B);
        const plain = clusterBootstrapInterval(t, 0.9, draw, plainWs, createClusterBootstrapInterval());
        b = 0;
        const fusedWs = createClusterBootstrapWorkspace(B);
        const out = clusterBootstrapInterval(
          t,
          0.9,
          draw,
          fusedWs,
          createClusterBootstrapInterval(),
          drawSums,
        );
        // Packed (so fused) exactly when the totals are integers that fit: not 'fractional' nor 'large'.
        expect([kind, fused]).toEqual([kind, kind === 'equal' || kind === 'unequal' ? B : 0]);
        // Equal sizes (always so for K = 1): percentiles from the histogram of resample totals; else by selection.
        const equalSizes = kind === 'equal' || (kind === 'unequal' && k === 1);
        expect([kind, k, fusedWs.counts.length > 0]).toEqual([kind, k, equalSizes]);
        expect(b).toBe(B);
        expect(out).toEqual(plain);
        expect(Float64Array.from(fusedWs.means).sort()).toEqual(Float64Array.from(plainWs.means).sort());
      }
    }
  });
});
