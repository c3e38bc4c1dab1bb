/**
 * analyze's clustered interval library against the core functions called directly (to
 * 1e-12 relative): per system Korn–Graubard Wilson / Clopper–Pearson, the hierarchical
 * beta-binomial and the four cluster bootstraps (core's endpoint functions are checked
 * against R boot::boot.ci fed the same replicates in packages/core/fixtures; here they are
 * fed the replicates analyze's seeded stream gives); per pair the paired cluster bootstrap of
 * d̄ and the unpaired Agresti–Caffo / Newcombe hybrid / Miettinen–Nurminen. Same seed →
 * identical analysis; another seed → other bootstrap endpoints, everything else identical.
 * And the bootstraps against R boot::boot.ci directly (packages/sim/fixtures/analysisBootstrap.json,
 * made by fixtures/scripts/analysisBootstrap.R from the resample indices analyze's streams draw):
 * R recomputes every replicate, its CR1 SE and the jackknife from the indices, to 1e-9 relative.
 * Degenerate cases give a stated reason, never NaN.
 */
import {
  agrestiCaffoInterval,
  bootstrapBasicInterval,
  bootstrapBcaInterval,
  bootstrapPercentileInterval,
  bootstrapStudentizedInterval,
  clusterBootstrapReplicates,
  clusterJackknifeMeans,
  clusterTotalsFromItems,
  cr1ClusteredVariance,
  hierarchicalBetaBinomialInterval,
  kornGraubardClopperPearsonInterval,
  kornGraubardWilsonInterval,
  miettinenNurminenInterval,
  newcombeHybridInterval,
} from '@evalsim/core';
import { describe, expect, it } from 'vitest';
import type { EvalMatrix } from '../evals/evalMatrix.js';
import { SeededStream } from '../rng/SeededStream.js';
import { sampleIndices } from '../samplers/indices.js';
import { loadFixture } from '../test-utils/fixtures.js';
import { matrixFromCounts } from '../test-utils/matrixFromCounts.js';
import { analyzeEval } from './analyzeEval.js';
import { bootstrapStreamKey, type ClusterBootstrapSet } from './clusterBootstrapSet.js';

/** S systems × K clusters (sizes 4…12, ids ascending), 0/1 answers with a per-cluster rate. */
function clusteredMatrix(S: number, K: number, seed = 7): EvalMatrix {
  const rng = new SeededStream(bootstrapStreamKey(seed, 'fixture'), 0);
  const sizes = Array.from({ length: K }, () => 4 + rng.index(9));
  const Q = sizes.reduce((a, b) => a + b, 0);
  const cluster = new Int32Array(Q);
  let q = 0;
  sizes.forEach((n, g) => {
    for (let i = 0; i < n; i++) cluster[q++] = g;
  });
  const scores = new Float64Array(S * Q);
  for (let s = 0; s < S; s++) {
    const rates = Array.from({ length: K }, () => rng.beta(6 + 2 * s, 3));
    for (let i = 0; i < Q; i++) scores[s * Q + i] = rng.bernoulli(rates[cluster[i]]);
  }
  return {
    task: 'fixture',
    metric: 'correct',
    systems: Array.from({ length: S }, (_, s) => `sys${s}`),
    questions: Array.from({ length: Q }, (_, i) => `q${i}`),
    clusterOfQuestion: cluster,
    clusterNames: Array.from({ length: K }, (_, g) => `g${g}`),
    epochs: 1,
    scores,
    epochCounts: new Int32Array(S * Q).fill(1),
    binary: true,
    warnings: [],
  };
}

const tol = 1e-12;
function close(got: { lower: number; upper: number } | null, want: { lower: number; upper: number }) {
  expect(got).not.toBeNull();
  for (const side of ['lower', 'upper'] as const) {
    const d = Math.abs(got![side] - want[side]);
    expect(d, `${side}: got ${got![side]}, want ${want[side]}, Δ ${d}`).toBeLessThanOrEqual(
      tol * Math.max(1, Math.abs(want[side])),
    );
  }
}

/** The four boot.ci-rule intervals from core, fed the replicates of analyze's stream for `key`. */
function coreBootstrap(values: Float64Array, cluster: Int32Array, seed: number, key: string, B: number) {
  const t = clusterTotalsFromItems(values, cluster);
  const K = t.count;
  const stream = new SeededStream(bootstrapStreamKey(seed, key), 0);
  const means = new Float64Array(B);
  const ses = new Float64Array(B);
  clusterBootstrapReplicates(t, (out) => sampleIndices(stream, K, out), new Int32Array(K), means, ses);
  let sum = 0;
  for (const v of values) sum += v;
  const t0 = sum / values.length;
  return {
    percentile: bootstrapPercentileInterval(t0, means),
    basic: bootstrapBasicInterval(t0, means),
    studentized: bootstrapStudentizedInterval(t0, Math.sqrt(cr1ClusteredVariance(t)), means, ses),
    bca: bootstrapBcaInterval(t0, means, clusterJackknifeMeans(t, new Float64Array(K))),
  };
}

