/**
 * `evalsim analyze <eval…>`: honest error bars and paired comparisons for a real eval (issue 11).
 * Accepts raw logs in any importer format (with the import flags passed through; the long-table
 * column flags are `--epoch-column` / `--task-column` here) or the canonical Arrow file of
 * `evalsim import`. Computation is sim's `analyzeEval`; this command prints its tables and
 * verdict paragraphs (fitted to 100 columns), or one JSON document with `--json`, and with
 * `--out DIR` writes analysis.md, analysis.json, systems.arrow, pairs.arrow and forest.svg
 * (every file built first, then each written atomically). The interval library (Korn–Graubard,
 * the cluster bootstraps, the hierarchical beta-binomial, the paired and unpaired 2×2 families)
 * goes to every file; the terminal shows the headline columns unless --all-intervals. The
 * cluster bootstraps are seeded (--seed, default 1; --resamples, default 2000): the same
 * inputs and flags give byte-identical output.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  analyzeEval,
  DEFAULT_ANALYZE_RESAMPLES,
  DEFAULT_ANALYZE_SEED,
  type EvalAnalysis,
  evalMatrix,
  evalsimVersion,
  formatEvalWarning,
  HBB_AUTO_SYSTEMS,
  HBB_CHOICES,
  type HbbChoice,
  importEval,
  PAIR_TEST_CHOICES,
  PAIRED_INTERVAL_CHOICES,
  type PairedIntervalChoice,
  type PairTestChoice,
  prepareOutputDirectory,
  writeFileAtomic,
} from '@evalsim/sim';
import type { CommandModule } from 'yargs';
import { analysisArrow } from '../analyze/analysisArrow.js';
import { analysisMarkdown, powerSentence, skippedLines } from '../analyze/analysisMarkdown.js';
import { analysisTables } from '../analyze/analysisTables.js';
import { comparisonParagraph } from '../analyze/comparisonParagraph.js';
import { forestPlot } from '../analyze/forestPlot.js';
import { formatTable, tableWidth } from '../format/printRows.js';
import { wrapText } from '../format/wrapText.js';
import { analyzeView } from '../html/analyzeView.js';
import type { CliIo } from '../io.js';
import { runJudgedAnalysis } from './analyzeJudged.js';
import { checkFlag, integerFlag } from './flagValues.js';
import { checkHtmlOutput, HTML_OPTION, writeHtmlOutput } from './htmlOutput.js';
import {
  checkPathsExist,
  importOptionsFrom,
  type RenamedImportFlags,
  withImportFlags,
} from './importFlags.js';
import { PARQUET_OPTION, parquetTwinNames, withParquetTwins } from './parquetOutput.js';
import { checkChoices, listOption } from './shared.js';
import { inputPath } from './shippedStudies.js';

interface Args {
  io: CliIo;
  paths: string[];
  out?: string;
  json: boolean;
  systems?: string[];
  baseline?: string;
  epoch?: number;
  task?: string;
  metric?: string;
  level: number;
  power: number;
  pairedInterval?: string;
  test: string;
  paragraphs: number;
  seed: number;
  resamples: number;
  hbb: string;
  allIntervals: boolean;
  html?: string;
  parquet: boolean;
  [flag: string]: unknown;
}

const RENAMED: RenamedImportFlags = { epoch: 'epoch-column', task: 'task-column' };

/** The JSON document: the analysis, its paragraphs and the skipped methods. */
export function analysisDocument(a: EvalAnalysis, inputs: readonly string[]): Record<string, unknown> {
  return {
    evalsim: evalsimVersion(),
    inputs,
    ...a,
    paragraphs: a.pairs.map((p) => ({ first: p.first, second: p.second, text: comparisonParagraph(a, p) })),
    powerSummary: powerSentence(a),
    skipped: skippedLines(a),
    notes: [
      'df null means a normal critical value and epochs null means unlimited answers (JSON has no Infinity)',
      'differences are first − second; scores and differences are on the metric scale (0–1 for accuracy)',
      ...(a.clusters > 0
        ? [
            `cluster bootstraps: ${a.options.resamples} whole-cluster resamples each, seed ${a.options.seed}; each system and each pair draws from its own stream (keyed by the seed and its names), so the same inputs and options give the same endpoints; a type that cannot apply is null with its reason in skipped`,
          ]
        : []),
    ],
  };
}

