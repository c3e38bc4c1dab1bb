/**
 * The measure metrics through runStudy on the toy model (20 clusters × 5 independent
 * Bernoulli(p) items, the naive Wald interval over N = 100 items), checked against exact
 * binomial values within 4 MCSE and against identities that hold exactly (up to rounding)
 * whatever the draws: MSE = bias² + EmpSE²·(n − 1)/n, RMSE = √MSE, relative bias = bias/θ,
 * relative error in model SE = 100·(ModSE/EmpSE − 1), coverage + both non-coverages = 1.
 */
import { describe, expect, test } from 'vitest';
import { validateStudy } from '../config/validateStudy.js';
import type { ResultRow } from '../output/resultRow.js';
import type { RunOptions } from '../runner/runOptions.js';
import { runStudy } from '../runner/runStudy.js';
import { toyBaseDir, toyStudyConfig } from '../runner/test-utils/toyStudy.js';

const Z95 = 1.959963984540054;
const N = 100;
const REPLICATIONS = 4000;

const config = toyStudyConfig({
  replications: REPLICATIONS,
  grid: { p: [0.5, 0.2] },
  methods: [{ id: 'wald', module: './toy-wald.mjs' }],
  metrics: [
    'coverage',
    'biasEliminatedCoverage',
    'lowerNoncoverage',
    'upperNoncoverage',
    'meanEstimate',
    'bias',
    'relativeBias',
    'empiricalSE',
    'modelSE',
    'relativeErrorModelSE',
    'mse',
    'rmse',
    { metric: 'rejectionRate', id: 'reject' },
    { metric: 'bradley', id: 'bradleyLiberal' },
    { metric: 'bradley', id: 'bradleyStringent', criterion: 'stringent' },
  ],
  formulas: [],
  expectations: [],
  diagnostics: false,
});

async function rows(options: RunOptions = {}): Promise<readonly ResultRow[]> {
  return (await runStudy(await validateStudy(config, toyBaseDir), { workers: 0, ...options })).rows;
}

function pmf(x: number, p: number): number {
  let logChoose = 0;
  for (let i = 1; i <= x; i++) logChoose += Math.log(N - x + i) - Math.log(i);
  return Math.exp(logChoose + x * Math.log(p) + (N - x) * Math.log(1 - p));
}

/** Exact P(c < L), P(L ≤ c ≤ U), P(c > U) of the Wald interval of Binomial(N, p) at a point c. */
function exactWald(p: number, c: number): { below: number; covered: number; above: number } {
  const out = { below: 0, covered: 0, above: 0 };
  for (let x = 0; x <= N; x++) {
    const phat = x / N;
    const half = Z95 * Math.sqrt((phat * (1 - phat)) / N);
    if (c < phat - half) out.below += pmf(x, p);
    else if (c > phat + half) out.above += pmf(x, p);
    else out.covered += pmf(x, p);
  }
  return out;
}

describe('measure metrics through runStudy', async () => {
  const result = await rows();
  const get = (p: number, metric: string): ResultRow => {
    const found = result.find((r) => r.params.p === p && r.method === 'wald' && r.metric === metric);
    if (!found) throw new Error(`no row p=${p} ${metric}`);
    return found;
  };

  test.each([0.5, 0.2])(
    'p = %s: coverage and its tails, and bias-eliminated coverage, vs exact binomial within 4 MCSE',
    (p) => {
      const exact = exactWald(p, p);
      const within4 = (metric: string, expected: number) => {
        const row = get(p, metric);
        expect(Math.abs(row.value - expected), `${metric} ${row.value} vs ${expected}`).toBeLessThan(
          4 * row.mcse,
        );
      };
      within4('coverage', exact.covered);
      within4('lowerNoncoverage', exact.below);
      within4('upperNoncoverage', exact.above);
      const sum =
        get(p, 'coverage').value + get(p, 'lowerNoncoverage').value + get(p, 'upperNoncoverage').value;
      expect(sum).toBeCloseTo(1, 12); // no degenerate replication at N = 100 loses its bounds
      // Bias-eliminated coverage: the same count around the run's own mean estimate θ̄.
      within4('biasEliminatedCoverage', exactWald(p, get(p, 'meanEstimate').value).covered);
    },
  );

  test.each([0.5, 0.2])('p = %s: exact identities between the rows', (p) => {
    const n = REPLICATIONS;
    const bias = get(p, 'bias').value;
    const empse = get(p, 'empiricalSE').value;
    const mse = get(p, 'mse').value;
    expect(mse).toBeCloseTo(bias * bias + (empse * empse * (n - 1)) / n, 14);
    expect(Math.abs(mse - (bias * bias + (empse * empse * (n - 1)) / n))).toBeLessThan(1e-12 * mse);
    expect(get(p, 'rmse').value).toBe(Math.sqrt(mse));
    expect(get(p, 'rmse').mcse).toBeCloseTo(get(p, 'mse').mcse / (2 * Math.sqrt(mse)), 15);
    expect(Math.abs(get(p, 'relativeBias').value - bias / p)).toBeLessThan(1e-12);
    const ratio = get(p, 'modelSE').value / empse;
    expect(Math.abs(get(p, 'relativeErrorModelSE').value - 100 * (ratio - 1))).toBeLessThan(1e-9);
  });

  test.each([0.5, 0.2])('p = %s: model SE and MSE vs their exact values within 4 MCSE', (p) => {
    let meanSquaredSE = 0;
    for (let x = 0; x <= N; x++) meanSquaredSE += (pmf(x, p) * ((x / N) * (1 - x / N))) / N;
    const model = get(p, 'modelSE');
    expect(Math.abs(model.value - Math.sqrt(meanSquaredSE))).toBeLessThan(4 * model.mcse);
    const mse = get(p, 'mse'); // p̂ is unbiased: MSE = p(1 − p)/N
    expect(Math.abs(mse.value - (p * (1 - p)) / N)).toBeLessThan(4 * mse.mcse);
    const rb = get(p, 'relativeBias'); // unbiased: 0
    expect(Math.abs(rb.value)).toBeLessThan(4 * rb.mcse);
  });

  test("Bradley's verdicts: the size at p = 0.5 is within the liberal band; power at p = 0.2 is far outside", () => {
    const size = get(0.5, 'reject');
    // The Wald z-test's exact size at N = 100 is ≈ 0.057, inside [0.025, 0.075] by ≥ 4 MCSE at 4000 replications.
    expect(size.value).toBeGreaterThan(0.025 + 4 * size.mcse);
    expect(size.value).toBeLessThan(0.075 - 4 * size.mcse);
    expect(get(0.5, 'bradleyLiberal').value).toBe(1);
    expect(get(0.2, 'bradleyLiberal').value).toBe(0);
    expect(get(0.2, 'bradleyStringent').value).toBe(0);
    expect([0, 0.5, 1]).toContain(get(0.5, 'bradleyStringent').value);
  });

  test('the rows do not depend on the chunking', async () => {
    const chunked = await rows({ chunkSize: 7 });
    expect(chunked.map((r) => [r.metric, r.value, r.mcse])).toEqual(
      result.map((r) => [r.metric, r.value, r.mcse]),
    );
  });
});
