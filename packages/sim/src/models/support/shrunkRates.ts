/**
 * Per-question TRUE success rates estimated from an eval with several answers per question,
 * for the models that re-answer its questions (itemPopulation's `truth: 'shrunk'`): a
 * question's observed rate r = c/k carries answer noise of variance p(1 − p)/k, so taking r as
 * the truth (and drawing new answers from it) counts that noise twice — the spread of the
 * rates, and the pairwise variance ω² of two systems' differences, come out too large (issue 26:
 * plan's ω² 0.126 against analyze's 0.0139).
 *
 * Method of moments, jointly over the S systems and in two levels (cluster means and the
 * questions' deviations from them), so that the second moments of the estimated truth are the
 * observed ones with the within-question binomial variance removed — the same correction
 * analyze's epochPower makes for ω² (Miller 2024 §3):
 *
 *   v_sq = r_sq (1 − r_sq)/(k_sq − 1)        unbiased for p(1 − p)/k (k ≥ 2; k = 1: the system's mean s²)
 *   b_q = m_c(q) − μ,  w_q = r_q − m_c(q)     (S-vectors; m_c the cluster means, μ the means)
 *   Σ_b = Σ_q b bᵀ/(Q − 1),  Σ_w = Σ_q w wᵀ/(Q − 1)
 *   D_b = diag(Σ_c V_c/n_c)/Q,  D_w = diag(Σ_c V_c (1 − 1/n_c))/Q,   V_c = Σ_{q∈c} v_q
 *   T = Σ − D (each level, negative eigenvalues set to 0),  L = T^{1/2} Σ^{−1/2}
 *   p̃_q = μ + L_b b_q + L_w w_q,  clipped to [0, 1],
 *
 * so L Σ Lᵀ = T at each level: the estimated rates have the observed means, the between-
 * and within-cluster covariances of the truth, and — for two systems A, B — Var(p̃_A − p̃_B) =
 * S²(d) − mean(v_A) − mean(v_B), analyze's ω² (before clipping). Linear, so question ranks
 * within a system and the pairing are kept. Without clusters every question is its own
 * cluster (one level). With one answer per question the truth cannot be told from the noise:
 * the observed rates are returned unchanged with that reason.
 */
import type { SystemResults } from '../../population/itemPopulation.js';

export interface ShrunkRates {
  /** Per system, the estimated true rate of each question (the observed one when not `applied`). */
  readonly rates: readonly Float64Array[];
  readonly applied: boolean;
  /** What was done, or why not. */
  readonly note: string;
}

/** Eigenvalues and vectors (columns, row-major n × n) of a symmetric matrix, by cyclic Jacobi. */
export function symmetricEigen(
  matrix: Float64Array,
  n: number,
): { values: Float64Array; vectors: Float64Array } {
  const a = Float64Array.from(matrix);
  const v = new Float64Array(n * n);
  for (let i = 0; i < n; i++) v[i * n + i] = 1;
  for (let sweep = 0; sweep < 100; sweep++) {
    let off = 0;
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) off += a[i * n + j] ** 2;
    if (off < 1e-30) break;
    for (let p = 0; p < n; p++) {
      for (let q = p + 1; q < n; q++) {
        const apq = a[p * n + q];
        if (Math.abs(apq) < 1e-300) continue;
        const theta = (a[q * n + q] - a[p * n + p]) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k++) {
          const akp = a[k * n + p];
          const akq = a[k * n + q];
          a[k * n + p] = c * akp - s * akq;
          a[k * n + q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = a[p * n + k];
          const aqk = a[q * n + k];
          a[p * n + k] = c * apk - s * aqk;
          a[q * n + k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = v[k * n + p];
          const vkq = v[k * n + q];
          v[k * n + p] = c * vkp - s * vkq;
          v[k * n + q] = s * vkp + c * vkq;
        }
      }
    }
  }
  return { values: Float64Array.from({ length: n }, (_, i) => a[i * n + i]), vectors: v };
}

/** f(M) = V f(Λ) Vᵀ for a symmetric M. */
function matrixFunction(m: Float64Array, n: number, f: (x: number) => number): Float64Array {
  const { values, vectors } = symmetricEigen(m, n);
  const out = new Float64Array(n * n);
  for (let k = 0; k < n; k++) {
    const fk = f(values[k]);
    if (fk === 0) continue;
    for (let i = 0; i < n; i++)
      for (let j = 0; j < n; j++) out[i * n + j] += vectors[i * n + k] * fk * vectors[j * n + k];
  }
  return out;
}

function multiply(a: Float64Array, b: Float64Array, n: number): Float64Array {
  const out = new Float64Array(n * n);
  for (let i = 0; i < n; i++)
    for (let k = 0; k < n; k++) {
      const aik = a[i * n + k];
      if (aik === 0) continue;
      for (let j = 0; j < n; j++) out[i * n + j] += aik * b[k * n + j];
    }
  return out;
}

/**
 * L = (Σ − D)₊^{1/2} Σ^{−1/2} (pseudo-inverse below 1e-12 of the largest eigenvalue);
 * `negative` counts the eigenvalues of Σ − D set to 0.
 */
