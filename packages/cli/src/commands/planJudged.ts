/**
 * `evalsim plan <eval> --labels … --width W`: how many of the eval's judged rows to label for an
 * interval of full width W (sim yourEval/judgedPlan.ts): the closed forms of PPI++, Rogan–Gladen
 * (delta method) and the labelled mean at the eval's measured accuracy and judge rates, then a
 * generated study (`<out>/judged-plan.json`, run by the ordinary runner) of the simulated mean
 * widths and coverage over label counts; the count where each width curve reaches W with its
 * ±2·MCSE band. Called by plan.ts when `--labels` is given.
 */
import { buildJudgedPlan, type LabelCrossing, summarizeJudgedPlan } from '@evalsim/sim';
import { TABLE_WIDTH } from '../format/alignedTable.js';
import { formatEstimate } from '../format/formatResults.js';
import { printRows } from '../format/printRows.js';
import { wrapText } from '../format/wrapText.js';
import { autoView } from '../html/autoView.js';
import type { CliIo } from '../io.js';
import { runGeneratedStudy } from './generatedStudy.js';
import { checkHtmlOutput, writeHtmlOutput } from './htmlOutput.js';
import { judgedEval } from './judgedEval.js';
import { shownPath } from './shared.js';
import { inputPath } from './shippedStudies.js';

export interface PlanJudgedArgs {
  readonly eval: string;
  readonly labels: string;
  readonly width: number;
  readonly system?: string | undefined;
  readonly metric?: string | undefined;
  readonly task?: string | undefined;
  readonly sizes?: readonly number[] | undefined;
  readonly replications: number;
  readonly seed: number;
  readonly level: number;
  readonly out: string;
  readonly workers?: number | undefined;
  readonly quiet: boolean;
  readonly json: boolean;
  /** `--html FILE` as given (checked here before any work). */
  readonly html?: string | undefined;
}

function crossingText(c: LabelCrossing): string {
  const n = Math.ceil(c.labels).toLocaleString('en-US');
  return c.kind === 'at' ? `${n} labels` : c.kind === 'below' ? `≤ ${n} labels` : `> ${n} labels`;
}

export async function runJudgedPlan(io: CliIo, args: PlanJudgedArgs): Promise<void> {
  const outDir = io.resolve(args.out);
  const htmlFile = checkHtmlOutput(io, args.html, [io.resolve(inputPath(io, args.eval))]);
  const { analysis, warnings } = judgedEval(io, args.eval, {
    ...args,
    output: { dir: outDir, label: `--out ${args.out}`, writes: ['judged-plan.json', 'judged-plan.arrow'] },
  });
  const plan = buildJudgedPlan({
    analysis,
    width: args.width,
    system: args.system,
    sizes: args.sizes,
    replications: args.replications,
    seed: args.seed,
  });
  const run = await runGeneratedStudy(io, plan.config, outDir, {
    workers: args.workers,
    quiet: args.quiet || args.json,
  });
  const curves = summarizeJudgedPlan(plan, run.rows);
  {
    const doc = {
      study: shownPath(io, run.studyFile),
      results: shownPath(io, run.resultsFile),
      facts: plan.facts,
      width: plan.width,
      level: plan.level,
      closedForm: plan.closedForm,
      curves,
      warnings,
    };
    const jsonText = `${JSON.stringify(doc, null, 2)}\n`;
    await writeHtmlOutput(io, htmlFile, args.html, jsonText, (d) => autoView('evalsim plan --labels', d));
    if (args.json) {
      io.stdout.write(jsonText);
      return;
    }
  }
  const f = plan.facts;
  const say = (text: string) => io.stdout.write(`${wrapText(text, TABLE_WIDTH).join('\n')}\n`);
  say(plan.config.title ?? '');
  say(
    `${f.system}: accuracy ${(100 * f.accuracy).toFixed(1)}% (PPI++), judge sensitivity ${f.sensitivity.toFixed(3)} and specificity ${f.specificity.toFixed(3)} on its ${f.labelled} labelled rows; ${f.rows.toLocaleString('en-US')} judged rows.`,
  );
  const names = {
    ppiPlusPlus: 'PPI++',
    roganGladenDelta: 'Rogan–Gladen (delta)',
    labelledOnly: 'labelled only',
  };
  say(
    `Closed form (unclustered): ${plan.closedForm.map((c) => `${names[c.method]} ${c.labels === null ? `not reachable (at best ${(100 * c.bestWidth).toFixed(1)} points, with ${c.bestLabels.toLocaleString('en-US')} labels)` : `${c.labels.toLocaleString('en-US')} labels`}`).join('; ')}.`,
  );
  io.stdout.write('\n');
  printRows(
    io.stdout,
    plan.sizes.flatMap((n) =>
      curves.map((c) => {
        const p = c.points.find((q) => q.labels === n)!;
        return {
          labels: n,
          method: c.method,
          'mean width (points)': Number.isNaN(p.width) ? 'n/a' : formatEstimate(100 * p.width, 100 * p.mcse),
          coverage: Number.isNaN(p.coverage) ? 'n/a' : formatEstimate(p.coverage, p.coverageMcse),
        };
      }),
    ),
    false,
  );
  io.stdout.write('\n');
  for (const c of curves) {
    say(
      `${c.method}: a ${(100 * plan.width).toFixed(1)}-point interval needs ${crossingText(c.required.estimate)} (±2 MCSE band ${crossingText(c.required.low)} to ${crossingText(c.required.high)}).`,
    );
  }
  for (const w of warnings) io.stderr.write(`warning: ${w}\n`);
  io.stdout.write(
    `wrote\n  ${[run.studyFile, run.resultsFile].map((p) => shownPath(io, p)).join('\n  ')}\nrerun: evalsim run ${shownPath(io, run.studyFile)} --out ${shownPath(io, outDir)}\n`,
  );
}
