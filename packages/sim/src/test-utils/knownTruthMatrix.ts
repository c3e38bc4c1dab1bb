/** Test helper: the known-truth generator's eval (scripts/evals/known-truth-eval.mjs) as an EvalMatrix and a population. */
import {
  type KnownTruthEval,
  type KnownTruthOptions,
  knownTruthEval,
} from '../../../../scripts/evals/known-truth-eval.mjs';
import type { EvalMatrix } from '../evals/evalMatrix.js';
import type { ItemPopulation, SystemResults } from '../population/itemPopulation.js';

export { type KnownTruthEval, knownTruthEval };

/** The generated eval as an aligned matrix (clusters = subjects unless `clustered` is false). */
export function knownTruthMatrix(e: KnownTruthEval, clustered = true): EvalMatrix {
  const S = e.options.systems.length;
  const Q = e.questions.length;
  const E = e.options.epochs;
  const scores = new Float64Array(S * Q * E);
  for (let s = 0; s < S; s++) for (let i = 0; i < Q * E; i++) scores[s * Q * E + i] = e.answers[s][i];
  return {
    task: 'known-truth',
    metric: 'score',
    systems: e.options.systems,
    questions: e.questions,
    clusterOfQuestion: clustered ? Int32Array.from(e.subjectOf) : new Int32Array(Q).fill(-1),
    clusterNames: clustered ? e.subjects : [],
    epochs: E,
    scores,
    epochCounts: new Int32Array(S * Q).fill(E),
    binary: !(e.options.graded > 0),
    warnings: [],
  };
}

/** The generated eval as an item population (what `evalsim plan` would write), in memory. */
export function knownTruthPopulation(e: KnownTruthEval, clustered = true): ItemPopulation {
  const Q = e.questions.length;
  const E = e.options.epochs;
  const systems = new Map<string, SystemResults>();
  e.options.systems.forEach((name, s) => {
    const correct = new Float64Array(Q);
    const first = new Float64Array(Q);
    for (let q = 0; q < Q; q++) {
      for (let k = 0; k < E; k++) correct[q] += e.answers[s][q * E + k];
      first[q] = e.answers[s][q * E];
    }
    const graded = e.options.graded > 0;
    const scores = graded
      ? {
          offsets: Int32Array.from({ length: Q + 1 }, (_, q) => q * E),
          values: Float64Array.from(e.answers[s]),
        }
      : null;
    systems.set(name, {
      name,
      correct,
      k: new Float64Array(Q).fill(E),
      first: graded ? null : first,
      answers: null,
      scores,
    });
  });
  return {
    source: 'known-truth.csv',
    questionCount: Q,
    questions: e.questions,
    clusterNames: clustered ? e.subjects : e.questions,
    clusterIndex: clustered ? Int32Array.from(e.subjectOf) : Int32Array.from({ length: Q }, (_, q) => q),
    systems,
  };
}

export type { KnownTruthOptions };
