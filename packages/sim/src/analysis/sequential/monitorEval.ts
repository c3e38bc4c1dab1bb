/**
 * `monitorEval(table, options)`: where an eval that is still running stands, for a release gate
 * that may look as often as it likes (`evalsim monitor`). The paired questions of a candidate and
 * a baseline in arrival order (questionSequence.ts), d_i = candidate − baseline, and:
 *
 *  - anytime-valid (default): the headline is the hedged betting confidence sequence for the
 *    mean difference (Waudby-Smith & Ramdas 2023, core bettingConfidenceSequence on
 *    x_i = (d_i + 1)/2, mapped back by 2m − 1) with its always-valid p-value (the same capital
 *    at no difference, so p ≤ α exactly when the interval excludes 0); valid at every question,
 *    however often the log is monitored. Beside it: Howard et al.'s normal-mixture sequence
 *    (Hoeffding proxy for d ∈ [−1, 1], tuned for `plannedQuestions`) and, for 0/1 scores, the
 *    mixture SPRT (σ² = 1 on the discordant signs, τ² for `plannedPairs`) and the discordant-
 *    pairs beta-binomial e-process;
 *  - with a planned gate (sequentialGate.ts): only the planned looks reached so far count; at
 *    look k the paired z of the first n_k questions against the Lan–DeMets boundary c_k, the
 *    repeated confidence interval d̄_k ± c_k·SE_k (Jennison & Turnbull 2000, ch. 9: covering at
 *    every planned look at once, excluding 0 exactly when |z_k| ≥ c_k) and the stage-wise p-value.
 *
 * Decision: 'stop-better' / 'stop-worse' (the interval excludes 0: the candidate is better /
 * worse), 'stop-equivalent' (it lies inside (−δ, δ): no difference of δ), 'stop-planned-maximum'
 * (the gate's last look reached without either), 'stop-budget' (`maxQuestions` questions used
 * without a decision), else 'continue'. The guarantees assume the questions arrive in an order
 * that does not depend on their outcomes (e.g. a shuffled eval).
 */
import {
  bettingConfidenceSequence,
  bettingPValues,
  boundedMeanNormalMixture,
  createDifferenceTestOut,
  discordantPairsPrior,
  discordantPairsPValues,
  mixtureSprtPValues,
  mixtureSprtTau2,
  pairedDifferenceFromSums,
  stagewisePValues,
} from '@evalsim/core';
import { formatEvalWarning } from '../../evals/evalInputError.js';
import type { EvalTable } from '../../evals/evalTable.js';
import { type QuestionSequenceOptions, questionSequence } from './questionSequence.js';
import type { SequentialGate } from './sequentialGate.js';

export const MONITOR_DECISIONS = [
  'stop-better',
  'stop-worse',
  'stop-equivalent',
  'stop-planned-maximum',
  'stop-budget',
  'continue',
] as const;
export type MonitorDecision = (typeof MONITOR_DECISIONS)[number];

export interface MonitorOptions extends QuestionSequenceOptions {
  /** Default 0.05. */
  readonly alpha?: number;
  /** Equivalence margin δ > 0 (stop when the interval lies inside (−δ, δ)). */
  readonly delta?: number;
  readonly gate?: SequentialGate;
  /** Anytime mode: the most questions to use (stop-budget there). */
  readonly maxQuestions?: number;
  /** The normal-mixture sequence is tightest here (default: the gate's or budget's maximum, else 1,000). */
  readonly plannedQuestions?: number;
  /** The mixture SPRT and the beta-binomial e-process are tightest here (default 100 discordant questions). */
  readonly plannedPairs?: number;
  /** Points of the sequence reported (default 10). */
  readonly checkpoints?: number;
}

export interface MonitorInterval {
  readonly lower: number;
  readonly upper: number;
}

