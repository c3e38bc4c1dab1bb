/**
 * `evalsim plan <eval> --labels … --width W`: how many of the eval's R judged rows to label for
 * a CI of full width W. From a judge-scored analysis (analysis/judged): the system's accuracy θ
 * (its PPI++ estimate) and the judge's sensitivity q1 and specificity q0 on the labelled rows
 * give, with p_f = θq1 + (1 − θ)(1 − q0), σ_y² = θ(1 − θ), σ_f² = p_f(1 − p_f) and
 * c = Cov(y, f) = θ(q1 − p_f), the asymptotic variances at n labels and N = R − n unlabelled rows
 * (unclustered; z = Φ⁻¹(1 − α/2), width = 2z√V):
 *
 * - labelled only: V = σ_y²/n;
 * - PPI++ at its optimal λ = c/(σ_f²(1 + n/N)): V = (σ_y² − c²/σ_f²)/n + c²/(σ_f² R)
 *   (minimising λ²σ_f²/N + Var(y − λf)/n; at n = R it is σ_y²/R, every row labelled);
 * - Rogan–Gladen, delta method, with m1 = nθ and m0 = n(1 − θ) labelled rows of each class:
 *   V = [p_f(1 − p_f)/N + ((1 − θ)q0(1 − q0) + θ q1(1 − q1))/n]/(q0 + q1 − 1)².
 *
 * Each closed form gives the smallest n with width ≤ W (bisection on n up to the count with the
 * least variance: R − 1 for PPI++ and the labelled mean, which fall with n; the delta method's
 * a/N + b/n is least inside), or none when no count reaches it. Then a generated study checks them: model
 * judgedAnswers with `rows: R` and the measured rates, grid `labels` around PPI++'s closed form
 * (× ¼ … 2, or `sizes`), methods ppiPlusPlus, roganGladen (Lee et al.) and labelledOnly ×
 * mean width and coverage; the simulated label count is where the mean width crosses W
 * (interpolated as log width linear in log n), with the counts where width ± 2·MCSE cross it.
 */
import { normalCritical } from '@evalsim/core';
import type { JudgedAnalysis } from '../analysis/judged/analyzeJudged.js';
import type { StudyConfig } from '../config/studyConfig.js';
import type { ResultRow } from '../output/resultRow.js';
import { type JudgedFacts, judgedFacts } from './judgedAudit.js';

export const JUDGED_PLAN_METHODS = [
  { id: 'ppiPlusPlus', method: 'ppiPlusPlus' },
  { id: 'roganGladenLee', method: 'roganGladen', interval: 'lee' },
  { id: 'labelledOnly', method: 'labelledOnly' },
] as const;

export interface JudgedPlanOptions {
  readonly analysis: JudgedAnalysis;
  /** The system to plan for (default the first). */
  readonly system?: string | undefined;
  /** Target full width of the interval, in proportion units (0.05 = ±2.5 points). */
  readonly width: number;
  readonly sizes?: readonly number[] | undefined;
  readonly replications: number;
  readonly seed: number;
}

export interface ClosedFormLabels {
  readonly method: 'ppiPlusPlus' | 'roganGladenDelta' | 'labelledOnly';
  /** Smallest n with width ≤ W, or null when R − 1 labels do not reach it. */
  readonly labels: number | null;
  /** The label count with the narrowest width at these R rows, and that width. */
  readonly bestLabels: number;
  readonly bestWidth: number;
}

export interface JudgedPlan {
  readonly config: StudyConfig;
  readonly facts: JudgedFacts;
  readonly width: number;
  readonly level: number;
  readonly sizes: readonly number[];
  readonly closedForm: readonly ClosedFormLabels[];
}

