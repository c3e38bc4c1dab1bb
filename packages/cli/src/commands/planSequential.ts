/**
 * `evalsim plan --looks`'s group-sequential section: the gate's maximum, its looks (questions,
 * information fraction, boundary, nominal level, cumulative α) and the expected questions, from
 * sim's sequentialPlan, printed after the fixed-size plan.
 */
import type { SequentialPlan } from '@evalsim/sim';
import { TABLE_WIDTH } from '../format/alignedTable.js';
import { printRows } from '../format/printRows.js';
import { wrapText } from '../format/wrapText.js';
import type { CliIo } from '../io.js';
import { spendingText } from '../monitor/spendingFlag.js';

export function sequentialSection(io: CliIo, plan: SequentialPlan, unit: string, fixed: number): void {
  const say = (text: string) => io.stdout.write(`${wrapText(text, TABLE_WIDTH).join('\n')}\n`);
  const f = (n: number) => Math.round(n).toLocaleString('en-US');
  io.stdout.write('\n');
  say(
    `Group-sequential gate (${plan.looks.length} looks, spending ${spendingText(plan.gate.spending)}, two-sided α = ${plan.gate.alpha}): the fixed ${f(fixed)} questions${unit === 'clusters' ? ' (Miller’s clusters × questions per cluster)' : ''} × inflation factor ${plan.inflationFactor.toFixed(4)} = at most ${f(plan.maxSize)} questions; expected ${f(plan.expectedH1)} when the gap is δ and ${f(plan.expectedH0)} when there is none (normal theory of the paired z, as Miller's formula; the sequential-power study checks it by simulation). Decide only at these looks: evalsim monitor <logs> --design design.json.`,
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
}