export interface GateLook {
  readonly look: number;
  readonly questions: number;
  readonly critical: number;
  /** null for a look not reached yet (or after the one that stopped). */
  readonly z: number | null;
  readonly estimate: number | null;
  readonly interval: MonitorInterval | null;
  readonly pValue: number | null;
}

export interface MonitorReport {
  readonly task: string;
  readonly metric: string;
  readonly candidate: string;
  readonly baseline: string;
  readonly orderedBy: 'column' | 'log';
  readonly binary: boolean;
  readonly alpha: number;
  readonly delta: number | null;
  /** Paired questions in the log, and those used (capped at a budget or the gate's maximum). */
  readonly available: number;
  readonly questions: number;
  /** Mean difference candidate − baseline over the questions used. */
  readonly estimate: number;
  readonly headline: {
    readonly name: string;
    readonly interval: MonitorInterval | null;
    readonly pValue: number | null;
    readonly validity: string;
  };
  readonly decision: MonitorDecision;
  readonly anytime: {
    readonly betting: MonitorInterval & { readonly pValue: number };
    readonly normalMixture: MonitorInterval & { readonly plannedQuestions: number };
    readonly mixtureSprt: {
      readonly pValue: number;
      readonly tau2: number;
      readonly plannedPairs: number;
    } | null;
    readonly betaBinomial: {
      readonly pValue: number;
      readonly a: number;
      readonly plannedPairs: number;
      readonly candidateOnly: number;
      readonly baselineOnly: number;
    } | null;
  };
  readonly gate: {
    readonly spending: SequentialGate['spending'];
    readonly looks: readonly GateLook[];
    /** The look the decision was taken at (1-based), or null when none reached. */
    readonly decidedAt: number | null;
    /** Questions at the next planned look, or null. */
    readonly nextLook: number | null;
  } | null;
  readonly checkpoints: readonly {
    questions: number;
    estimate: number;
    lower: number;
    upper: number;
    pValue: number;
  }[];
  readonly notes: readonly string[];
  readonly warnings: readonly string[];
}

const DEFAULT_PLANNED_QUESTIONS = 1000;
const DEFAULT_PLANNED_PAIRS = 100;

/** The betting sequence for differences d ∈ [−1, 1] (x = (d + 1)/2), mapped back to differences. */
function bettingDifference(d: Float64Array, alpha: number): MonitorInterval & { pValue: number } {
  const x = Float64Array.from(d, (v) => (v + 1) / 2);
  const cs = bettingConfidenceSequence(x, { alpha });
  const p = bettingPValues(x, 0.5, { alpha });
  return { lower: 2 * cs.lower - 1, upper: 2 * cs.upper - 1, pValue: p[p.length - 1] };
}

function mean(d: Float64Array, n: number): number {
  let s = 0;
  for (let i = 0; i < n; i++) s += d[i];
  return s / n;
}

