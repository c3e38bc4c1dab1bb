/**
 * Wild cluster bootstrap-t interval (WCR, inverted) against an independent numpy
 * implementation fed the same weights (packages/core/fixtures/wildClusterBootstrap.json,
 * made by fixtures/scripts/wildClusterBootstrap.py): every bootstrap t computed from
 * explicitly built samples, and each bound the exact point (a root of one quartic per draw)
 * where the test starts to reject inside the method's search step; the method bisects to
 * 1e-7 SE, the tolerance checked here.
 */
import { describe, expect, it } from 'vitest';
import { ErrorTracker, loadFixture } from '../test-utils/fixtures.js';
import {
  createWildBootstrapInterval,
  createWildBootstrapWorkspace,
  type DrawWildWeights,
  wildClusterBootstrapInterval,
} from './index.js';

interface Bound {
  readonly bound: number | 'Infinity' | '-Infinity';
  readonly bracket: [number, number] | null;
}
interface Case {
  readonly S: number[];
  readonly n: number[];
  readonly B: number;
  readonly level: number;
  readonly weightsKind: string;
  readonly weights: number[][];
  readonly estimate: number;
  readonly se: number;
  readonly lower: Bound | null;
  readonly upper: Bound | null;
}
const { cases } = loadFixture<{ cases: Case[] }>('wildClusterBootstrap');

/** A draw that replays the reference's weights; counts the draws made. */
function replay(weights: readonly (readonly number[])[]): DrawWildWeights & { readonly draws: number } {
  let b = 0;
  const draw = (out: Float64Array, k: number) => {
    for (let g = 0; g < k; g++) out[g] = weights[b][g];
    b++;
  };
  return Object.defineProperty(draw, 'draws', { get: () => b }) as DrawWildWeights & {
    readonly draws: number;
  };
}

function run(c: Case) {
  const N = c.n.reduce((a, b) => a + b, 0);
  const draw = replay(c.weights);
  const out = wildClusterBootstrapInterval(
    { count: c.S.length, sizes: c.n, totals: c.S, sumSquares: c.S },
    N,
    c.level,
    draw,
    createWildBootstrapWorkspace(c.B),
    createWildBootstrapInterval(),
  );
  return { out, draws: draw.draws };
}

describe('wildClusterBootstrapInterval vs numpy on the same weights', () => {
  it.each(cases.filter((c) => c.se > 0).map((c) => [`K = ${c.S.length}, ${c.weightsKind}, B = ${c.B}`, c]))(
    '%s: estimate, CR1 SE and both bounds',
    (_label, c) => {
      const { out, draws } = run(c as Case);
      const t = new ErrorTracker(1e-12, 1e-15);
      t.check('estimate', out.estimate, (c as Case).estimate);
      t.check('se', out.se, (c as Case).se);
      expect(t.failures).toEqual([]);
      expect(draws).toBe((c as Case).B);
      for (const [got, expected] of [
        [out.lower, (c as Case).lower],
        [out.upper, (c as Case).upper],
      ] as const) {
        if (!expected) throw new Error('fixture bound missing');
        if (typeof expected.bound === 'string') {
          expect(got).toBe(Number(expected.bound));
          continue;
        }
        const tolerance = 1e-7 * out.se;
        expect(Math.abs(got - expected.bound), `|Δ| ≤ ${tolerance}`).toBeLessThanOrEqual(tolerance);
        const [low, high] = expected.bracket!;
        expect(got).toBeGreaterThanOrEqual(low - tolerance);
        expect(got).toBeLessThanOrEqual(high + tolerance);
      }
      expect(out.degenerate).toBe(!Number.isFinite(out.lower) || !Number.isFinite(out.upper));
    },
  );

  it('zero SE (every cluster mean equal): NaN bounds, degenerate, no draws', () => {
    const c = cases.find((x) => x.se === 0)!;
    const { out, draws } = run(c);
    expect(out.estimate).toBe(c.estimate);
    expect(Number.isNaN(out.lower) && Number.isNaN(out.upper)).toBe(true);
    expect(out.degenerate).toBe(true);
    expect(draws).toBe(0);
  });

  it('rejects bad arguments by name', () => {
    const c = cases[1];
    const ws = createWildBootstrapWorkspace(c.B);
    const out = createWildBootstrapInterval();
    const totals = { count: 1, sizes: c.n, totals: c.S, sumSquares: c.S };
    expect(() => wildClusterBootstrapInterval(totals, 10, 0.95, replay(c.weights), ws, out)).toThrow(
      /^t\.count:/,
    );
    expect(() =>
      wildClusterBootstrapInterval({ ...totals, count: 2 }, 0, 0.95, replay(c.weights), ws, out),
    ).toThrow(/^itemCount:/);
    expect(() =>
      wildClusterBootstrapInterval({ ...totals, count: 2 }, 10, 0, replay(c.weights), ws, out),
    ).toThrow(/^level:/);
    expect(() => createWildBootstrapWorkspace(0)).toThrow(/^resamples:/);
  });
});
