/**
 * `evalsim monitor <logs…>`: where a running eval stands, for a gate that may check as often as
 * it likes — rerun it as the log grows. Reads the logs with the importers of `import`/`analyze`
 * (a JSON Lines log's partial last line, still being written, is skipped with a note), orders
 * the paired questions by `--order COLUMN` or log order, and prints sim's monitorEval: the
 * anytime-valid interval and p-value for candidate − baseline (or, with `--looks`/`--design`, the
 * planned group-sequential gate at the looks reached), the decision and an exit status a CI gate
 * branches on (monitor/exitCodes.ts), or one JSON document with `--json`.
 */
import { importEval, type MonitorReport, monitorEval } from '@evalsim/sim';
import { formatEvalWarning } from '@evalsim/sim/internal';
import type { CommandModule } from 'yargs';
import { formatTable, tableWidth } from '../format/printRows.js';
import { createStatusLine } from '../format/progressLine.js';
import { wrapText } from '../format/wrapText.js';
import { autoView } from '../html/autoView.js';
import type { CliIo } from '../io.js';
import { MONITOR_EXIT_HELP, monitorExitCode } from '../monitor/exitCodes.js';
import { monitorLines, monitorRows } from '../monitor/monitorText.js';
import { SPENDING_HELP } from '../monitor/spendingFlag.js';
import { checkFlag, integerFlag } from './flagValues.js';
import { gateFlags } from './gateFlags.js';
import { checkHtmlOutput, HTML_OPTION, writeHtmlOutput } from './htmlOutput.js';
import {
  COLUMN_FLAGS,
  checkPathsExist,
  importOptionsFrom,
  type LegacyImportFlag,
  withImportFlags,
  withLegacyImportFlags,
} from './importFlags.js';
import { inputPath } from './shippedStudies.js';

interface Args {
  io: CliIo;
  logs: string[];
  quiet?: boolean;
  html?: string;
  baseline?: string;
  candidate?: string;
  delta?: number;
  alpha: number;
  looks?: string;
  maxQuestions?: number;
  spending?: string;
  design?: string;
  tuneQuestions?: number;
  tunePairs?: number;
  task?: string;
  metric?: string;
  json: boolean;
  [flag: string]: unknown;
}

/** The old `--system` (label or long-table column), still read with a warning. */
const LEGACY: readonly LegacyImportFlag[] = ['system'];

/** [candidate, baseline] from --baseline / --candidate and the eval's systems. */
function pairOf(systems: readonly string[], args: Args): [string, string] {
  const { baseline, candidate } = args;
  for (const flag of ['baseline', 'candidate'] as const)
    if (Array.isArray(args[flag]))
      throw new Error(`--${flag}: give one system, got ${(args[flag] as string[]).join(', ')}`);
  for (const [flag, name] of [
    ['baseline', baseline],
    ['candidate', candidate],
  ] as const)
    if (name !== undefined && !systems.includes(name))
      throw new Error(`--${flag}: no system "${name}" in the logs; systems: ${systems.join(', ')}`);
  if (baseline !== undefined && candidate !== undefined) return [candidate, baseline];
  const others = systems.filter((s) => s !== baseline && s !== candidate);
  if (baseline !== undefined && others.length === 1) return [others[0], baseline];
  if (candidate !== undefined && others.length === 1) return [candidate, others[0]];
  if (baseline === undefined && candidate === undefined && systems.length === 2)
    return [systems[0], systems[1]];
  throw new Error(
    `the logs have ${systems.length} systems (${systems.join(', ')}); name the pair with --baseline and --candidate`,
  );
}

