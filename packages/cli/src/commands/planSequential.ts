/**
 * `evalsim plan --looks`'s group-sequential section: the gate's maximum, its looks (questions,
 * information fraction, boundary, nominal level, cumulative α) and the expected questions, from
 * sim's sequentialPlan, printed after the fixed-size plan.
 */
import type { SequentialPlan, SequentialPlanCheck } from '@evalsim/sim';
import { TABLE_WIDTH } from '../format/alignedTable.js';
import { decimalsFor } from '../format/formatResults.js';
import { printRows } from '../format/printRows.js';
import { wrapText } from '../format/wrapText.js';
import type { CliIo } from '../io.js';
import { spendingText } from '../monitor/spendingFlag.js';

export function sequentialSection(
  io: CliIo,
  plan: SequentialPlan,
  unit: string,
  fixed: number,
  check?: SequentialPlanCheck,
): void {
  const say = (text: string) => io.stdout.write(`${wrapText(text, TABLE_WIDTH).join('\n')}\n`);
  const f = (n: number) => Math.round(n).toLocaleString('en-US');
  io.stdout.write('\n');
  say(
    `Group-sequential gate (${plan.looks.length} looks, spending ${spendingText(plan.gate.spending)}, two-sided α = ${plan.gate.alpha}): the fixed ${f(fixed)} questions${unit === 'clusters' ? ' (Miller’s clusters × questions per cluster)' : ''} × inflation factor ${plan.inflationFactor.toFixed(4)} = at most ${f(plan.maxSize)} questions; expected ${f(plan.expectedH1)} when the gap is δ and ${f(plan.expectedH0)} when there is none (normal theory of the paired z, as Miller's formula; checked by simulation on this eval below). Decide only at these looks: evalsim monitor <logs> --design design.json.`,
  );
  io.stdout.write('\n');
  printRows(
    io.stdout,
    plan.looks.map((l) => ({
      look: l.look,
      questions: l.size,
      fraction: l.fraction.toFixed(3),
      boundary: `±${l.critical === Number.POSITIVE_INFINITY ? '∞' : l.critical.toFixed(3)}`,
      'nominal p': l.nominalLevel.toPrecision(3),
      'α spent': l.alphaSpent.toPrecision(3),
    })),
    false,
  );
  if (!check) return;
  io.stdout.write('\n');
  say(
    `Checked by simulation on this eval: the gate on ${check.replications.toLocaleString('en-US')} simulated evals per hypothesis (${check.resample === 'clusters' ? 'questions of whole clusters' : 'questions'} resampled in random order, one answer per question and system, B shifted to the gap δ; no gap: the labels swapped per question), ± MCSE, beside the plan's closed form and the normal theory of these streams (one answer per question: σ² = ${check.variance.toPrecision(4)}, drift ${check.drift.toFixed(3)}); agrees = the simulation within 2 MCSE of that normal theory. The plan's column assumes the plan's own variance (with several epochs, of epoch means), which can differ from one answer's:`,
  );
  const share = (what: string) => what.startsWith('power') || what.startsWith('type-I');
  const shown = (what: string, x: number) => (share(what) ? `${(100 * x).toFixed(1)}%` : f(x));
  printRows(
    io.stdout,
    check.checks.map((c) => ({
      check: c.what,
      plan: shown(c.what, c.planned),
      'normal theory': shown(c.what, c.closedForm),
      simulated: share(c.what)
        ? `${simulatedText(100 * c.simulated.value, 100 * c.simulated.mcse)}%`
        : simulatedText(c.simulated.value, c.simulated.mcse),
      verdict: c.verdict,
    })),
    false,
  );
}

/** A simulated figure ± its MCSE, both to the MCSE's decimals, thousands separated (5.00 ± 0.34, 1,061.32 ± 0.73). */
function simulatedText(value: number, mcse: number): string {
  const decimals = decimalsFor(mcse);
  const show = (x: number) =>
    x.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  return mcse > 0 ? `${show(value)} ± ${show(mcse)}` : show(value);
}
