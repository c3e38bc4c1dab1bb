/** A small study of the test-only toy model and methods (module paths resolve in this folder). */
import { fileURLToPath } from 'node:url';

export const toyBaseDir: string = fileURLToPath(new URL('.', import.meta.url));

export function toyStudyConfig(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'toy-study',
    title: 'Toy study',
    seed: 20240601,
    replications: 1000,
    model: { module: './toy-model.mjs', params: { clusters: 20, m: 5 } },
    grid: { p: [0.5, 0.2] },
    methods: [
      { id: 'wald', module: './toy-wald.mjs' },
      { id: 'boot', module: './toy-bootstrap.mjs', resamples: 40, replications: 300 },
    ],
    metrics: [
      'coverage',
      'meanWidth',
      'medianWidth',
      { metric: 'rejectionRate', id: 'reject', alpha: 0.05 },
      'meanEstimate',
      'bias',
      'empiricalSE',
      'meanSE',
    ],
    diagnostics: true,
    formulas: [{ id: 'analytic', formula: 'naiveCoverageUnderDesignEffect', metric: 'coverage', icc: 0 }],
    expectations: [
      {
        method: 'wald',
        metric: 'coverage',
        published: 0.95,
        tolerance: 0.03,
        basis: 'toy: nominal level ± 3 points',
      },
      {
        cell: { p: 0.2 },
        method: 'analytic',
        metric: 'coverage',
        published: 0.95,
        tolerance: 1e-9,
        basis: 'closed form',
      },
    ],
    ...overrides,
  };
}

/** A small study of built-in blocks only (no user code: this thread may compute its chunks). */
export const BUILT_IN_STUDY = {
  name: 'built-in',
  title: 'Built-in blocks only',
  seed: 11,
  replications: 1000,
  model: { name: 'betaBinomialClusters', params: { p: 0.7, clusters: 8, m: 5 } },
  grid: { rho: [0.05, 0.3] },
  methods: [
    { id: 'naive', method: 'wald' },
    { id: 'clustered', method: 'clustered' },
  ],
  metrics: ['coverage', 'meanWidth', 'bias'],
};
