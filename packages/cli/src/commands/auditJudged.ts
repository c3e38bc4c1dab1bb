/**
 * `evalsim audit <eval> --labels …`: the coverage of every judge-correction interval on evals
 * like this one (sim yourEval/judgedAudit.ts): one generated study per system (and one for the
 * first pair), written to `<out>/judged-audit-*.json` and run by the ordinary runner, then
 * coverage, lower / upper non-coverage and mean width with MCSEs, Bradley's verdict and a
 * recommendation per study. Called by audit.ts when `--labels` is given.
 */
import { buildJudgedAudit, summarizeJudgedAudit } from '@evalsim/sim';
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

export interface AuditJudgedArgs {
  readonly eval: string;
  readonly labels: string;
  readonly system?: string | undefined;
  readonly metric?: string | undefined;
  readonly task?: string | undefined;
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

const est = (e: { value: number; mcse: number }, scale = 1) =>
  Number.isNaN(e.value) ? 'n/a' : formatEstimate(scale * e.value, scale * e.mcse);

export async function runJudgedAudit(io: CliIo, args: AuditJudgedArgs): Promise<void> {
  const outDir = io.resolve(args.out);
  const htmlFile = checkHtmlOutput(io, args.html, [io.resolve(inputPath(io, args.eval))]);
  const { analysis, warnings } = judgedEval(io, args.eval, {
    ...args,
    output: {
      dir: outDir,
      label: `--out ${args.out}`,
      writes: [
        'judged-audit-1.json',
        'judged-audit-1.arrow',
        'judged-audit-pair.json',
        'judged-audit-pair.arrow',
      ],
    },
  });
  const audit = buildJudgedAudit({
    analysis,
    replications: args.replications,
    seed: args.seed,
    ...(args.system !== undefined ? { systems: [args.system] } : {}),
  });
  const runs = [];
  for (const study of audit.studies) {
    runs.push(
      await runGeneratedStudy(io, study.config, outDir, {
        workers: args.workers,
        quiet: args.quiet || args.json,
      }),
    );
  }
  const summary = summarizeJudgedAudit(
    audit,
    runs.map((r) => r.rows),
  );
  const files = runs.flatMap((r) => [r.studyFile, r.resultsFile]);
  const jsonText = `${JSON.stringify({ band: summary.band, studies: summary.studies, files: files.map((f) => shownPath(io, f)), warnings }, null, 2)}\n`;
  await writeHtmlOutput(io, htmlFile, args.html, jsonText, (d) => autoView('evalsim audit --labels', d));
  if (args.json) {
    io.stdout.write(jsonText);
    return;
  }
  const say = (text: string) => io.stdout.write(`${wrapText(text, TABLE_WIDTH).join('\n')}\n`);
  say(
    `Judged audit of ${shownPath(io, io.resolve(args.eval))} (${analysis.metric} corrected with ${analysis.labelMetric}): ${args.replications} replications per study; Bradley's liberal band ${summary.band.map((b) => b.toFixed(3)).join('–')}.`,
  );
  for (const s of summary.studies) {
    const f = s.facts;
    say(
      `\n${s.label}: ${f.map((x) => `${f.length > 1 ? `${x.system} ` : ''}N = ${x.unlabelled.toLocaleString('en-US')}, n = ${x.labelled.toLocaleString('en-US')}, accuracy ${(100 * x.accuracy).toFixed(1)}% (PPI++), sensitivity ${x.sensitivity.toFixed(3)}, specificity ${x.specificity.toFixed(3)}`).join('; ')}`,
    );
    printRows(
      io.stdout,
      s.intervals.map((r) => ({
        method: r.method,
        coverage: est(r.coverage),
        'truth below': est(r.lowerMiss),
        'truth above': est(r.upperMiss),
        'mean width (points)': est(r.width, 100),
        Bradley: r.verdict,
      })),
      false,
    );
    say(s.recommendation);
  }
  for (const w of warnings) io.stderr.write(`warning: ${w}\n`);
  io.stdout.write(
    `\nwrote\n  ${files.map((p) => shownPath(io, p)).join('\n  ')}\nrerun: evalsim run <study> --out ${shownPath(io, outDir)}\n`,
  );
}
