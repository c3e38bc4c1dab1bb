/**
 * One or two systems answer R = n + N questions; an LLM judge grades every answer and a person
 * labels n of the questions (data kind `judgedScores`). Notation as ppi_py: n labelled rows, N
 * unlabelled ones.
 *
 * True correctness (a probit model): system s is right on question i of cluster g when
 *   μ_s + c_g + v_i + e_{s,i} > 0,   c_g ~ N(0, clusterSd²), v_i ~ N(0, questionSd²), e ~ N(0, 1),
 * with μ_s = Φ⁻¹(accuracy_s)·√(1 + clusterSd² + questionSd²), so P(right) = accuracy_s exactly;
 * c is shared by the `clusterSize` questions of a cluster (questions in order), v by the two
 * systems (their correlation). truth = accuracy (one system) or accuracy − accuracySecond.
 *
 * The judge: each answer has a length ℓ ~ N(0, 1) (standardised, independent of correctness) and
 * the judge says "right" with probability
 *   expit(logit(sensitivity_s) + β ℓ) when the answer is right, expit(logit(1 − specificity_s) + β ℓ)
 *   when it is wrong,
 * β = `lengthEffect` (a verbosity bias: longer answers pass more often); the sensitivity and
 * specificity are at the median length (the marginal ones differ when β ≠ 0: see the diagnostics).
 * A second system may have its own (self-preference: a judge lenient on its own family).
 *
 * The labelled slice: `labels` questions drawn at random without replacement (`random`, what PPI
 * assumes), the same questions for both systems, or the n questions with the shortest answers of
 * the first system (`shortest`, a slice that is not random: with β ≠ 0 its judge errors differ
 * from the rest). Labels are the true correctness.
 *
 * Draws per replication, in this order: one normal per cluster (clusterSd > 0); per question, v
 * (questionSd > 0 and two systems), then per system e, ℓ (only when it matters: β ≠ 0 or the
 * `shortest` slice) and one uniform; then the slice (a sample of n indices; none for `shortest`). Diagnostics: the first system's measured
 * sensitivity and specificity on every row.
 */
import { normalQuantile } from '@evalsim/core';
import type { JudgedScores } from '../base/dataKinds.js';
import { defineModel } from '../base/defineModel.js';
import { ConfigError } from '../base/errors.js';
import { MAX_ARRAY_LENGTH } from '../base/limits.js';
import type { OptionValues } from '../base/options.js';
import type { RandomStream } from '../base/randomStream.js';
import { sampleWithoutReplacement } from '../samplers/index.js';

export const LABEL_SELECTIONS = ['random', 'shortest'] as const;

const PARAMS = {
  unlabelled: {
    type: 'integer',
    min: 1,
    max: MAX_ARRAY_LENGTH,
    description: 'N, judged questions without a human label (or give rows).',
  },
  rows: {
    type: 'integer',
    min: 2,
    max: MAX_ARRAY_LENGTH,
    description:
      'R, judged questions in all, instead of unlabelled (N = R − labels): a fixed eval, labelled more or less.',
  },
  labels: {
    type: 'integer',
    min: 1,
    max: MAX_ARRAY_LENGTH,
    required: true,
    description: 'n, judged questions with a human label (the same questions for both systems).',
  },
  accuracy: {
    type: 'number',
    min: 0,
    minExclusive: true,
    max: 1,
    maxExclusive: true,
    default: 0.7,
    description: 'True accuracy of the (first) system.',
  },
  accuracySecond: {
    type: 'number',
    min: 0,
    minExclusive: true,
    max: 1,
    maxExclusive: true,
    description: 'True accuracy of a second system (then methods estimate the difference first − second).',
  },
  sensitivity: {
    type: 'number',
    min: 0,
    max: 1,
    default: 0.9,
    description: 'P(judge says right | right) of the (first) system, at the median answer length.',
  },
  specificity: {
    type: 'number',
    min: 0,
    max: 1,
    default: 0.9,
    description: 'P(judge says wrong | wrong) of the (first) system, at the median answer length.',
  },
  sensitivitySecond: {
    type: 'number',
    min: 0,
    max: 1,
    description: "The judge's sensitivity on the second system (default: the first's).",
  },
  specificitySecond: {
    type: 'number',
    min: 0,
    max: 1,
    description: "The judge's specificity on the second system (default: the first's).",
  },
  lengthEffect: {
    type: 'number',
    min: -20,
    max: 20,
    default: 0,
    description: "β: log-odds of a 'right' verdict per s.d. of answer length (verbosity bias).",
  },
  clusterSize: {
    type: 'integer',
    min: 1,
    max: MAX_ARRAY_LENGTH,
    default: 1,
    description: 'Questions per cluster, in order (1: no clusters).',
  },
  clusterSd: {
    type: 'number',
    min: 0,
    max: 100,
    default: 0,
    description: 'S.d. of the latent cluster effect.',
  },
  questionSd: {
    type: 'number',
    min: 0,
    max: 100,
    default: 1,
    description: "S.d. of the latent question effect the two systems share (their answers' correlation).",
  },
  labelSelection: {
    type: 'choice',
    values: LABEL_SELECTIONS,
    default: 'random',
    description: "Which questions are labelled: random (PPI's assumption) or the shortest answers.",
  },
} as const;