/** Asymptotic variance of `method` at n labels of R rows (module comment). */
export function plannedVariance(method: ClosedFormLabels['method'], f: JudgedFacts, n: number): number {
  const R = f.rows;
  const N = R - n;
  const theta = f.accuracy;
  const q1 = f.sensitivity;
  const q0 = f.specificity;
  const pf = theta * q1 + (1 - theta) * (1 - q0);
  const vy = theta * (1 - theta);
  const vf = pf * (1 - pf);
  if (method === 'labelledOnly') return vy / n;
  if (method === 'ppiPlusPlus') {
    if (!(vf > 0)) return vy / n;
    const c = theta * (q1 - pf);
    return (vy - (c * c) / vf) / n + (c * c) / (vf * R);
  }
  const D = q0 + q1 - 1;
  if (!(D > 0)) return Number.POSITIVE_INFINITY;
  return ((pf * (1 - pf)) / N + ((1 - theta) * q0 * (1 - q0) + theta * q1 * (1 - q1)) / n) / (D * D);
}

/**
 * The label count that minimises `method`'s variance at R rows: R − 1 for PPI++ and the labelled
 * mean (they fall as n grows); for the delta method, a/N + b/n with N = R − n is least at
 * n = R·√b/(√a + √b) (a = p_f(1 − p_f)/D², b = ((1 − θ)q0(1 − q0) + θq1(1 − q1))/D²).
 */
function bestLabels(method: ClosedFormLabels['method'], f: JudgedFacts): number {
  const most = f.rows - 1;
  if (method !== 'roganGladenDelta') return most;
  const theta = f.accuracy;
  const pf = theta * f.sensitivity + (1 - theta) * (1 - f.specificity);
  const a = pf * (1 - pf);
  const b = (1 - theta) * f.specificity * (1 - f.specificity) + theta * f.sensitivity * (1 - f.sensitivity);
  if (!(b > 0)) return 1;
  if (!(a > 0)) return most;
  const n = (f.rows * Math.sqrt(b)) / (Math.sqrt(a) + Math.sqrt(b));
  const lo = Math.min(most, Math.max(1, Math.floor(n)));
  const hi = Math.min(most, lo + 1);
  return plannedVariance(method, f, lo) <= plannedVariance(method, f, hi) ? lo : hi;
}

function closedForm(
  method: ClosedFormLabels['method'],
  f: JudgedFacts,
  width: number,
  z: number,
): ClosedFormLabels {
  const w = (n: number) => 2 * z * Math.sqrt(plannedVariance(method, f, n));
  const best = bestLabels(method, f);
  const bestWidth = w(best);
  if (!(bestWidth <= width)) return { method, labels: null, bestLabels: best, bestWidth };
  // the width falls from n = 1 to `best`: bisect there
  let lo = 1;
  let hi = best;
  if (w(lo) <= width) return { method, labels: 1, bestLabels: best, bestWidth };
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (w(mid) <= width) hi = mid;
    else lo = mid;
  }
  return { method, labels: hi, bestLabels: best, bestWidth };
}

