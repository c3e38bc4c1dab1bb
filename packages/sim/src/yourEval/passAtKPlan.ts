/**
 * `evalsim plan <eval> --samples 1,2,4,8,16 --target-se 0.01`: how to spend samples — more per
 * question, or more questions — for a target SE of pass@k (Miller's K-answers trade-off,
 * generalised to pass@k). From the system's per-question pass counts a beta-binomial is fitted
 * by maximum likelihood (core fitBetaBinomial: question difficulty p ~ Beta(a, b)); then for
 * each n and k ≤ n (core passAtKDesignVariance)
 *
 *   Var(ĝ_n) = Σ_c BB(c; n, a, b) ĝ_n(c)² − G²   (per question),   SE(Q, n) = √(Var(ĝ_n)/Q),
 *
 * so the questions needed are ⌈Var(ĝ_n)/SE²⌉ and the samples Q·n; with a cost per new question
 * worth R samples the cost is Q·(R + n), and the cheapest n is reported. Var(ĝ_n) → Var_p(g(p))
 * as n → ∞ (more samples cannot remove the spread of difficulty), and for pass@1 this is Miller's
 * σ_x² + σ_ε²/n. The fit's own check: the SE it predicts at the eval's (Q, n) beside the
 * question-level SE observed. A generated study (model passAtKSamples with the fitted Beta, one
 * cell per (Q, n, k) of the table, metric empiricalSE) checks each row's SE by simulation.
 */
import { fitBetaBinomial, passAtKDesignVariance, passAtKValue } from '@evalsim/core';
import type { StudyConfig } from '../config/studyConfig.js';
import type { ResultRow } from '../output/resultRow.js';
import type { ItemPopulation } from '../population/itemPopulation.js';
import { binarySystem, populationSystem } from '../population/itemPopulation.js';

export interface SamplesPlanOptions {
  readonly population: ItemPopulation;
  readonly system: string;
  readonly samples: readonly number[];
  readonly k: readonly number[];
  readonly targetSe: number;
  /** Cost of one new question in units of one sample (default 0: samples and questions priced alike per sample). */
  readonly questionCost?: number;
  readonly replications?: number;
  readonly seed?: number;
  readonly name?: string;
  /** The largest question count a verification cell may draw (default 200,000). */
  readonly maxQuestions?: number;
}

export interface SamplesPlanRow {
  readonly k: number;
  readonly samples: number;
  readonly perQuestionVariance: number;
  readonly between: number;
  readonly questions: number;
  readonly totalSamples: number;
  readonly cost: number;
  /** Checked by the generated study (null when its cell was over maxQuestions). */
  readonly design: string | null;
}

export interface SamplesPlan {
  readonly fit: {
    readonly a: number;
    readonly b: number;
    readonly mean: number;
    readonly icc: number;
    readonly boundary: boolean;
  };
  readonly eval: {
    readonly questions: number;
    readonly samples: number;
    readonly observedSe: readonly { k: number; observed: number; predicted: number }[];
  };
  readonly rows: readonly SamplesPlanRow[];
  /** Cheapest n per k. */
  readonly best: readonly {
    readonly k: number;
    readonly samples: number;
    readonly questions: number;
    readonly cost: number;
  }[];
  readonly questionCost: number;
  readonly targetSe: number;
  readonly config: StudyConfig | null;
}

export function buildSamplesPlan(options: SamplesPlanOptions): SamplesPlan {
  const { population, system, targetSe } = options;
  if (!(targetSe > 0 && targetSe < 1))
    throw new RangeError(`--target-se: must be in (0, 1), got ${targetSe}`);
  const r = binarySystem(populationSystem(population, system), population.source, 'pass@k');
  const correct = Array.from(r.correct);
  const asks = Array.from(r.k);
  const fit = fitBetaBinomial(correct, asks);
  const R = options.questionCost ?? 0;
  if (!(R >= 0)) throw new RangeError(`--question-cost: must be ≥ 0, got ${R}`);
  const Q = asks.length;
  const n0 = Math.round(asks.reduce((s, x) => s + x, 0) / Q);
  const observedSe = options.k
    .filter((k) => asks.every((n) => n >= k))
    .map((k) => {
      const v = asks.map((n, i) => passAtKValue(n, correct[i], k));
      const m = v.reduce((s, x) => s + x, 0) / Q;
      const observed = Math.sqrt(v.reduce((s, x) => s + (x - m) ** 2, 0) / (Q - 1) / Q);
      const predicted = Math.sqrt(passAtKDesignVariance(fit.a, fit.b, n0, k).total / Q);
      return { k, observed, predicted };
    });
  const maxQ = options.maxQuestions ?? 200_000;
  const rows: SamplesPlanRow[] = [];
  for (const k of options.k) {
    for (const n of options.samples) {
      if (n < k) continue;
      const v = passAtKDesignVariance(fit.a, fit.b, n, k);
      const questions = Math.max(2, Math.ceil(v.total / (targetSe * targetSe)));
      rows.push({
        k,
        samples: n,
        perQuestionVariance: v.total,
        between: v.between,
        questions,
        totalSamples: questions * n,
        cost: questions * (R + n),
        design: questions <= maxQ ? `Q=${questions}, n=${n}, pass@${k}` : null,
      });
    }
  }
  if (rows.length === 0) throw new RangeError('--samples: every n is below every k; give n ≥ k');
  const best = options.k
    .map((k) => rows.filter((x) => x.k === k).sort((x, y) => x.cost - y.cost || x.samples - y.samples)[0])
    .filter((x) => x !== undefined)
    .map((x) => ({ k: x.k, samples: x.samples, questions: x.questions, cost: x.cost }));
  const designs = rows.map((x) => x.design).filter((d): d is string => d !== null);
  const config: StudyConfig | null = designs.length
    ? {
        $schema: '../../../packages/sim/schema/study.schema.json',
        name: options.name ?? 'plan-samples',
        title: `Samples per question against questions for a pass@k SE of ${targetSe}, ${system}`,
        description: `passAtKSamples with the beta-binomial fitted to ${system} (a = ${fit.a.toPrecision(4)}, b = ${fit.b.toPrecision(4)}); each cell is a row of the plan; empiricalSE of the question-level estimate should be ≈ ${targetSe}.`,
        seed: options.seed ?? 1,
        replications: options.replications ?? 400,
        model: { name: 'passAtKSamples', params: { a: fit.a, b: fit.b } },
        grid: { design: designs },
        methods: [{ id: 'question', method: 'passAtKQuestion' }],
        metrics: ['empiricalSE', 'meanSE'],
      }
    : null;
  return {
    fit: { a: fit.a, b: fit.b, mean: fit.mean, icc: fit.icc, boundary: fit.boundary },
    eval: { questions: Q, samples: n0, observedSe },
    rows,
    best,
    questionCost: R,
    targetSe,
    config,
  };
}

/** The simulated SE of each plan row (null where not simulated). */
export function samplesPlanCheck(
  plan: SamplesPlan,
  results: readonly ResultRow[],
): ({ value: number; mcse: number } | null)[] {
  return plan.rows.map((row) => {
    const r = results.find((x) => x.params.design === row.design && x.metric === 'empiricalSE');
    return r ? { value: r.value, mcse: r.mcse } : null;
  });
}