export interface JudgedAnswersParams {
  readonly unlabelled: number;
  readonly labels: number;
  readonly rows: number;
  readonly systems: number;
  readonly accuracies: readonly number[];
  /** μ_s. */
  readonly intercepts: readonly number[];
  /** logit(sensitivity_s), logit(1 − specificity_s). */
  readonly logitPass: readonly number[];
  readonly logitFalsePass: readonly number[];
  readonly sensitivities: readonly number[];
  readonly falsePasses: readonly number[];
  readonly lengthEffect: number;
  readonly clusterSize: number;
  readonly clusters: number;
  readonly clusterSd: number;
  readonly questionSd: number;
  readonly labelSelection: (typeof LABEL_SELECTIONS)[number];
}

const logit = (p: number) => Math.log(p / (1 - p));

export function parseJudgedAnswers(params: OptionValues<typeof PARAMS>): JudgedAnswersParams {
  if ((params.unlabelled === undefined) === (params.rows === undefined)) {
    throw new ConfigError(
      params.rows === undefined ? 'unlabelled' : 'rows',
      params.rows === undefined
        ? 'is required (or give rows, the judged questions in all)'
        : 'absent when unlabelled is given (give one of the two)',
    );
  }
  if (params.rows !== undefined && params.labels >= params.rows) {
    throw new ConfigError(
      'labels',
      params.labels,
      `less than rows (${params.rows}): some questions must stay unlabelled`,
    );
  }
  const unlabelled = params.unlabelled ?? params.rows! - params.labels;
  const rows = unlabelled + params.labels;
  if (rows > MAX_ARRAY_LENGTH) {
    throw new ConfigError(
      'labels',
      `gives ${rows.toLocaleString('en-US')} questions (labels + unlabelled); allowed: at most ${MAX_ARRAY_LENGTH.toLocaleString('en-US')}`,
    );
  }
  const two = params.accuracySecond !== undefined;
  if (!two && (params.sensitivitySecond !== undefined || params.specificitySecond !== undefined)) {
    throw new ConfigError(
      params.sensitivitySecond !== undefined ? 'sensitivitySecond' : 'specificitySecond',
      params.sensitivitySecond ?? params.specificitySecond,
      'absent without accuracySecond (a second system)',
    );
  }
  const accuracies = two ? [params.accuracy, params.accuracySecond!] : [params.accuracy];
  const sens = two
    ? [params.sensitivity, params.sensitivitySecond ?? params.sensitivity]
    : [params.sensitivity];
  const spec = two
    ? [params.specificity, params.specificitySecond ?? params.specificity]
    : [params.specificity];
  const scale = Math.sqrt(1 + params.clusterSd ** 2 + params.questionSd ** 2);
  return {
    unlabelled,
    labels: params.labels,
    rows,
    systems: accuracies.length,
    accuracies,
    intercepts: accuracies.map((a) => normalQuantile(a) * scale),
    logitPass: sens.map(logit),
    logitFalsePass: spec.map((q) => logit(1 - q)),
    sensitivities: sens,
    falsePasses: spec.map((q) => 1 - q),
    lengthEffect: params.lengthEffect,
    clusterSize: params.clusterSize,
    clusters: Math.ceil(rows / params.clusterSize),
    clusterSd: params.clusterSd,
    questionSd: params.questionSd,
    labelSelection: params.labelSelection,
  };
}

interface JudgedBuffers extends JudgedScores {
  /** Answer lengths of the first system (for `shortest`). */
  readonly lengths: Float64Array;
  /** The labelled rows' indices (random) or every row's, by length (shortest). */
  readonly picks: Int32Array;
  /** Per cluster: c_g. */
  readonly clusterEffects: Float64Array;
  /** True correctness of system s, for the diagnostics. */
  readonly truth: readonly Uint8Array[];
}