function printAnalysis(io: CliIo, a: EvalAnalysis, paragraphs: number, all: boolean): void {
  const width = tableWidth(io.stdout);
  const say = (text: string) => io.stdout.write(`${wrapText(text, width).join('\n')}\n`);
  say(
    `${a.task}, ${a.metric}: ${a.systems.length} systems \u00d7 ${a.questions} questions` +
      `${a.clusters ? ` in ${a.clusters} clusters` : ''} \u00d7 up to ${a.epochs} epoch${a.epochs === 1 ? '' : 's'}` +
      ` (${a.binary ? '0/1' : 'graded'} scores; continuous methods: ${a.basis.scores}; 0/1 methods: ${a.basis.answers})`,
  );
  for (const t of analysisTables(a, all)) {
    io.stdout.write('\n');
    say(`${t.title} \u2014 ${t.note}`);
    io.stdout.write(formatTable(t.rows, { maxWidth: width }));
  }
  const power = powerSentence(a);
  if (power) {
    io.stdout.write('\n');
    say(power);
  }
  const shown = a.pairs.slice(0, paragraphs);
  for (const p of shown) {
    io.stdout.write('\n');
    say(comparisonParagraph(a, p));
  }
  if (a.pairs.length > shown.length) {
    io.stdout.write('\n');
    say(
      `(${a.pairs.length - shown.length} more comparison paragraphs: --paragraphs N, --json or --out DIR's analysis.md)`,
    );
  }
  for (const line of skippedLines(a)) io.stderr.write(`note: ${line}\n`);
}

/** The files `--out DIR` holds. */
const ANALYSIS_FILES = ['analysis.md', 'analysis.json', 'systems.arrow', 'pairs.arrow', 'forest.svg'];

