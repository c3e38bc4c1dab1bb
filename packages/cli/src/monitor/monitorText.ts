/**
 * `evalsim monitor`'s terminal text: the headline interval and p-value, the decision and its
 * exit status, the other anytime-valid statistics, and a table (the sequence at checkpoints, or
 * the planned looks), all from sim's MonitorReport.
 */
import type { MonitorReport } from '@evalsim/sim';
import type { Row } from '../format/printRows.js';
import { monitorExitCode } from './exitCodes.js';

/** A difference in points (score units × 100), signed, one decimal. */
export function points(value: number): string {
  const v = Math.round(value * 1000) / 10;
  return `${v > 0 ? '+' : v < 0 ? '−' : ''}${Math.abs(v).toFixed(1)}`;
}

/** A margin in points, unsigned. */
function margin(value: number): string {
  return (Math.round(value * 1000) / 10).toFixed(1);
}

function interval(lower: number, upper: number): string {
  return lower > upper
    ? `empty (${points(lower)} > ${points(upper)})`
    : `[${points(lower)}, ${points(upper)}]`;
}

/** A z statistic with the same minus sign as the differences. */
function zText(z: number): string {
  return z === Number.POSITIVE_INFINITY
    ? '∞'
    : z === Number.NEGATIVE_INFINITY
      ? '−∞'
      : z.toFixed(3).replace('-', '−');
}

function pText(p: number): string {
  return p < 1e-4 ? p.toExponential(1) : p.toPrecision(2);
}

/** The decision as a sentence. */
export function decisionSentence(r: MonitorReport, hasBaseline: boolean): string {
  const code = monitorExitCode(r.decision, hasBaseline);
  switch (r.decision) {
    case 'stop-better':
      return `Decision: STOP — ${r.candidate} is better than ${r.baseline} (the interval excludes 0). Exit ${code}.`;
    case 'stop-worse':
      return hasBaseline
        ? `Decision: STOP — ${r.candidate} is worse than the baseline ${r.baseline} (the interval excludes 0). Exit ${code}.`
        : `Decision: STOP — ${r.baseline} is better than ${r.candidate} (the interval excludes 0). Exit ${code}.`;
    case 'stop-equivalent':
      return `Decision: STOP — no difference of ${margin(r.delta as number)} points: the interval lies inside ±${margin(r.delta as number)}. Exit ${code}.`;
    case 'stop-planned-maximum':
      return `Decision: STOP — the planned maximum is reached and no difference was found (the design's answer: not better). Exit ${code}.`;
    case 'stop-budget':
      return `Decision: STOP — --max-questions ${r.questions.toLocaleString('en-US')} used without a decision. Exit ${code}.`;
    default:
      return `Decision: CONTINUE — neither a difference nor${r.delta !== null ? ` equivalence within ±${margin(r.delta)} points` : ' (without --delta) equivalence'} yet${r.gate?.nextLook ? `; next look at ${r.gate.nextLook.toLocaleString('en-US')} questions` : ''}. Exit ${code}.`;
  }
}

/** The paragraphs above the table. */
export function monitorLines(r: MonitorReport, hasBaseline: boolean): string[] {
  const level = `${Math.round((1 - r.alpha) * 1000) / 10}%`;
  const order =
    r.orderedBy === 'column'
      ? 'in the order of the --order column'
      : 'in log order (files as given, lines within)';
  const lines = [
    `${r.task}, ${r.metric}: ${r.candidate} − ${r.baseline} on ${r.questions.toLocaleString('en-US')} paired questions ${order}${r.binary ? ', 0/1 scores' : ', graded scores'}; observed difference ${points(r.estimate)} points.`,
  ];
  const h = r.headline;
  lines.push(
    h.interval
      ? `${r.gate ? '' : 'Anytime-valid '}${level} interval for ${r.candidate} − ${r.baseline}, ${h.name}: ${interval(h.interval.lower, h.interval.upper)} points; ${r.gate ? 'stage-wise' : 'always-valid'} p = ${pText(h.pValue as number)} (valid ${h.validity}).`
      : `No planned look reached yet (${h.name}).`,
  );
  lines.push(decisionSentence(r, hasBaseline));
  const a = r.anytime;
  const also = [
    `${r.gate ? 'anytime-valid betting sequence ' : ''}${r.gate ? `${interval(a.betting.lower, a.betting.upper)} (p = ${pText(a.betting.pValue)}); ` : ''}normal-mixture sequence (Howard et al. 2021, Hoeffding bound, tuned for ${a.normalMixture.plannedQuestions.toLocaleString('en-US')} questions) ${interval(a.normalMixture.lower, a.normalMixture.upper)}`,
  ];
  if (a.mixtureSprt)
    also.push(
      `mixture SPRT on the discordant questions (τ² = ${a.mixtureSprt.tau2.toPrecision(3)}, tuned for ${a.mixtureSprt.plannedPairs}) p = ${pText(a.mixtureSprt.pValue)}`,
    );
  if (a.betaBinomial)
    also.push(
      `discordant-pairs e-process (${a.betaBinomial.candidateOnly} only ${r.candidate} right, ${a.betaBinomial.baselineOnly} only ${r.baseline}; Beta(${a.betaBinomial.a.toPrecision(3)}, ·)) p = ${pText(a.betaBinomial.pValue)}`,
    );
  lines.push(`Also: ${also.join('; ')}.`);
  return lines;
}

/** The table: planned looks (with a gate) or the anytime sequence at checkpoints. */
export function monitorRows(r: MonitorReport): Row[] {
  if (r.gate)
    return r.gate.looks.map((l) => ({
      look: l.look,
      questions: l.questions,
      boundary: `±${l.critical === Number.POSITIVE_INFINITY ? '∞' : l.critical.toFixed(3)}`,
      z: l.z === null ? '' : zText(l.z),
      difference: l.estimate === null ? '' : points(l.estimate),
      'repeated CI': l.interval ? interval(l.interval.lower, l.interval.upper) : '',
      'stage-wise p': l.pValue === null ? '' : pText(l.pValue),
    }));
  return r.checkpoints.map((c) => ({
    questions: c.questions,
    difference: points(c.estimate),
    'anytime interval': interval(c.lower, c.upper),
    'always-valid p': pText(c.pValue),
  }));
}