export function allocateJudgedAnswers(params: JudgedAnswersParams): JudgedBuffers {
  const R = params.rows;
  let cluster: Int32Array | null = null;
  if (params.clusterSize > 1) {
    cluster = new Int32Array(R);
    for (let i = 0; i < R; i++) cluster[i] = Math.floor(i / params.clusterSize);
  }
  const per = <T>(make: () => T) => Array.from({ length: params.systems }, make);
  return {
    kind: 'judgedScores',
    systems: params.systems,
    rows: R,
    cluster,
    clusterCount: cluster === null ? R : params.clusters,
    judge: per(() => new Float64Array(R)),
    label: per(() => new Float64Array(R)),
    lengths: new Float64Array(R),
    picks: new Int32Array(params.labelSelection === 'shortest' ? R : params.labels),
    clusterEffects: new Float64Array(params.clusters),
    truth: per(() => new Uint8Array(R)),
  };
}

/** P(verdict "right") for an answer of length ℓ: a logistic shift of the judge's rates. */
function passProbability(base: number, logitBase: number, beta: number, length: number): number {
  if (beta === 0) return base;
  return 1 / (1 + Math.exp(-(logitBase + beta * length)));
}

export function generateJudgedAnswers(
  params: JudgedAnswersParams,
  rng: RandomStream,
  data: JudgedScores,
): void {
  const buffers = data as JudgedBuffers;
  const { rows: R, systems: S, clusterSize, clusterSd, lengthEffect: beta } = params;
  const shared = S === 2 && params.questionSd > 0;
  const { clusterEffects, lengths } = buffers;
  if (clusterSd > 0) for (let g = 0; g < params.clusters; g++) clusterEffects[g] = clusterSd * rng.normal();
  // With one system the question effect folds into the noise: e' = v + e ~ N(0, 1 + questionSd²).
  const ownSd = S === 2 ? 1 : Math.sqrt(1 + params.questionSd ** 2);
  const lengthMatters = beta !== 0 || params.labelSelection === 'shortest';
  for (let i = 0; i < R; i++) {
    const c = clusterSd > 0 ? clusterEffects[Math.floor(i / clusterSize)] : 0;
    const v = shared ? params.questionSd * rng.normal() : 0;
    for (let s = 0; s < S; s++) {
      const right = params.intercepts[s] + c + v + ownSd * rng.normal() > 0 ? 1 : 0;
      const length = lengthMatters ? rng.normal() : 0;
      const p = right
        ? passProbability(params.sensitivities[s], params.logitPass[s], beta, length)
        : passProbability(params.falsePasses[s], params.logitFalsePass[s], beta, length);
      buffers.judge[s][i] = rng.uniform() < p ? 1 : 0;
      buffers.truth[s][i] = right;
      if (s === 0) lengths[i] = length;
    }
  }
  for (let s = 0; s < S; s++) buffers.label[s].fill(Number.NaN);
  const picks = buffers.picks;
  const n = params.labels;
  if (params.labelSelection === 'random') sampleWithoutReplacement(rng, R, n, picks);
  else {
    for (let i = 0; i < R; i++) picks[i] = i;
    picks.sort((a, b) => lengths[a] - lengths[b] || a - b);
  }
  for (let k = 0; k < n; k++) {
    const i = picks[k];
    for (let s = 0; s < S; s++) buffers.label[s][i] = buffers.truth[s][i];
  }
}

function createDiagnostics() {
  return {
    names: ['judgeSensitivity', 'judgeSpecificity'],
    measure(data: JudgedScores, out: Float64Array): void {
      const { truth } = data as JudgedBuffers;
      let pos = 0;
      let truePos = 0;
      let trueNeg = 0;
      const judge = data.judge[0];
      const right = truth[0];
      for (let i = 0; i < data.rows; i++) {
        if (right[i]) {
          pos++;
          truePos += judge[i];
        } else trueNeg += 1 - judge[i];
      }
      out[0] = pos > 0 ? truePos / pos : Number.NaN;
      out[1] = pos < data.rows ? trueNeg / (data.rows - pos) : Number.NaN;
    },
  };
}

export const judgedAnswers = defineModel({
  name: 'judgedAnswers',
  description:
    'An LLM judge grades n + N answers of one system (or two: the difference) with its sensitivity and specificity ' +
    '(per system: self-preference; shifted by answer length: verbosity); n questions carry a human label, drawn at random ' +
    'or the shortest answers; probit true correctness with cluster and shared question effects.',
  dataKind: 'judgedScores',
  params: PARAMS,
  parse: (params) => parseJudgedAnswers(params),
  allocate: allocateJudgedAnswers,
  generate: generateJudgedAnswers,
  truth: (params) =>
    params.systems === 2 ? params.accuracies[0] - params.accuracies[1] : params.accuracies[0],
  diagnostics: createDiagnostics(),
});