function checkBootstrap(got: ClusterBootstrapSet, want: ReturnType<typeof coreBootstrap>) {
  close(got.percentile, want.percentile);
  close(got.basic, want.basic);
  close(got.studentized, want.studentized);
  close(got.bca, want.bca);
}

function nanPaths(v: unknown, path = 'analysis', out: string[] = []): string[] {
  if (typeof v === 'number' && Number.isNaN(v)) out.push(path);
  else if (v && typeof v === 'object' && !ArrayBuffer.isView(v))
    for (const [k, w] of Object.entries(v)) nanPaths(w, `${path}.${k}`, out);
  return out;
}

describe('analyze: the clustered interval library equals core', () => {
  const m = clusteredMatrix(3, 18);
  const Q = m.questions.length;
  const B = 500;
  const a = analyzeEval(m, { seed: 11, resamples: B, hbb: 'on' });
  const cluster = m.clusterOfQuestion;
  const answers = (s: number) => m.scores.subarray(s * Q, (s + 1) * Q);

  it('per system: Korn–Graubard Wilson / Clopper–Pearson and the hierarchical beta-binomial', () => {
    a.systems.forEach((sys, s) => {
      const y = answers(s);
      const t = clusterTotalsFromItems(y, cluster);
      const k = y.reduce((x, z) => x + z, 0);
      const v = cr1ClusteredVariance(t);
      const c = sys.binary!.clustered!;
      close(c.kornGraubardWilson, kornGraubardWilsonInterval(k / Q, Q, v, t.count - 1));
      close(c.kornGraubardClopperPearson, kornGraubardClopperPearsonInterval(k / Q, Q, v, t.count - 1));
      close(c.hierarchicalBetaBinomial, hierarchicalBetaBinomialInterval(t.totals, t.sizes));
      expect(c.effectiveQuestions! / (((k / Q) * (1 - k / Q)) / v)).toBeCloseTo(1, 12);
    });
  });

  it('per system: the four cluster bootstraps from one set of resamples keyed by (seed, system)', () => {
    a.systems.forEach((sys, s) => {
      const boot = sys.clustered!.bootstrap;
      expect([boot.seed, boot.resamples]).toEqual([11, B]);
      checkBootstrap(boot, coreBootstrap(answers(s), cluster, 11, sys.system, B));
    });
  });

  it('per pair: the paired cluster bootstrap of d̄ and the unpaired two-sample intervals', () => {
    for (const p of a.pairs) {
      const i = m.systems.indexOf(p.first);
      const j = m.systems.indexOf(p.second);
      const d = Float64Array.from(answers(i), (x, q) => x - answers(j)[q]);
      checkBootstrap(p.clusterBootstrap!, coreBootstrap(d, cluster, 11, `${p.first}\u0000${p.second}`, B));
      const kA = answers(i).reduce((x, z) => x + z, 0);
      const kB = answers(j).reduce((x, z) => x + z, 0);
      close(p.unpairedIntervals!.agrestiCaffo, agrestiCaffoInterval(kA, Q, kB, Q));
      close(p.unpairedIntervals!.newcombeHybrid, newcombeHybridInterval(kA, Q, kB, Q));
      close(p.unpairedIntervals!.miettinenNurminen, miettinenNurminenInterval(kA, Q, kB, Q));
    }
    expect(nanPaths(a)).toEqual([]);
  });
});

