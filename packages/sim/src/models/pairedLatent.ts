/**
 * Two systems, A and B, answer K passages × m questions. Question i of passage k is
 * right for system s when its latent score is positive:
 *   y_{s,k,i} = μ_s + u_k + v_{k,i} + t_{s,k} + e_{s,k,i}
 * with u_k ~ N(0, passageSd²) the shared passage difficulty, v_{k,i} ~ N(0, questionSd²)
 * the shared question difficulty, t_{s,k} ~ N(0, sigmaT²) the system-specific passage
 * effect (model × passage interaction) and e the independent noise: N(0, 1) by default
 * ('normal', a probit model) or standard logistic ('logistic').
 *
 * The article ("Your benchmark's error bars are too narrow", paired-comparison setup) gives
 * s.d. 0.8 for u and v, leaves the noise and intercept open, and states that both systems
 * score about 71%. We take N(0, 1) noise: it reproduces the article's ICC of the
 * differences (ρ_d ≈ 0.20 at σ_t = 0.8) and its per-system ICCs (0.17 to 0.27), which
 * logistic noise does not (ρ_d ≈ 0.10). The intercept is solved per cell so that system B's
 * accuracy is exactly `accuracy` (default 0.71) for every σ_t:
 *   μ_B = Φ⁻¹(accuracy)·√(passageSd² + questionSd² + σ_t² + 1)
 * (numerically for logistic noise, see latentAccuracy.ts). System A gets
 * μ_A = μ_B + δ, with δ either `latentShift` directly or solved so that A's accuracy is
 * accuracy + `advantage` (accuracy points as a fraction, e.g. 0.022).
 * truth = P(A right) − P(B right), the true accuracy difference (0 for identical systems).
 *
 * Draws per replication: 3 normals per passage (u, t_A, t_B; the t's are skipped when
 * σ_t = 0) and, with normal noise, 2 per question: (v + e_A, v + e_B) is bivariate normal
 * with variances questionSd² + 1 and covariance questionSd², drawn exactly as c·Z₁ ± d·Z₂
 * with c² = questionSd² + ½ and d² = ½ (logistic noise: v, e_A, e_B, 3 draws).
 * Allocation-free. Every score is 0/1, so the replication also carries its [ΣA, ΣB, Σab, K]
 * (`binaryTotals`) for the paired-count methods.
 *
 * Diagnostics: `iccDifference`, the one-way ANOVA ICC of d_i = a_i − b_i;
 * `designEffectDifference` = 1 + (m̄ − 1)·iccDifference; `iccA`, `iccB`, the ANOVA ICC
 * of each system's 0/1 scores.
 */
import type { PairedClusteredScores } from '../base/dataKinds.js';
import { defineModel } from '../base/defineModel.js';
import { ConfigError } from '../base/errors.js';
import { MAX_ARRAY_LENGTH, MAX_ITEMS } from '../base/limits.js';
import { type OptionValues, readOption } from '../base/options.js';
import type { RandomStream } from '../base/randomStream.js';
import {
  interceptForAccuracy,
  LATENT_NOISES,
  type LatentNoise,
  latentAccuracy,
} from './support/latentAccuracy.js';
import { measuredDesignEffect } from './support/measuredIcc.js';
import { createPairedBinaryIcc, createPairedIccs } from './support/pairedBinaryIcc.js';

export interface PairedLatentParams {
  readonly clusters: number;
  readonly m: number;
  /** System B's accuracy (and A's when there is no advantage). */
  readonly accuracy: number;
  readonly passageSd: number;
  readonly questionSd: number;
  /** σ_t, s.d. of the system-specific passage effect. */
  readonly sigmaT: number;
  readonly noise: LatentNoise;
  readonly interceptA: number;
  readonly interceptB: number;
  /** True accuracies P(correct) of A and B. */
  readonly accuracyA: number;
  readonly accuracyB: number;
}

const PARAMS = {
  clusters: { type: 'integer', min: 1, max: MAX_ARRAY_LENGTH, required: true, description: 'Passages K.' },
  m: { type: 'integer', min: 1, max: MAX_ITEMS, required: true, description: 'Questions per passage.' },
  accuracy: {
    type: 'number',
    min: 0,
    minExclusive: true,
    max: 1,
    maxExclusive: true,
    default: 0.71,
    description: "System B's accuracy (and A's without an advantage).",
  },
  passageSd: { type: 'number', min: 0, default: 0.8, description: 'S.d. of the shared passage effect.' },
  questionSd: { type: 'number', min: 0, default: 0.8, description: 'S.d. of the shared question effect.' },
  sigmaT: { type: 'number', min: 0, default: 0, description: 'S.d. of the system × passage effect σ_t.' },
  noise: {
    type: 'choice',
    values: LATENT_NOISES,
    default: 'normal',
    description: 'Item noise: normal (probit) or logistic.',
  },
  advantage: {
    type: 'number',
    min: -1,
    minExclusive: true,
    max: 1,
    maxExclusive: true,
    description: "A's accuracy lead over B, in proportion units (A's accuracy must stay in (0, 1)).",
  },
  latentShift: {
    type: 'number',
    description: "A's intercept shift on the latent scale (instead of advantage).",
  },
} as const;