function shrinkMatrix(
  sigma: Float64Array,
  noise: Float64Array,
  n: number,
  negative: { count: number },
): Float64Array {
  const target = Float64Array.from(sigma);
  for (let i = 0; i < n; i++) target[i * n + i] -= noise[i];
  const scale = Math.max(...Array.from({ length: n }, (_, i) => sigma[i * n + i]), 0);
  const floor = 1e-12 * (scale || 1);
  const root = matrixFunction(target, n, (x) => {
    if (x < -floor) negative.count++;
    return x > 0 ? Math.sqrt(x) : 0;
  });
  const inverseRoot = matrixFunction(sigma, n, (x) => (x > floor ? 1 / Math.sqrt(x) : 0));
  return multiply(root, inverseRoot, n);
}

/** The estimated true rates of `systems` over the questions of `clusterIndex` (see the module doc). */
export function shrunkRates(systems: readonly SystemResults[], clusterIndex: Int32Array): ShrunkRates {
  const S = systems.length;
  const Q = clusterIndex.length;
  const observed = systems.map((s) => Float64Array.from(s.correct, (c, i) => c / s.k[i]));
  let multi = true;
  for (const s of systems) if (!s.k.some((k) => k >= 2)) multi = false;
  if (!multi || Q < 3) {
    return {
      rates: observed,
      applied: false,
      note: 'one answer per question: the per-question truth cannot be told from answer noise, so each question keeps its observed 0/1 outcome as its rate',
    };
  }
  // Per-question noise variances v_sq (k = 1: the system's mean within-question variance s²).
  const noise = observed.map((r, s) => {
    const k = systems[s].k;
    let within = 0;
    let count = 0;
    for (let q = 0; q < Q; q++) {
      if (k[q] < 2) continue;
      within += (k[q] * r[q] * (1 - r[q])) / (k[q] - 1);
      count++;
    }
    const meanWithin = within / count;
    return Float64Array.from(r, (x, q) => (k[q] >= 2 ? (x * (1 - x)) / (k[q] - 1) : meanWithin / k[q]));
  });
  let C = 0;
  for (let q = 0; q < Q; q++) C = Math.max(C, clusterIndex[q] + 1);
  const sizes = new Float64Array(C);
  for (let q = 0; q < Q; q++) sizes[clusterIndex[q]]++;
  const means = observed.map((r) => r.reduce((a, b) => a + b, 0) / Q);
  const clusterMeans = observed.map((r) => {
    const m = new Float64Array(C);
    for (let q = 0; q < Q; q++) m[clusterIndex[q]] += r[q];
    for (let c = 0; c < C; c++) m[c] /= sizes[c] || 1;
    return m;
  });
  const sigmaB = new Float64Array(S * S);
  const sigmaW = new Float64Array(S * S);
  for (let q = 0; q < Q; q++) {
    const c = clusterIndex[q];
    for (let i = 0; i < S; i++) {
      const bi = clusterMeans[i][c] - means[i];
      const wi = observed[i][q] - clusterMeans[i][c];
      for (let j = i; j < S; j++) {
        sigmaB[i * S + j] += (bi * (clusterMeans[j][c] - means[j])) / (Q - 1);
        sigmaW[i * S + j] += (wi * (observed[j][q] - clusterMeans[j][c])) / (Q - 1);
      }
    }
  }
  for (let i = 0; i < S; i++)
    for (let j = 0; j < i; j++) {
      sigmaB[i * S + j] = sigmaB[j * S + i];
      sigmaW[i * S + j] = sigmaW[j * S + i];
    }
  const noiseB = new Float64Array(S);
  const noiseW = new Float64Array(S);
  for (let s = 0; s < S; s++) {
    const V = new Float64Array(C);
    for (let q = 0; q < Q; q++) V[clusterIndex[q]] += noise[s][q];
    for (let c = 0; c < C; c++) {
      noiseB[s] += V[c] / sizes[c] / Q;
      noiseW[s] += (V[c] * (1 - 1 / sizes[c])) / Q;
    }
  }
  const negative = { count: 0 };
  const LB = shrinkMatrix(sigmaB, noiseB, S, negative);
  const LW = shrinkMatrix(sigmaW, noiseW, S, negative);
  const rates = observed.map(() => new Float64Array(Q));
  const b = new Float64Array(S);
  const w = new Float64Array(S);
  let clipped = 0;
  for (let q = 0; q < Q; q++) {
    const c = clusterIndex[q];
    for (let i = 0; i < S; i++) {
      b[i] = clusterMeans[i][c] - means[i];
      w[i] = observed[i][q] - clusterMeans[i][c];
    }
    for (let i = 0; i < S; i++) {
      let x = means[i];
      for (let j = 0; j < S; j++) x += LB[i * S + j] * b[j] + LW[i * S + j] * w[j];
      if (x < 0 || x > 1) clipped++;
      rates[i][q] = Math.min(1, Math.max(0, x));
    }
  }
  return {
    rates,
    applied: true,
    note: `per-question true rates estimated by the method of moments with the within-question binomial variance removed (jointly over ${S} system${S === 1 ? '' : 's'}, between and within ${C === Q ? 'questions' : `${C} clusters`}${negative.count ? `; ${negative.count} negative eigenvalue${negative.count === 1 ? '' : 's'} of the truth's covariance set to 0` : ''}${clipped ? `; ${clipped} rates clipped to [0, 1]` : ''})`,
  };
}