describe('analyze: seeded bootstraps', () => {
  const m = clusteredMatrix(4, 12, 3);
  const strip = (x: unknown): unknown =>
    JSON.parse(
      JSON.stringify(x, (k, v) =>
        k === 'bootstrap' || k === 'clusterBootstrap' || k === 'seed' ? undefined : v,
      ),
    );
  it('the same seed gives an identical analysis; another seed changes only the bootstrap endpoints', () => {
    const one = analyzeEval(m, { seed: 5, resamples: 200, hbb: 'off' });
    const again = analyzeEval(m, { seed: 5, resamples: 200, hbb: 'off' });
    const other = analyzeEval(m, { seed: 6, resamples: 200, hbb: 'off' });
    expect(JSON.stringify(again)).toBe(JSON.stringify(one));
    expect(strip(other)).toEqual(strip(one));
    for (let s = 0; s < one.systems.length; s++) {
      const x = one.systems[s].clustered!.bootstrap;
      const y = other.systems[s].clustered!.bootstrap;
      expect(y.seed).toBe(6);
      expect(y.percentile).not.toEqual(x.percentile);
      expect(y.bca).not.toEqual(x.bca);
    }
    expect(other.pairs[0].clusterBootstrap!.basic).not.toEqual(one.pairs[0].clusterBootstrap!.basic);
  });

  it("a system's interval does not depend on which other systems are analysed", () => {
    const all = analyzeEval(m, { resamples: 200, hbb: 'off' });
    const sub: EvalMatrix = {
      ...m,
      systems: [m.systems[2]],
      scores: m.scores.slice(2 * m.questions.length, 3 * m.questions.length),
      epochCounts: new Int32Array(m.questions.length).fill(1),
    };
    expect(analyzeEval(sub, { resamples: 200, hbb: 'off' }).systems[0].clustered!.bootstrap).toEqual(
      all.systems[2].clustered!.bootstrap,
    );
  });

  it('hbb auto runs the hierarchical beta-binomial for at most 4 systems, and says why not otherwise', () => {
    const five = analyzeEval(clusteredMatrix(5, 6, 4), { resamples: 100 });
    expect(five.systems[0].binary!.clustered!.hierarchicalBetaBinomial).toBeNull();
    expect(five.systems[0].skipped).toContainEqual({
      method: 'hierarchicalBetaBinomial',
      reason: '≈ 0.5 s per system, run by default for at most 4 systems (5 here); pass --hbb on',
    });
    const off = analyzeEval(clusteredMatrix(2, 6, 4), { resamples: 100, hbb: 'off' });
    expect(off.systems[1].skipped).toContainEqual({
      method: 'hierarchicalBetaBinomial',
      reason: '--hbb off',
    });
  });

  it('bad options name the option and the allowed values', () => {
    expect(() => analyzeEval(m, { resamples: 10 })).toThrow(
      /^resamples: must be a whole number from 100 to 1000000, got 10$/,
    );
    expect(() => analyzeEval(m, { seed: -1 })).toThrow(/^seed: must be a whole number ≥ 0, got -1$/);
    expect(() => analyzeEval(m, { hbb: 'yes' as never })).toThrow(/^hbb: "yes" is not one of auto, on, off$/);
  });
});

