import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { tQuantile } from '../../packages/core/src/index.js';
import {
  type ClusteredScores,
  loadStudy,
  type MethodDefinition,
  type MethodResult,
  runStudy,
} from '../../packages/sim/src/index.js';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

function scores(sizes: number[], totals: number[]): ClusteredScores {
  return {
    kind: 'clusteredScores',
    clusterCount: sizes.length,
    itemCount: sizes.reduce((a, b) => a + b, 0),
    sizes: Float64Array.from(sizes),
    totals: Float64Array.from(totals),
    sumSquares: Float64Array.from(totals),
  };
}

function analyse(
  definition: MethodDefinition,
  data: ClusteredScores,
  options = {},
  level = 0.95,
): MethodResult {
  const out = {} as MethodResult;
  definition.create(options, { level })(data, undefined as never, out);
  return out;
}

describe('the example user method (studies/examples/my-interval.mjs)', async () => {
  const { default: method } = (await import(here('./my-interval.mjs'))) as { default: MethodDefinition };

  test('matches its formula on hand-made clusters', () => {
    // K = 3 clusters of 5: totals 3, 5, 4 → X = 12, N = 15, p̂ = 0.8.
    const out = analyse(method, scores([5, 5, 5], [3, 5, 4]));
    const centre = (12 + 3 / 8) / (15 + 3 / 4);
    const residuals = [3 - 4, 5 - 4, 4 - 4];
    const cr1 = Math.sqrt((3 / 2) * residuals.reduce((a, r) => a + r * r, 0)) / 15;
    const se = Math.max(cr1, Math.sqrt((centre * (1 - centre)) / 15));
    const t = tQuantile(0.975, 2);
    expect(out.estimate).toBeCloseTo(centre, 15);
    expect(out.se).toBeCloseTo(se, 15);
    expect(out.lower).toBeCloseTo(centre - t * se, 14);
    expect(out.upper).toBeCloseTo(centre + t * se, 14);
    expect(out.degenerate).toBe(false);
    expect(out.pTwoSided).toBeNaN();
  });

  test('floors the SE at the binomial SE when every cluster agrees, and flags one cluster', () => {
    const out = analyse(method, scores([4, 4], [4, 4]));
    const centre = (8 + 3 / 8) / (8 + 3 / 4);
    expect(out.se).toBeCloseTo(Math.sqrt((centre * (1 - centre)) / 8), 15);
    expect(analyse(method, scores([4], [2])).degenerate).toBe(true);
  });

  test('rejects an unknown option, naming it', () => {
    expect(() => method.create({ shfit: 0.5 }, { level: 0.95 })).toThrow(/shfit: unknown option/);
  });

  test('runs from the example study beside a built-in method', async () => {
    const study = await loadStudy(here('./user-method.json'));
    expect(study.methods.map((m) => m.id)).toEqual(['anscombe', 'clusteredT']);
    const result = await runStudy(study, { workers: 0, replications: 200 });
    const coverage = result.rows.filter((r) => r.method === 'anscombe' && r.metric === 'coverage');
    expect(coverage).toHaveLength(4);
    for (const row of coverage) {
      expect(row.replications).toBe(200);
      expect(row.value).toBeGreaterThan(0.5);
      expect(row.value).toBeLessThanOrEqual(1);
    }
  });
});
