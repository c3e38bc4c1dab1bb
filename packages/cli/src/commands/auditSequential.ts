/**
 * The sequential branch of `evalsim audit --looks K` (or `--design design.json`): does the planned
 * gate keep its promise on this eval? Builds sim's sequential audit (yourEval/sequentialAudit.ts:
 * the eval's questions or whole clusters resampled in random arrival order, under the null and
 * under the observed gap), runs it with the ordinary runner into `--out`, and prints (or
 * `--json`, `--html` through the automatic view) the gate's type-I error, power and expected
 * questions beside the naive z, the anytime-valid tests and the confidence sequences' coverage,
 * each with its MCSE and verdict.
 */
import {
  buildSequentialAudit,
  type Estimate,
  type SequentialGate,
  type SequentialResample,
  summarizeSequentialAudit,
} from '@evalsim/sim';
import { spendingName } from '@evalsim/sim/internal';
import { TABLE_WIDTH } from '../format/alignedTable.js';
import { formatEstimate } from '../format/formatResults.js';
import { printRows } from '../format/printRows.js';
import { wrapText } from '../format/wrapText.js';
import { autoView } from '../html/autoView.js';
import type { CliIo } from '../io.js';
import type { EvalPopulation } from './evalInput.js';
import { runGeneratedStudy } from './generatedStudy.js';
import { writeHtmlOutput } from './htmlOutput.js';
import { refusingCleanly } from './passAtKPlanning.js';
import { shownPath } from './shared.js';

export interface SequentialAuditFlags {
  readonly systems: readonly [string, string];
  readonly gate: SequentialGate;
  readonly resample?: SequentialResample | undefined;
  readonly tuneQuestions?: number | undefined;
  readonly tunePairs?: number | undefined;
  readonly replications: number;
  readonly seed: number;
  readonly workers?: number | undefined;
  readonly quiet: boolean;
  readonly json: boolean;
  readonly parquet: boolean;
  readonly eval: string;
  readonly html?: string | undefined;
  readonly htmlFile?: string | undefined;
}

const est = (e: Estimate | null) =>
  e === null || Number.isNaN(e.value) ? '' : formatEstimate(e.value, e.mcse);
const pctEst = (e: Estimate | null) =>
  e === null || Number.isNaN(e.value) ? '' : formatEstimate(100 * e.value, 100 * e.mcse);
const questions = (e: Estimate) => (Number.isNaN(e.value) ? '' : formatEstimate(e.value, e.mcse));

export async function runSequentialAudit(
  io: CliIo,
  input: EvalPopulation,
  outDir: string,
  flags: SequentialAuditFlags,
  populationExisted: boolean,
): Promise<void> {
  const audit = refusingCleanly(outDir, input, populationExisted, () =>
    buildSequentialAudit({
      populationFile: input.file,
      population: input.population,
      evalName: input.shown,
      systems: flags.systems,
      gate: flags.gate,
      ...(flags.resample ? { resample: flags.resample } : {}),
      ...(flags.tuneQuestions !== undefined ? { plannedQuestions: flags.tuneQuestions } : {}),
      ...(flags.tunePairs !== undefined ? { plannedPairs: flags.tunePairs } : {}),
      replications: flags.replications,
      seed: flags.seed,
    }),
  );
  const run = await runGeneratedStudy(io, audit.config, outDir, {
    workers: flags.workers,
    quiet: flags.quiet || flags.json,
    parquet: flags.parquet,
  });
  const summary = summarizeSequentialAudit(audit, run.rows);
  const [a, b] = flags.systems;
  const f = audit.facts;
  const files = [run.studyFile, run.resultsFile, ...run.parquetFiles];
  const doc = {
    systems: { candidate: a, baseline: b },
    facts: f,
    gate: {
      spending: f.spending,
      alpha: f.alpha,
      looks: f.sizes.map((questions, k) => ({
        look: k + 1,
        questions,
        critical: flags.gate.design.criticalValues[k],
        alphaSpent: flags.gate.design.alphaSpent[k],
      })),
    },
    recommendation: summary.recommendation,
    methods: summary.methods,
    files: files.map((p) => shownPath(io, p)),
    warnings: input.warnings,
  };
  const jsonText = `${JSON.stringify(doc, (_k, v) => (v === Number.POSITIVE_INFINITY ? 'Infinity' : v), 2)}\n`;
  await writeHtmlOutput(io, flags.htmlFile, flags.html, jsonText, (d) =>
    autoView('evalsim audit --looks', d),
  );
  if (flags.json) {
    io.stdout.write(jsonText);
    return;
  }
  const say = (text: string) => io.stdout.write(`${wrapText(text, TABLE_WIDTH).join('\n')}\n`);
  const max = f.sizes[f.sizes.length - 1];
  say(
    `Sequential audit of ${a} − ${b} on ${shownPath(io, io.resolve(flags.eval))}: ${f.questions.toLocaleString('en-US')} paired questions${f.resample === 'clusters' ? ` in ${f.clusters} clusters (whole clusters resampled)` : ' (single questions resampled)'}, observed gap ${(100 * f.gap).toFixed(1)} points. ${f.replications.toLocaleString('en-US')} replications per hypothesis: streams of ${max.toLocaleString('en-US')} questions in a uniformly random order, one answer per question${f.epochsDrawn ? ' (drawn from its recorded rate)' : ''}; null = the systems' labels swapped with probability ½ per question (truth 0), observed = as recorded (truth = the gap). Gate: ${spendingName(f.spending)} spending, looks at ${f.sizes.map((n) => n.toLocaleString('en-US')).join(', ')} questions, two-sided α = ${f.alpha}. Verdicts at 2 MCSE.`,
  );
  io.stdout.write('\n');
  printRows(
    io.stdout,
    summary.methods
      .filter((m) => m.role !== 'sequence')
      .map((m) => ({
        test: m.label,
        'type-I error %': pctEst(m.typeI),
        verdict: m.typeIVerdict ?? '',
        [`power % at ${(100 * f.gap).toFixed(1)} points`]: pctEst(m.power),
        'questions (null)': questions(m.questionsNull),
        'questions (gap)': questions(m.questionsObserved),
      })),
    false,
  );
  io.stdout.write('\n');
  say(
    `Confidence sequences, read after question ${max.toLocaleString('en-US')} (coverage at every question at once):`,
  );
  printRows(
    io.stdout,
    summary.methods
      .filter((m) => m.role === 'sequence')
      .map((m) => ({
        sequence: m.label,
        'coverage % (null)': pctEst(m.coverageNull),
        'coverage % (gap)': pctEst(m.coverageObserved),
        verdict: m.coverageVerdict ?? '',
        'width (gap)': est(m.widthObserved),
      })),
    false,
  );
  io.stdout.write('\n');
  say(summary.recommendation);
  for (const w of input.warnings) io.stderr.write(`warning: ${w}\n`);
  io.stdout.write(
    `\nwrote\n  ${files.map((p) => shownPath(io, p)).join('\n  ')}\nrerun: evalsim run ${shownPath(io, run.studyFile)} --out ${shownPath(io, outDir)}\n`,
  );
}