describe('analyze: degenerate clustered cases give reasons, never NaN', () => {
  it('two clusters: bootstrap-t skipped (K < 3), the other types reported', () => {
    const a = analyzeEval(
      matrixFromCounts(4, 3, 1, 2, ['A', 'B'], Int32Array.from([0, 0, 1, 1, 0, 1, 0, 1, 0, 1])),
      {
        resamples: 200,
        hbb: 'off',
      },
    );
    const boot = a.systems[0].clustered!.bootstrap;
    expect(boot.studentized).toBeNull();
    expect(boot.percentile).not.toBeNull();
    expect(a.systems[0].skipped.map((k) => k.method)).toContain('cluster bootstrap studentized');
    expect(a.systems[0].skipped.find((k) => k.method === 'cluster bootstrap studentized')!.reason).toMatch(
      /^bootstrap-t needs K ≥ 3 clusters \(K = 2/,
    );
    expect(nanPaths(a)).toEqual([]);
  });

  it('an all-correct system: bootstraps skipped with the reason, Korn–Graubard falls back to n = Q and says so', () => {
    const clusters = Int32Array.from({ length: 12 }, (_, i) => i % 4);
    const a = analyzeEval(matrixFromCounts(8, 4, 0, 0, ['A', 'B'], clusters), { resamples: 200, hbb: 'on' });
    const s = a.systems[0];
    expect(s.binary!.correct).toBe(12);
    const boot = s.clustered!.bootstrap;
    expect([boot.percentile, boot.basic, boot.studentized, boot.bca]).toEqual([null, null, null, null]);
    expect(s.skipped).toContainEqual({
      method: 'cluster bootstrap percentile, basic, studentized, bca',
      reason: 'every resample has the same mean (1): every cluster has the same mean score',
    });
    const c = s.binary!.clustered!;
    expect(c.kornGraubardWilson.upper).toBe(1);
    expect(c.effectiveQuestions).toBeNull();
    expect(s.skipped.map((k) => k.method)).toContain('kornGraubard design effect');
    expect(c.hierarchicalBetaBinomial!.upper).toBeLessThan(1);
    expect(nanPaths(a)).toEqual([]);
  });

  it('graded scores with clusters: the bootstraps of the mean score, Korn–Graubard and HBB skipped with the reason', () => {
    const m = clusteredMatrix(2, 8, 5);
    const scores = m.scores.map((x, i) => (i % 5 === 0 ? 0.5 : x));
    const a = analyzeEval({ ...m, scores, binary: false }, { resamples: 200, hbb: 'on' });
    const s = a.systems[0];
    expect(s.binary).toBeNull();
    expect(s.clustered!.bootstrap.bca).not.toBeNull();
    expect(s.skipped[0].method).toBe('wilson, clopperPearson, Korn–Graubard, hierarchical beta-binomial');
    expect(s.skipped[0].reason).toMatch(/^the scores are graded/);
    expect(a.pairs[0].unpairedIntervals).toBeNull();
    expect(nanPaths(a)).toEqual([]);
  });

  it('one cluster: no clustered analysis, one stated reason', () => {
    const a = analyzeEval(matrixFromCounts(4, 3, 1, 2, ['A', 'B'], new Int32Array(10)), { hbb: 'on' });
    expect(a.systems[0].clustered).toBeNull();
    expect(a.systems[0].binary!.clustered).toBeNull();
    expect(a.pairs[0].clusterBootstrap).toBeNull();
    expect(a.systems[0].skipped[0].reason).toBe('the eval has no clusters (K < 2)');
  });
});

interface BootFixture {
  seed: number;
  resamples: number;
  cluster: number[];
  A: number[];
  B: number[];
  indices: Record<'A' | 'B' | 'pair', number[][]>;
  systems: Record<'A' | 'B', RBoot>;
  pair: RBoot;
}
interface RBoot {
  estimate: string;
  se: string;
  percentile: string[];
  basic: string[];
  studentized: string[];
  bca: string[];
}

describe('analyze: the cluster bootstraps against R boot.ci fed the same resamples', () => {
  const fx = loadFixture<BootFixture>('analysisBootstrap');
  const Q = fx.cluster.length;
  const K = Math.max(...fx.cluster) + 1;
  const m: EvalMatrix = {
    task: 'boot',
    metric: 'correct',
    systems: ['A', 'B'],
    questions: Array.from({ length: Q }, (_, i) => `q${i}`),
    clusterOfQuestion: Int32Array.from(fx.cluster),
    clusterNames: Array.from({ length: K }, (_, g) => `g${g}`),
    epochs: 1,
    scores: Float64Array.from([...fx.A, ...fx.B]),
    epochCounts: new Int32Array(2 * Q).fill(1),
    binary: true,
    warnings: [],
  };
  const a = analyzeEval(m, { seed: fx.seed, resamples: fx.resamples, hbb: 'off' });

  it("the fixture's resample indices are the ones analyze's streams draw", () => {
    for (const [label, key] of [
      ['A', 'A'],
      ['B', 'B'],
      ['pair', 'B\u0000A'],
    ] as const) {
      const stream = new SeededStream(bootstrapStreamKey(fx.seed, key), 0);
      const drawn = Array.from({ length: fx.resamples }, () =>
        Array.from({ length: K }, () => stream.index(K)),
      );
      expect(drawn, label).toEqual(fx.indices[label]);
    }
  });

  it('percentile, basic, studentized and BCa equal boot.ci (systems A and B, the pair B − A) to 1e-9', () => {
    const checks: [ClusterBootstrapSet, RBoot, number][] = [
      [a.systems[0].clustered!.bootstrap, fx.systems.A, a.systems[0].score],
      [a.systems[1].clustered!.bootstrap, fx.systems.B, a.systems[1].score],
      [a.pairs[0].clusterBootstrap!, fx.pair, a.pairs[0].difference],
    ];
    expect([a.pairs[0].first, a.pairs[0].second]).toEqual(['B', 'A']);
    for (const [got, want, estimate] of checks) {
      const near = (x: number, y: string, what: string) => {
        const d = Math.abs(x - Number(y));
        expect(d, `${what}: got ${x}, R ${y}, Δ ${d}`).toBeLessThanOrEqual(
          1e-9 * Math.max(Math.abs(Number(y)), 1e-3),
        );
      };
      near(estimate, want.estimate, 'estimate');
      near(got.se, want.se, 'se');
      for (const type of ['percentile', 'basic', 'studentized', 'bca'] as const) {
        near(got[type]!.lower, want[type][0], `${type} lower`);
        near(got[type]!.upper, want[type][1], `${type} upper`);
      }
    }
  });
});