/** Solves the intercepts of one cell's checked parameters. */
export function parsePairedLatent(params: OptionValues<typeof PARAMS>): PairedLatentParams {
  const { clusters, m, accuracy, passageSd, questionSd, sigmaT, noise } = params;
  if (params.advantage !== undefined && params.latentShift !== undefined) {
    throw new ConfigError(
      'latentShift',
      params.latentShift,
      'absent when "advantage" is given (use one of the two)',
    );
  }
  if (clusters * m > MAX_ITEMS) {
    throw new ConfigError(
      'm',
      `gives ${(clusters * m).toLocaleString('en-US')} questions per replication (clusters × m); allowed: at most ${MAX_ITEMS.toLocaleString('en-US')}`,
    );
  }
  const sharedSd = Math.sqrt(passageSd * passageSd + questionSd * questionSd + sigmaT * sigmaT);
  const interceptB = interceptForAccuracy(accuracy, sharedSd, noise);
  let interceptA = interceptB;
  if (params.advantage !== undefined) {
    const advantage = readOption('advantage', params.advantage, {
      ...PARAMS.advantage,
      min: -accuracy,
      max: 1 - accuracy,
      required: true,
    });
    interceptA = interceptForAccuracy(accuracy + advantage, sharedSd, noise);
  } else if (params.latentShift !== undefined) {
    interceptA = interceptB + params.latentShift;
  }
  return {
    clusters,
    m,
    accuracy,
    passageSd,
    questionSd,
    sigmaT,
    noise,
    interceptA,
    interceptB,
    accuracyA: latentAccuracy(interceptA, sharedSd, noise),
    accuracyB: latentAccuracy(interceptB, sharedSd, noise),
  };
}

/** The cell's data plus the normal-noise path's buffer of one replication's normals. */
interface PairedLatentBuffers extends PairedClusteredScores {
  readonly normals: Float64Array;
}

/** Normals of one replication with normal noise: per passage u (t_A, t_B when σ_t > 0), then 2 per question. */
function normalsPerReplication(params: PairedLatentParams): number {
  return params.noise === 'normal' ? params.clusters * ((params.sigmaT > 0 ? 3 : 1) + 2 * params.m) : 0;
}

/** Preallocated data of one cell. */
export function allocatePairedLatent(params: PairedLatentParams): PairedClusteredScores {
  const k = params.clusters;
  const sizes = new Float64Array(k);
  sizes.fill(params.m);
  const data: PairedLatentBuffers = {
    kind: 'pairedClusteredScores',
    clusterCount: k,
    itemCount: k * params.m,
    sizes,
    totalsA: new Float64Array(k),
    totalsB: new Float64Array(k),
    sumSquaresA: new Float64Array(k),
    sumSquaresB: new Float64Array(k),
    sumProducts: new Float64Array(k),
    binaryTotals: new Float64Array(4),
    normals: new Float64Array(normalsPerReplication(params)),
  };
  return data;
}

/** Standard logistic draw by inversion, log(U/(1 − U)). */
function logisticNoise(rng: RandomStream): number {
  const u = rng.uniform();
  return Math.log(u / (1 - u));
}

/** Draws one replication into `data` (allocation-free). */
export function generatePairedLatent(
  params: PairedLatentParams,
  rng: RandomStream,
  data: PairedClusteredScores,
): void {
  data.clusterCount = params.clusters;
  data.itemCount = params.clusters * params.m;
  if (params.noise === 'logistic') generateLogistic(params, rng, data);
  else generateNormal(params, rng, data as PairedLatentBuffers);
}

/**
 * 1 when the latent score is positive (the question is right), else 0 (NaN gives 0), as +(x > 0):
 * V8 compiles the unary plus of a comparison to a flag-to-integer move, with no branch. The
 * ternary `x > 0 ? 1 : 0` compiles to a branch, mispredicted on about a third of the questions
 * at accuracy 0.71, which was most of the normal-noise loop's time (same 0/1 values either way,
 * so the same results).
 */
function rightOf(latent: number): number {
  return +(latent > 0);
}

/**
 * The replication's [ΣA, ΣB, Σab, K] (PairedClusteredScores' `binaryTotals`): every score is
 * 0/1, so the paired-count methods take these integers instead of a pass over the clusters.
 */
function setBinaryTotals(
  data: PairedClusteredScores,
  rightA: number,
  rightB: number,
  rightBoth: number,
): void {
  const totals = data.binaryTotals!;
  totals[0] = rightA;
  totals[1] = rightB;
  totals[2] = rightBoth;
  totals[3] = data.clusterCount;
}

/** Cluster k's sums from its 0/1 answers: a score's square is the score, so Σx² = Σx. */
function setClusterTotals(
  data: PairedClusteredScores,
  k: number,
  rightA: number,
  rightB: number,
  rightBoth: number,
): void {
  data.totalsA[k] = rightA;
  data.totalsB[k] = rightB;
  data.sumSquaresA[k] = rightA;
  data.sumSquaresB[k] = rightB;
  data.sumProducts[k] = rightBoth;
}