export const monitorCommand: CommandModule<object, Args> = {
  command: 'monitor <logs..>',
  describe:
    'A running eval, checked as often as you like: anytime-valid interval, p-value and a stop/continue decision',
  builder: (y) =>
    withLegacyImportFlags(withImportFlags(y, COLUMN_FLAGS), LEGACY)
      .positional('logs', {
        type: 'string',
        array: true,
        demandOption: true,
        describe: 'eval logs (any format evalsim import reads; JSON Lines may still be being written)',
      })
      .option('baseline', { type: 'string', describe: 'the system to beat (the other one is the candidate)' })
      .option('candidate', {
        type: 'string',
        describe: 'the system tested against the baseline (when the logs have more than two)',
      })
      .option('delta', {
        type: 'number',
        describe:
          'equivalence margin in score units (0.02 = 2 points): stop when the interval lies inside ±delta',
      })
      .option('alpha', { type: 'number', default: 0.05, describe: 'two-sided error rate, in (0, 1)' })
      .option('looks', {
        type: 'string',
        describe:
          'a planned group-sequential gate: K looks (with --max-questions) or the look sizes 200,400,600',
      })
      .option('max-questions', {
        type: 'number',
        describe:
          'the planned maximum (with --looks K), or the anytime budget (stop without a decision there)',
      })
      .option('spending', { type: 'string', describe: `${SPENDING_HELP}, with --looks` })
      .option('design', {
        type: 'string',
        describe: 'the design file evalsim plan --looks wrote (design.json)',
      })
      .option('tune-questions', {
        type: 'number',
        describe: 'questions the normal-mixture sequence is tightest at (default: the maximum, else 1000)',
      })
      .option('tune-pairs', {
        type: 'number',
        describe: 'discordant questions the mixture SPRT and the e-process are tightest at (default 100)',
      })
      .option('task', { type: 'string', describe: 'the task (when the logs have several)' })
      .option('json', { type: 'boolean', default: false, describe: 'print one JSON document' })
      .option('quiet', { type: 'boolean', default: false, describe: 'no progress line' })
      .options(HTML_OPTION)
      .example(
        '$0 monitor studies/data/seed000-shuffled.jsonl --order order --baseline haiku_off',
        "the docs' worked example: seed 000's first answers in a shuffled order (stop: Sonnet better)",
      )
      .example(
        '$0 monitor log.jsonl --baseline old --delta 0.02',
        'anytime-valid: stop when the candidate is better or worse, or within ±2 points; rerun as it grows',
      )
      .example(
        '$0 monitor log.csv --order finished_at --baseline old --looks 5 --max-questions 1200',
        "a planned gate: O'Brien–Fleming boundaries at 5 looks up to 1,200 questions, decided at the looks",
      )
      .example(
        '$0 monitor log.jsonl --baseline old --design plan/design.json --json',
        'the gate evalsim plan --looks wrote',
      )
      .epilog(MONITOR_EXIT_HELP.join('\n')) as never,
  handler: async (args) => {
    const { io } = args;
    const paths = (args.logs ?? []).map((p) => inputPath(io, String(p)));
    checkPathsExist(io, paths);
    const htmlFile = checkHtmlOutput(
      io,
      args.html,
      paths.map((p) => io.resolve(p)),
    );
    checkFlag('alpha', args.alpha, { min: 0, max: 1, minOpen: true, maxOpen: true });
    if (args.delta !== undefined) checkFlag('delta', args.delta, { min: 0, max: 1, minOpen: true });
    if (args.maxQuestions !== undefined) integerFlag('max-questions', args.maxQuestions, 1, 1e9);
    if (args.tuneQuestions !== undefined) integerFlag('tune-questions', args.tuneQuestions, 1, 1e9);
    if (args.tunePairs !== undefined) integerFlag('tune-pairs', args.tunePairs, 1, 1e9);
    const gate = gateFlags(io, args);
    // A progress line on a terminal while the logs are read (the long part of a big log).
    const line = createStatusLine({ stream: io.stderr, quiet: args.quiet === true });
    const imported = importEval(paths, importOptionsFrom(io, args, COLUMN_FLAGS, LEGACY), {
      cwd: io.cwd,
      background: 'auto',
      growing: true,
      digests: false,
      onProgress: (done, total) =>
        line.draw(
          `monitor: logs read ${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')}`,
          done === total,
        ),
    });
    line.clear();
    const table = imported.table;
    const metric =
      args.metric !== undefined && table.metric.dictionary.includes(args.metric) ? args.metric : undefined;
    const systems = [...new Set(Array.from(table.system.codes, (c) => table.system.dictionary[c]))];
    const report: MonitorReport = monitorEval(table, {
      systems: pairOf(systems, args),
      alpha: args.alpha,
      ...(args.task !== undefined ? { task: args.task } : {}),
      ...(metric !== undefined ? { metric } : {}),
      ...(args.delta !== undefined ? { delta: args.delta } : {}),
      ...(gate ? { gate } : {}),
      ...(args.maxQuestions !== undefined && !gate ? { maxQuestions: args.maxQuestions } : {}),
      ...(args.tuneQuestions !== undefined ? { plannedQuestions: args.tuneQuestions } : {}),
      ...(args.tunePairs !== undefined ? { plannedPairs: args.tunePairs } : {}),
    });
    const hasBaseline = args.baseline !== undefined;
    const exitCode = monitorExitCode(report.decision, hasBaseline);
    const importNotes = imported.warnings.map(formatEvalWarning);
    const jsonText = `${JSON.stringify({ logs: paths, ...report, exitCode, importWarnings: importNotes, systemsInLogs: systems }, (_k, v) => (v === Number.POSITIVE_INFINITY ? 'Infinity' : v), 2)}\n`;
    await writeHtmlOutput(io, htmlFile, args.html, jsonText, (d) => autoView('evalsim monitor', d));
    if (args.json) {
      io.stdout.write(jsonText);
    } else {
      const width = tableWidth(io.stdout);
      for (const line of monitorLines(report, hasBaseline))
        io.stdout.write(`${wrapText(line, width).join('\n')}\n`);
      io.stdout.write('\n');
      io.stdout.write(formatTable(monitorRows(report), { maxWidth: width }));
      for (const note of report.notes) io.stdout.write(`${wrapText(`note: ${note}`, width).join('\n')}\n`);
    }
    for (const w of [...importNotes, ...report.warnings]) io.stderr.write(`warning: ${w}\n`);
    io.exitCode = exitCode;
  },
};