/** The plan (module comment). */
export function buildJudgedPlan(options: JudgedPlanOptions): JudgedPlan {
  const { analysis, width } = options;
  if (!(width > 0 && width < 1)) throw new RangeError(`--width: must be in (0, 1), got ${width}`);
  const report =
    options.system === undefined
      ? analysis.perSystem[0]
      : analysis.perSystem.find((s) => s.system === options.system);
  if (!report)
    throw new RangeError(
      `--system ${options.system}: no such system; systems: ${analysis.systems.join(', ')}`,
    );
  const facts = judgedFacts(report);
  const z = normalCritical(analysis.level);
  const forms = (['ppiPlusPlus', 'roganGladenDelta', 'labelledOnly'] as const).map((m) =>
    closedForm(m, facts, width, z),
  );
  const most = facts.rows - 1;
  const centre = forms[0].labels ?? most;
  const sizes = options.sizes?.length
    ? [...new Set(options.sizes)].sort((a, b) => a - b)
    : [
        ...new Set(
          [0.25, 0.5, 0.75, 1, 1.5, 2].map((k) => Math.min(most, Math.max(10, Math.round(centre * k)))),
        ),
      ].sort((a, b) => a - b);
  for (const n of sizes) {
    if (!Number.isInteger(n) || n < 1 || n > most)
      throw new RangeError(
        `--sizes: ${n} labels; allowed: integers from 1 to ${most} (the eval's ${facts.rows} rows less one)`,
      );
  }
  const round = (x: number) => Number(x.toPrecision(6));
  const config = {
    name: 'judged-plan',
    title: `Plan (judged): labels for a ${(100 * width).toFixed(1)}-point ${Math.round(100 * analysis.level)}% interval on ${facts.system} (R = ${facts.rows} judged rows)`,
    seed: options.seed,
    replications: options.replications,
    level: analysis.level,
    model: {
      name: 'judgedAnswers',
      params: {
        rows: facts.rows,
        accuracy: round(facts.accuracy),
        sensitivity: round(facts.sensitivity),
        specificity: round(facts.specificity),
      },
    },
    grid: { labels: sizes },
    methods: JUDGED_PLAN_METHODS.map((m) => ({ ...m })),
    metrics: [{ metric: 'meanWidth', id: 'width' }, 'coverage'],
  } as StudyConfig;
  return { config, facts, width, level: analysis.level, sizes, closedForm: forms };
}

export interface WidthPoint {
  readonly labels: number;
  readonly width: number;
  readonly mcse: number;
  readonly coverage: number;
  readonly coverageMcse: number;
}

export type LabelCrossing =
  | { readonly kind: 'at'; readonly labels: number }
  | { readonly kind: 'below'; readonly labels: number }
  | { readonly kind: 'above'; readonly labels: number };

export interface JudgedPlanCurve {
  readonly method: string;
  readonly points: readonly WidthPoint[];
  readonly required: {
    readonly estimate: LabelCrossing;
    readonly low: LabelCrossing;
    readonly high: LabelCrossing;
  };
}

/** Where a decreasing width curve first falls to `target` (log width linear in log n between grid points). */
export function widthCrossing(
  labels: readonly number[],
  widths: readonly number[],
  target: number,
): LabelCrossing {
  if (widths[0] <= target) return { kind: 'below', labels: labels[0] };
  for (let j = 1; j < labels.length; j++) {
    if (widths[j] > target) continue;
    const [x0, x1] = [Math.log(labels[j - 1]), Math.log(labels[j])];
    const [y0, y1] = [Math.log(widths[j - 1]), Math.log(widths[j])];
    const t = y1 === y0 ? 1 : (Math.log(target) - y0) / (y1 - y0);
    return { kind: 'at', labels: Math.exp(x0 + Math.min(1, Math.max(0, t)) * (x1 - x0)) };
  }
  return { kind: 'above', labels: labels[labels.length - 1] };
}

/** The simulated width curves and the label counts they need (module comment). */
export function summarizeJudgedPlan(plan: JudgedPlan, rows: readonly ResultRow[]): JudgedPlanCurve[] {
  return JUDGED_PLAN_METHODS.map(({ id }) => {
    const points = plan.sizes.map((n) => {
      const at = (metric: string) =>
        rows.find((r) => r.method === id && r.metric === metric && r.params.labels === n);
      const w = at('width');
      const c = at('coverage');
      return {
        labels: n,
        width: w ? w.value : Number.NaN,
        mcse: w ? w.mcse : Number.NaN,
        coverage: c ? c.value : Number.NaN,
        coverageMcse: c ? c.mcse : Number.NaN,
      };
    });
    const ns = points.map((p) => p.labels);
    return {
      method: id,
      points,
      required: {
        estimate: widthCrossing(
          ns,
          points.map((p) => p.width),
          plan.width,
        ),
        low: widthCrossing(
          ns,
          points.map((p) => p.width - 2 * p.mcse),
          plan.width,
        ),
        high: widthCrossing(
          ns,
          points.map((p) => p.width + 2 * p.mcse),
          plan.width,
        ),
      },
    };
  });
}