export const analyzeCommand: CommandModule<object, Args> = {
  command: 'analyze <paths..>',
  describe:
    'Error bars, paired comparisons, corrections, a leaderboard with tie groups and power for a real eval',
  builder: (y) =>
    withImportFlags(y, RENAMED)
      .positional('paths', {
        type: 'string',
        array: true,
        demandOption: true,
        describe: 'eval logs (any format evalsim import reads) or the Arrow file it wrote',
      })
      .option('out', {
        type: 'string',
        describe: 'directory to write analysis.md, analysis.json, systems.arrow, pairs.arrow, forest.svg',
      })
      .option('json', { type: 'boolean', default: false, describe: 'print one JSON document' })
      .options(HTML_OPTION)
      .options(PARQUET_OPTION)
      .option('systems', {
        type: 'string',
        array: true,
        describe: 'systems to analyse, in this order (comma-separated or repeated; default all)',
      })
      .option('baseline', { type: 'string', describe: 'compare every other system with this one only' })
      .option('epoch', {
        type: 'number',
        describe: 'analyse epoch N alone (default: epoch means; 0/1 methods on epoch 1)',
      })
      .option('task', { type: 'string', describe: 'the task to analyse (when the eval has several)' })
      .option('level', { type: 'number', default: 0.95, describe: 'confidence level' })
      .option('power', { type: 'number', default: 0.8, describe: 'power for the MDE and sample sizes' })
      .option('paired-interval', {
        type: 'string',
        describe: `headline paired CI: ${PAIRED_INTERVAL_CHOICES.join(', ')} (default clustered with clusters, else pairedZ)`,
      })
      .option('test', {
        type: 'string',
        default: 'auto',
        describe: `test behind Holm/BH and the tie groups: ${PAIR_TEST_CHOICES.join(', ')} (auto: clustered t with clusters, else exact McNemar for 0/1, else paired t)`,
      })
      .option('seed', {
        type: 'number',
        default: DEFAULT_ANALYZE_SEED,
        describe: 'seed of the cluster bootstraps (each system and pair has its own stream under it)',
      })
      .option('resamples', {
        type: 'number',
        default: DEFAULT_ANALYZE_RESAMPLES,
        describe: 'whole-cluster resamples per bootstrap (100 to 1000000)',
      })
      .option('hbb', {
        type: 'string',
        default: 'auto',
        describe: `hierarchical beta-binomial interval (Bowyer et al. 2025, ≈ 0.5 s per system): ${HBB_CHOICES.join(', ')} (auto: on for at most ${HBB_AUTO_SYSTEMS} systems)`,
      })
      .option('all-intervals', {
        type: 'boolean',
        default: false,
        describe:
          'print every interval (KG Clopper–Pearson, bootstrap percentile/basic/t, the paired 2×2 and unpaired families); default: the headline KG Wilson, bootstrap BCa and HBB (all go to --json and --out)',
      })
      .option('paragraphs', {
        type: 'number',
        default: 10,
        describe: 'comparison paragraphs printed to the terminal (all go to --json and --out)',
      })
      .example('$0 analyze eval.arrow', 'every pair of systems in an imported eval')
      .example(
        '$0 analyze logs/*.eval --cluster metadata.subject --baseline gpt-4o --out report/',
        'inspect_ai logs against a baseline, with the Markdown, JSON, Arrow and SVG outputs',
      )
      .example(
        '$0 analyze studies/data/mmlu-standin.csv --html analysis.html',
        'the same tables, forest plot and rank intervals as one self-contained HTML page',
      )
      .example(
        '$0 analyze studies/data/mmlu-standin.csv --epoch 1 --paired-interval clusteredMiller',
        "seed 000's Step 3: first answers, Miller's clustered interval",
      )
      .example(
        '$0 analyze studies/data/mmlu-standin.csv --epoch 1 --all-intervals --seed 7 --resamples 5000',
        'every clustered interval (Korn–Graubard, four cluster bootstraps, hierarchical beta-binomial) on the terminal',
      )
      .example(
        '$0 analyze eval.arrow --hbb off --out report/',
        'many systems: skip the slow hierarchical beta-binomial',
      )
      .example(
        '$0 analyze studies/data/judged-standin.csv --labels human',
        'an LLM judge corrected with a human-labelled slice: PPI++, PPI, Rogan–Gladen, agreement',
      )
      .example(
        '$0 analyze logs/ --metric model_graded_qa --labels scorer:human_label',
        'inspect_ai logs with a gold scorer on some samples',
      ) as never,
  handler: async (args) => {
    const { io } = args;
    const paths = (args.paths ?? []).map((p) => inputPath(io, String(p)));
    checkPathsExist(io, paths);
    checkFlag('level', args.level, { min: 0, max: 1, minOpen: true, maxOpen: true });
    checkFlag('power', args.power, { min: 0, max: 1, minOpen: true, maxOpen: true });
    checkFlag('paragraphs', args.paragraphs, { integer: true, min: 0 });
    if (args.epoch !== undefined) checkFlag('epoch', args.epoch, { integer: true, min: 1 });
    integerFlag('seed', args.seed, 0, 4294967295);
    integerFlag('resamples', args.resamples, 100, 1_000_000);
    const hbb = checkChoices('hbb', [String(args.hbb)], HBB_CHOICES)[0] as HbbChoice;
    const pairedInterval =
      args.pairedInterval !== undefined
        ? checkChoices('paired-interval', [String(args.pairedInterval)], PAIRED_INTERVAL_CHOICES)[0]
        : undefined;
    const test = checkChoices('test', [String(args.test)], PAIR_TEST_CHOICES)[0];
    if (args.parquet && args.out === undefined)
      throw new Error('--parquet: give --out DIR (Parquet twins of the Arrow files written there)');
    const outDir = args.out !== undefined ? io.resolve(args.out) : undefined;
    let htmlFile: string | undefined;
    const imported = importEval(paths, importOptionsFrom(io, args, RENAMED), {
      cwd: io.cwd,
      background: 'auto',
      // --out is checked once the logs are found, before any is read (never one of them).
      beforeImport: (inputs) => {
        if (outDir !== undefined)
          prepareOutputDirectory(
            outDir,
            [...ANALYSIS_FILES, ...parquetTwinNames(ANALYSIS_FILES, args.parquet)],
            {
              label: `--out ${args.out}`,
              inputs,
              create: false,
            },
          );
        htmlFile = checkHtmlOutput(io, args.html, inputs);
      },
    });
    const systems = listOption(args.systems);
    if (args.labels !== undefined) {
      const unused = [
        ['epoch', args.epoch !== undefined],
        ['paired-interval', args.pairedInterval !== undefined],
        ['test', args.test !== 'auto'],
        ['hbb', args.hbb !== 'auto'],
        ['all-intervals', args.allIntervals],
      ].filter(([, given]) => given);
      for (const [flag] of unused)
        io.stderr.write(
          `note: --${flag} does not apply with --labels (every judged row is used; docs/judged.md)\n`,
        );
      await runJudgedAnalysis(io, imported, paths, {
        html: htmlFile !== undefined ? { path: htmlFile, shown: String(args.html) } : undefined,
        labels: String(args.labels),
        metric: args.metric,
        task: args.task,
        systems,
        baseline: args.baseline,
        level: args.level,
        json: args.json,
        out: args.out,
      });
      return;
    }
    const table = imported.table;
    const metric =
      args.metric !== undefined && table.metric.dictionary.includes(args.metric) ? args.metric : undefined;
    const matrix = evalMatrix(table, {
      ...(args.task !== undefined ? { task: args.task } : {}),
      ...(metric !== undefined ? { metric } : {}),
      ...(systems.length ? { systems } : {}),
    });
    const analysis = analyzeEval(matrix, {
      level: args.level,
      power: args.power,
      test: test as PairTestChoice,
      seed: args.seed,
      resamples: args.resamples,
      hbb,
      ...(args.baseline !== undefined ? { baseline: args.baseline } : {}),
      ...(args.epoch !== undefined ? { epoch: args.epoch } : {}),
      ...(pairedInterval !== undefined ? { pairedInterval: pairedInterval as PairedIntervalChoice } : {}),
    });
    const importWarnings = imported.warnings.map(formatEvalWarning);
    const doc = analysisDocument(analysis, paths);
    const jsonText = `${JSON.stringify(doc, null, 2)}\n`;
    if (outDir !== undefined) {
      // Build every file, then write each atomically.
      const arrow = analysisArrow(analysis, evalsimVersion());
      const files: [string, string | Uint8Array][] = [
        ['analysis.md', analysisMarkdown(analysis, paths, analysis.pairs.length ? 'forest.svg' : undefined)],
        ['analysis.json', jsonText],
        ['systems.arrow', arrow.systems],
      ];
      if (arrow.pairs) files.push(['pairs.arrow', arrow.pairs], ['forest.svg', forestPlot(analysis)]);
      mkdirSync(outDir, { recursive: true });
      for (const [name, data] of withParquetTwins(files, args.parquet))
        writeFileAtomic(join(outDir, name), data);
    }
    await writeHtmlOutput(io, htmlFile, args.html, jsonText, analyzeView);
    if (args.json) io.stdout.write(jsonText);
    else printAnalysis(io, analysis, args.paragraphs, args.allIntervals);
    for (const w of [...importWarnings, ...analysis.warnings]) io.stderr.write(`warning: ${w}\n`);
    if (outDir !== undefined)
      io.stderr.write(
        `wrote ${args.out}: analysis.md, analysis.json, systems.arrow${analysis.pairs.length ? ', pairs.arrow, forest.svg' : ''}${args.parquet ? `, ${parquetTwinNames(['systems.arrow', ...(analysis.pairs.length ? ['pairs.arrow'] : [])], true).join(', ')}` : ''}\n`,
      );
  },
};