export function monitorEval(table: EvalTable, options: MonitorOptions): MonitorReport {
  const alpha = options.alpha ?? 0.05;
  if (!(alpha > 0 && alpha < 1)) throw new RangeError(`--alpha: must be in (0, 1), got ${alpha}`);
  const delta = options.delta;
  if (delta !== undefined && !(delta > 0 && delta <= 1))
    throw new RangeError(`--delta: the margin must be in (0, 1] (a difference in score units), got ${delta}`);
  const { gate, maxQuestions } = options;
  if (gate && maxQuestions !== undefined)
    throw new RangeError(
      '--max-questions: a planned gate has its own maximum (its last look); give one or the other',
    );
  if (maxQuestions !== undefined && !(Number.isInteger(maxQuestions) && maxQuestions >= 1))
    throw new RangeError(`--max-questions: must be a whole number ≥ 1, got ${maxQuestions}`);
  const seq = questionSequence(table, options);
  const available = seq.differences.length;
  const notes: string[] = [];
  const cap = gate ? gate.sizes[gate.sizes.length - 1] : maxQuestions;
  if (cap !== undefined && available > cap)
    notes.push(
      `the log has ${available.toLocaleString('en-US')} paired questions, beyond the planned maximum of ${cap.toLocaleString('en-US')}: ${gate ? 'the design has no look there, and ' : ''}the questions after the first ${cap.toLocaleString('en-US')} are not used`,
    );
  const n = cap !== undefined ? Math.min(available, cap) : available;
  const { waiting } = seq;
  if (waiting.candidate + waiting.baseline > 0)
    notes.push(
      `${[
        waiting.candidate
          ? `${waiting.candidate} question${waiting.candidate === 1 ? '' : 's'} only ${seq.candidate}`
          : '',
        waiting.baseline ? `${waiting.baseline} only ${seq.baseline}` : '',
      ]
        .filter(Boolean)
        .join(' and ')} answered so far: each enters when both systems have answered it`,
    );
  notes.push(
    `${gate ? 'the gate' : 'the anytime guarantee'} assumes the questions arrive in an order that does not depend on how they were answered (a shuffled eval); ${seq.orderedBy === 'column' ? 'the order column' : 'the log order'} is taken as that order`,
  );
  const d = seq.differences.subarray(0, n);
  const plannedQuestions = options.plannedQuestions ?? cap ?? DEFAULT_PLANNED_QUESTIONS;
  const plannedPairs = options.plannedPairs ?? DEFAULT_PLANNED_PAIRS;

  const betting = bettingDifference(d, alpha);
  if (betting.lower > betting.upper)
    notes.push(
      'the confidence sequence is empty: no single mean difference fits every stretch of the sequence so far (the running intersection excluded them all). That happens with probability at most α when the order is exchangeable; more likely the order is not (questions sorted by subject, say), and the anytime guarantee does not hold for this order',
    );
  const nm = boundedMeanNormalMixture(d, { alpha, range: [-1, 1], plannedN: plannedQuestions });
  let mixtureSprt: MonitorReport['anytime']['mixtureSprt'] = null;
  let betaBinomial: MonitorReport['anytime']['betaBinomial'] = null;
  if (seq.binary) {
    const signs = Float64Array.from(Array.from(d).filter((v) => v !== 0));
    const tau2 = mixtureSprtTau2(plannedPairs, 1, alpha);
    const a = discordantPairsPrior(plannedPairs, alpha);
    const sprtP = signs.length ? mixtureSprtPValues(signs, { sigma2: 1, tau2 }) : new Float64Array([1]);
    const bbP = signs.length ? discordantPairsPValues(signs, a) : new Float64Array([1]);
    let candidateOnly = 0;
    for (const s of signs) if (s === 1) candidateOnly++;
    mixtureSprt = { pValue: sprtP[sprtP.length - 1], tau2, plannedPairs };
    betaBinomial = {
      pValue: bbP[bbP.length - 1],
      a,
      plannedPairs,
      candidateOnly,
      baselineOnly: signs.length - candidateOnly,
    };
  }

  const checkpoints: MonitorReport['checkpoints'][number][] = [];
  const points = Math.max(1, Math.min(options.checkpoints ?? 10, n));
  let last = 0;
  for (let j = 1; j <= points; j++) {
    const t = Math.max(1, Math.round((j * n) / points));
    if (t === last) continue;
    last = t;
    const at = bettingDifference(d.subarray(0, t), alpha);
    checkpoints.push({
      questions: t,
      estimate: mean(d, t),
      lower: at.lower,
      upper: at.upper,
      pValue: at.pValue,
    });
  }

  const directional = (interval: MonitorInterval): MonitorDecision | undefined =>
    interval.lower > 0
      ? 'stop-better'
      : interval.upper < 0
        ? 'stop-worse'
        : delta !== undefined && interval.lower > -delta && interval.upper < delta
          ? 'stop-equivalent'
          : undefined;

  let decision: MonitorDecision;
  let headline: MonitorReport['headline'];
  let gateReport: MonitorReport['gate'] = null;
  if (gate) {
    const { design, sizes } = gate;
    const pOf = stagewisePValues(design);
    const scratch = createDifferenceTestOut();
    const looks: GateLook[] = [];
    let decided: MonitorDecision | undefined;
    let decidedAt: number | null = null;
    let sum = 0;
    let squares = 0;
    let used = 0;
    for (let k = 0; k < sizes.length; k++) {
      const nk = sizes[k];
      const critical = design.criticalValues[k];
      if (nk > n || decided) {
        looks.push({
          look: k + 1,
          questions: nk,
          critical,
          z: null,
          estimate: null,
          interval: null,
          pValue: null,
        });
        continue;
      }
      for (; used < nk; used++) {
        sum += d[used];
        squares += d[used] * d[used];
      }
      const test = pairedDifferenceFromSums(nk, sum, squares, 0.95, scratch);
      const z = test.statistic;
      const interval = {
        lower: test.estimate - critical * test.se,
        upper: test.estimate + critical * test.se,
      };
      const pValue = Number.isFinite(z) ? pOf(k + 1, z) : 0;
      looks.push({ look: k + 1, questions: nk, critical, z, estimate: test.estimate, interval, pValue });
      decidedAt = k + 1;
      if (Math.abs(z) >= critical) decided = z > 0 ? 'stop-better' : 'stop-worse';
      else if (delta !== undefined && interval.lower > -delta && interval.upper < delta)
        decided = 'stop-equivalent';
    }
    const reached = looks.filter((l) => l.z !== null);
    const latest = reached[reached.length - 1];
    decision = decided ?? (reached.length === sizes.length ? 'stop-planned-maximum' : 'continue');
    const next = decided ? null : (sizes.find((s) => s > n) ?? null);
    headline = {
      name: `repeated confidence interval at look ${latest ? latest.look : 0} of ${sizes.length} (${design.spending.family === 'power' ? `power family ρ = ${design.spending.rho}` : design.spending.family === 'obf' ? "O'Brien–Fleming" : 'Pocock'} spending)`,
      interval: latest?.interval ?? null,
      pValue: latest?.pValue ?? null,
      validity: 'at the planned looks only',
    };
    gateReport = {
      spending: gate.spending,
      looks,
      decidedAt: reached.length ? decidedAt : null,
      nextLook: next,
    };
    if (!latest)
      notes.push(
        `no planned look reached yet: the first is at ${sizes[0].toLocaleString('en-US')} questions`,
      );
  } else {
    decision =
      (betting.pValue <= alpha
        ? betting.lower + betting.upper > 0
          ? 'stop-better'
          : 'stop-worse'
        : directional(betting)) ??
      (maxQuestions !== undefined && n >= maxQuestions ? 'stop-budget' : 'continue');
    headline = {
      name: 'betting confidence sequence (Waudby-Smith & Ramdas 2023)',
      interval: { lower: betting.lower, upper: betting.upper },
      pValue: betting.pValue,
      validity: 'at every question, however often the log is checked',
    };
  }
  return {
    task: seq.matrix.task,
    metric: seq.matrix.metric,
    candidate: seq.candidate,
    baseline: seq.baseline,
    orderedBy: seq.orderedBy,
    binary: seq.binary,
    alpha,
    delta: delta ?? null,
    available,
    questions: n,
    estimate: mean(d, n),
    headline,
    decision,
    anytime: {
      betting,
      normalMixture: { lower: nm.lower[n - 1], upper: nm.upper[n - 1], plannedQuestions },
      mixtureSprt,
      betaBinomial,
    },
    gate: gateReport,
    checkpoints,
    notes,
    // A question one system has not answered yet is waiting (a note above), not a warning.
    warnings: seq.matrix.warnings.filter((w) => w.field !== 'question').map(formatEvalWarning),
  };
}