/**
 * Normal noise: (v + e_A, v + e_B) is bivariate normal with variances q² + 1 and covariance q²
 * (q = questionSd), drawn exactly as c·Z₁ ± d·Z₂ with c² = q² + ½, d² = ½. Every normal of the
 * replication is one normal() after another (u, [t_A, t_B,] then Z₁, Z₂ per question, passage
 * by passage), so they are drawn at once (RandomStream.fillNormal: the same numbers) and read
 * in that order.
 */
function generateNormal(params: PairedLatentParams, rng: RandomStream, data: PairedLatentBuffers): void {
  const { clusters, m, passageSd, questionSd, sigmaT, interceptA, interceptB } = params;
  const shared = Math.sqrt(questionSd * questionSd + 0.5);
  const split = Math.SQRT1_2;
  const { normals } = data;
  rng.fillNormal(normals, normals.length);
  const interaction = sigmaT > 0;
  let at = 0;
  let sumA = 0;
  let sumB = 0;
  let sumBoth = 0;
  for (let k = 0; k < clusters; k++) {
    const u = passageSd * normals[at++];
    let baseA = interceptA + u;
    let baseB = interceptB + u;
    if (interaction) {
      baseA += sigmaT * normals[at++];
      baseB += sigmaT * normals[at++];
    }
    let rightA = 0;
    let rightB = 0;
    let rightBoth = 0;
    for (let i = 0; i < m; i++) {
      const common = shared * normals[at];
      const own = split * normals[at + 1];
      at += 2;
      const a = rightOf(baseA + (common + own));
      const b = rightOf(baseB + (common - own));
      rightA += a;
      rightB += b;
      rightBoth += a & b;
    }
    setClusterTotals(data, k, rightA, rightB, rightBoth);
    sumA += rightA;
    sumB += rightB;
    sumBoth += rightBoth;
  }
  setBinaryTotals(data, sumA, sumB, sumBoth);
}

/** Logistic noise: v, e_A, e_B drawn per question (a normal and two uniforms, interleaved). */
function generateLogistic(params: PairedLatentParams, rng: RandomStream, data: PairedClusteredScores): void {
  const { clusters, m, passageSd, questionSd, sigmaT, interceptA, interceptB } = params;
  let sumA = 0;
  let sumB = 0;
  let sumBoth = 0;
  for (let k = 0; k < clusters; k++) {
    const u = passageSd * rng.normal();
    let baseA = interceptA + u;
    let baseB = interceptB + u;
    if (sigmaT > 0) {
      baseA += sigmaT * rng.normal();
      baseB += sigmaT * rng.normal();
    }
    let rightA = 0;
    let rightB = 0;
    let rightBoth = 0;
    for (let i = 0; i < m; i++) {
      const v = questionSd * rng.normal();
      const xA = v + logisticNoise(rng);
      const xB = v + logisticNoise(rng);
      const a = rightOf(baseA + xA);
      const b = rightOf(baseB + xB);
      rightA += a;
      rightB += b;
      rightBoth += a & b;
    }
    setClusterTotals(data, k, rightA, rightB, rightBoth);
    sumA += rightA;
    sumB += rightB;
    sumBoth += rightBoth;
  }
  setBinaryTotals(data, sumA, sumB, sumBoth);
}

/**
 * The ICCs in one pass over the clusters (pairedBinaryIcc.ts: the numbers of core
 * iccAnovaFromTotals on the difference and per-system views, bit for bit).
 */
function createDiagnostics() {
  const measureIccs = createPairedBinaryIcc();
  const iccs = createPairedIccs();
  return {
    names: ['iccDifference', 'designEffectDifference', 'iccA', 'iccB'],
    measure(data: PairedClusteredScores, out: Float64Array): void {
      out.fill(Number.NaN, 0, 4);
      if (data.clusterCount < 2) return;
      measureIccs(data, iccs);
      out[0] = iccs.difference;
      out[1] = measuredDesignEffect(data.itemCount / data.clusterCount, 0, iccs.difference);
      out[2] = iccs.a;
      out[3] = iccs.b;
    },
  };
}

export const pairedLatent = defineModel({
  name: 'pairedLatent',
  description:
    'Two systems answer K passages × m questions; right when μ_s + passage (s.d. 0.8) + question (s.d. 0.8) ' +
    '+ system×passage (s.d. sigmaT) + N(0,1) noise > 0; intercept solved so B scores `accuracy` (0.71); ' +
    'A may get an `advantage` (accuracy points) or a `latentShift`.',
  dataKind: 'pairedClusteredScores',
  params: PARAMS,
  parse: (params) => parsePairedLatent(params),
  allocate: allocatePairedLatent,
  generate: generatePairedLatent,
  truth: (params) => params.accuracyA - params.accuracyB,
  diagnostics: createDiagnostics(),
});
