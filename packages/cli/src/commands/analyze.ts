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
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { intervalMarks } from '@evalsim/core';
import {
  analyzeEval,
  analyzeMultiSample,
  DEFAULT_ANALYZE_RESAMPLES,
  DEFAULT_ANALYZE_SEED,
  type EvalAnalysis,
  evalMatrix,
  evalsimVersion,
  HBB_AUTO_SYSTEMS,
  HBB_CHOICES,
  type HbbChoice,
  importEval,
  MAX_ALL_PAIRS,
  MAX_ALL_PAIRS_SYSTEMS,
  type MultiSampleAnalysis,
  type MultiSampleOptions,
  PAIR_BOOTSTRAP_AUTO_PAIRS,
  PAIR_TEST_CHOICES,
  PAIRED_INTERVAL_CHOICES,
  PASS_HAT_CONVENTIONS,
  type PairedIntervalChoice,
  type PairTestChoice,
  type PassHatConvention,
  POSTERIOR_CHOICES,
  type PosteriorChoice,
  parseScoreWeights,
  TOO_FEW_SAMPLES_CHOICES,
  type TooFewSamples,
} from '@evalsim/sim';
import { formatEvalWarning, prepareOutputDirectory, writeFileAtomic } from '@evalsim/sim/internal';
import type { CommandModule } from 'yargs';
import { analysisArrow } from '../analyze/analysisArrow.js';
import { analysisMarkdown, powerSentence, skippedLines } from '../analyze/analysisMarkdown.js';
import { analysisTables, tableRowCount } from '../analyze/analysisTables.js';
import { comparisonParagraph } from '../analyze/comparisonParagraph.js';
import { forestPlot } from '../analyze/forestPlot.js';
import {
  multiSampleArrow,
  multiSampleMarkdown,
  multiSampleNotes,
  multiSampleTables,
} from '../analyze/multiSampleReport.js';
import { formatTable, tableWidth } from '../format/printRows.js';
import { createStatusLine } from '../format/progressLine.js';
import { wrapText } from '../format/wrapText.js';
import { analyzeView } from '../html/analyzeView.js';
import type { CliIo } from '../io.js';
import { runJudgedAnalysis } from './analyzeJudged.js';
import { checkFlag, integerFlag } from './flagValues.js';
import { checkHtmlOutput, HTML_OPTION, writeHtmlOutput } from './htmlOutput.js';
import {
  COLUMN_FLAGS,
  checkPathsExist,
  importOptionsFrom,
  type LegacyImportFlag,
  withImportFlags,
  withLegacyImportFlags,
} from './importFlags.js';
import { PARQUET_OPTION, parquetTwinNames, withParquetTwins } from './parquetOutput.js';
import { checkChoices, listOption, numberList } from './shared.js';
import { inputPath } from './shippedStudies.js';

interface Args {
  io: CliIo;
  paths: string[];
  out?: string;
  json: boolean;
  quiet: boolean;
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
  pairBootstrap: string;
  weights?: string;
  allIntervals: boolean;
  k?: unknown;
  passThreshold?: number;
  passHat?: string;
  tooFewSamples?: string;
  posterior: string;
  passAtKOnly: boolean;
  allPairs: boolean;
  html?: string;
  parquet: boolean;
  [flag: string]: unknown;
}

/** The old `--system` (label or long-table column), still read with a warning. */
const LEGACY: readonly LegacyImportFlag[] = ['system'];

/** A small UTF-8 text file named by `flag` (a regular file of at most 64 MiB), as text. */
function readInputText(io: CliIo, path: string, flag: string): string {
  const full = io.resolve(path);
  const stats = statSync(full, { throwIfNoEntry: false });
  if (!stats) throw new Error(`${flag} ${path}: no such file`);
  if (!stats.isFile()) throw new Error(`${flag} ${path}: not a regular file`);
  if (stats.size > 64 * 1048576) throw new Error(`${flag} ${path}: ${stats.size} bytes; at most 64 MiB`);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(readFileSync(full));
  } catch {
    throw new Error(`${flag} ${path}: not UTF-8 text`);
  }
}

/**
 * Finds every interval object (numeric `lower` and `upper`) under `value` that reaches outside
 * the possible range or has zero width (core intervalMarks, as `evalsim interval` marks it):
 * score intervals under `systems`, differences under `pairs`. Each is listed in `marked` by its
 * path and remembered in `marksOf`, which the document's JSON replacer adds as `marks` (no copy
 * of the analysis: 19,900 pairs stay one object graph).
 */
function findMarked(
  value: unknown,
  range: readonly [number, number] | null,
  path: string,
  marked: { path: string; marks: string[] }[],
  marksOf: WeakMap<object, string[]>,
): void {
  if (value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) findMarked(value[i], range, `${path}[${i}]`, marked, marksOf);
    return;
  }
  const o = value as Record<string, unknown>;
  if (typeof o.lower === 'number' && typeof o.upper === 'number' && !Array.isArray(o.marks)) {
    const marks = intervalMarks(
      o.lower,
      o.upper,
      range ?? [Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY],
    );
    if (marks.length) {
      marked.push({ path, marks });
      marksOf.set(o, marks);
    }
  } else if (Array.isArray(o.marks) && o.marks.length) marked.push({ path, marks: o.marks as string[] });
  for (const k in o) {
    const v = o[k];
    if (v !== null && typeof v === 'object') findMarked(v, range, path ? `${path}.${k}` : k, marked, marksOf);
  }
}

/** The document as JSON text, with the `marks` of every marked interval (see findMarked). */
export function analysisJson(doc: Record<string, unknown>): string {
  const marksOf = (doc as { [MARKS]?: WeakMap<object, string[]> })[MARKS];
  return `${JSON.stringify(
    doc,
    marksOf
      ? function (this: unknown, _key, value) {
          const marks = value !== null && typeof value === 'object' ? marksOf.get(value) : undefined;
          return marks ? { ...value, marks } : value;
        }
      : undefined,
    2,
  )}\n`;
}

const MARKS = Symbol('marks');

/** The JSON document: the analysis, its paragraphs and the skipped methods (and the many-samples section). */
export function analysisDocument(
  a: EvalAnalysis,
  inputs: readonly string[],
  multiSample?: MultiSampleAnalysis | null,
): Record<string, unknown> {
  const marked: { path: string; marks: string[] }[] = [];
  const marksOf = new WeakMap<object, string[]>();
  findMarked(a.systems, a.possibleRange.score, 'systems', marked, marksOf);
  findMarked(a.pairs, a.possibleRange.difference, 'pairs', marked, marksOf);
  if (multiSample) {
    // pass@k, pass^k, maj@k and avg@n are proportions; their paired differences lie in [−1, 1].
    findMarked(multiSample.systems, [0, 1], 'multiSample.systems', marked, marksOf);
    findMarked(multiSample.pairs, [-1, 1], 'multiSample.pairs', marked, marksOf);
  }
  return {
    [MARKS]: marksOf,
    evalsim: evalsimVersion(),
    inputs,
    ...a,
    markedIntervals: marked,
    paragraphs: a.pairs.map((p) => ({ first: p.first, second: p.second, text: comparisonParagraph(a, p) })),
    powerSummary: powerSentence(a),
    skipped: skippedLines(a),
    notes: [
      'df null means a normal critical value and epochs null means unlimited answers (JSON has no Infinity)',
      `the recommended interval of each system is its headline and of each pair its interval (the headline rule: ${a.headline.reason}); an interval that reaches outside the possible range or has zero width carries marks and is listed in markedIntervals`,
      'differences are first − second; scores and differences are on the metric scale (0–1 for accuracy)',
      ...(a.clusters > 0
        ? [
            `cluster bootstraps: ${a.options.resamples} whole-cluster resamples each, seed ${a.options.seed}; each system and each pair draws from its own stream (keyed by the seed and its names), so the same inputs and options give the same endpoints; a type that cannot apply is null with its reason in skipped`,
          ]
        : []),
    ],
    ...(multiSample ? { multiSample: { ...multiSample, notes: multiSampleNotes(multiSample) } } : {}),
  };
}

/** The many-samples flags as given (the section runs when any is given, or the eval has several samples per question). */
function multiSampleRequested(args: Args): boolean {
  return (
    args.k !== undefined ||
    args.passThreshold !== undefined ||
    args.passHat !== undefined ||
    args.tooFewSamples !== undefined
  );
}

/** `--pass-at-k-only`: the many-samples section alone (terminal or --json; --out: pass-at-k.md, .json and the Arrow files). */
function runPassAtKOnly(
  io: CliIo,
  args: Args,
  paths: readonly string[],
  outDir: string | undefined,
  matrix: ReturnType<typeof evalMatrix>,
  importWarnings: readonly string[],
  options: MultiSampleOptions,
): void {
  const m = analyzeMultiSample(matrix, options);
  const marked: { path: string; marks: string[] }[] = [];
  const marksOf = new WeakMap<object, string[]>();
  findMarked(m.systems, [0, 1], 'multiSample.systems', marked, marksOf);
  findMarked(m.pairs, [-1, 1], 'multiSample.pairs', marked, marksOf);
  const json = analysisJson({
    [MARKS]: marksOf,
    evalsim: evalsimVersion(),
    inputs: paths,
    multiSample: { ...m, notes: multiSampleNotes(m) },
    markedIntervals: marked,
  });
  if (outDir !== undefined) {
    const passk = multiSampleArrow(m, evalsimVersion());
    const files: [string, string | Uint8Array][] = [
      ['pass-at-k.md', multiSampleMarkdown(m, paths)],
      ['pass-at-k.json', json],
      ['pass-at-k-systems.arrow', passk.systems],
    ];
    if (passk.pairs) files.push(['pass-at-k-pairs.arrow', passk.pairs]);
    mkdirSync(outDir, { recursive: true });
    for (const [name, data] of files) writeFileAtomic(join(outDir, name), data);
  }
  if (args.json) io.stdout.write(json);
  else printMultiSample(io, m, args.allIntervals);
  for (const w of importWarnings) io.stderr.write(`warning: ${w}\n`);
  if (outDir !== undefined)
    io.stderr.write(
      `wrote ${args.out}: pass-at-k.md, pass-at-k.json, pass-at-k-systems.arrow${m.pairs.length ? ', pass-at-k-pairs.arrow' : ''}\n`,
    );
}

function printMultiSample(io: CliIo, m: MultiSampleAnalysis, all: boolean, besideHeadline = false): void {
  const width = tableWidth(io.stdout);
  const say = (text: string) => io.stdout.write(`${wrapText(text, width).join('\n')}\n`);
  for (const t of multiSampleTables(m, all, besideHeadline)) {
    io.stdout.write('\n');
    say(`${t.title} \u2014 ${t.note}`);
    io.stdout.write(formatTable(t.rows, { maxWidth: width }));
  }
  for (const line of multiSampleNotes(m)) io.stderr.write(`note: ${line}\n`);
}
/** Rows of a system or pair table printed to the terminal (every row goes to --json and --out). */
export const TERMINAL_ROWS = 100;

function printAnalysis(io: CliIo, a: EvalAnalysis, paragraphs: number, all: boolean): void {
  const width = tableWidth(io.stdout);
  const say = (text: string) => io.stdout.write(`${wrapText(text, width).join('\n')}\n`);
  say(
    `${a.task}, ${a.metric}: ${a.systems.length} systems \u00d7 ${a.questions} questions` +
      `${a.clusters ? ` in ${a.clusters} clusters` : ''} \u00d7 up to ${a.epochs} epoch${a.epochs === 1 ? '' : 's'}` +
      ` (${a.binary ? '0/1' : 'graded'} scores; continuous methods: ${a.basis.scores}; 0/1 methods: ${a.basis.answers})`,
  );
  for (const t of analysisTables(a, all, TERMINAL_ROWS)) {
    io.stdout.write('\n');
    say(`${t.title} \u2014 ${t.note}`);
    io.stdout.write(formatTable(t.rows, { maxWidth: width }));
    const total = tableRowCount(a, t);
    if (total > t.rows.length)
      say(
        `(the first ${t.rows.length} of ${total.toLocaleString('en-US')} rows; every row: --json or --out DIR)`,
      );
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
const ANALYSIS_FILES = [
  'analysis.md',
  'analysis.json',
  'systems.arrow',
  'pairs.arrow',
  'forest.svg',
  'pass-at-k.md',
  'pass-at-k.json',
  'pass-at-k-systems.arrow',
  'pass-at-k-pairs.arrow',
];

export const analyzeCommand: CommandModule<object, Args> = {
  command: 'analyze <paths..>',
  describe:
    'Error bars, paired comparisons, corrections, a leaderboard with tie groups and power for a real eval',
  builder: (y) =>
    withLegacyImportFlags(withImportFlags(y, COLUMN_FLAGS), LEGACY)
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
      .option('quiet', { type: 'boolean', default: false, describe: 'no progress line' })
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
      .option('pair-bootstrap', {
        type: 'string',
        default: 'auto',
        describe: `the paired cluster bootstraps (≈ 2 ms per pair): ${HBB_CHOICES.join(', ')} (auto: on for at most ${PAIR_BOOTSTRAP_AUTO_PAIRS} pairs)`,
      })
      .option('weights', {
        type: 'string',
        describe:
          'CSV of weights, header "cluster,weight" or "question,weight": a weighted score (and its SE) beside the micro and macro averages',
      })
      .option('all-intervals', {
        type: 'boolean',
        default: false,
        describe:
          'print every interval (KG Clopper–Pearson, bootstrap percentile/basic/t, the paired 2×2 and unpaired families); default: the headline KG Wilson, bootstrap BCa and HBB (all go to --json and --out)',
      })
      .option('k', {
        type: 'string',
        array: true,
        describe:
          'many samples per question: the k of pass@k, pass^k and maj@k (comma-separated; default 1, and 5, 10 when every question has that many samples)',
      })
      .option('pass-threshold', {
        type: 'number',
        describe: 'graded scores: a sample passes when its score \u2265 T (pass@k counts passes)',
      })
      .option('pass-hat', {
        type: 'string',
        describe: `pass^k convention: ${PASS_HAT_CONVENTIONS.join(', ')} (default unbiased = C(c,k)/C(n,k), tau-bench's and inspect_ai's pass_k; plugin = (c/n)^k)`,
      })
      .option('too-few-samples', {
        type: 'string',
        describe: `a question with fewer than k samples: ${TOO_FEW_SAMPLES_CHOICES.join(', ')} (default refuse; exclude leaves it out of that k, counted)`,
      })
      .option('posterior', {
        type: 'string',
        default: 'auto',
        describe: `beta-binomial posterior for pass@k / pass^k (\u2248 10 ms each): ${POSTERIOR_CHOICES.join(', ')} (auto: all for \u2264 8 systems, else only where the headline is flagged)`,
      })
      .option('pass-at-k-only', {
        type: 'boolean',
        default: false,
        describe:
          'only the many-samples section (pass@k, pass^k, maj@k, flip rates, paired differences): skips the per-question report, whose per-pair cluster bootstraps dominate with many systems',
      })
      .option('all-pairs', {
        type: 'boolean',
        default: false,
        describe: `compare every pair even beyond ${MAX_ALL_PAIRS.toLocaleString('en-US')} pairs (${MAX_ALL_PAIRS_SYSTEMS} systems); else compare with one --baseline`,
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
        '$0 analyze eval.csv --cluster subject --weights subject-weights.csv',
        'MMLU-style: the micro, macro (over subjects) and weighted averages, each with its SE',
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
      )
      .example(
        '$0 analyze studies/data/tau-bench/ --k 1,2,4',
        'tau-bench trials: pass@k, pass^k, flip rate, "two runs differ by", paired differences',
      )
      .example(
        '$0 analyze studies/data/passk-samples.csv --k 1,5 --answer answer',
        'a long table of samples with extracted answers: maj@k too (--pass-hat plugin: pass^k as (c/n)^k)',
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
    const pairBootstrap = checkChoices(
      'pair-bootstrap',
      [String(args.pairBootstrap)],
      HBB_CHOICES,
    )[0] as HbbChoice;
    const pairedInterval =
      args.pairedInterval !== undefined
        ? checkChoices('paired-interval', [String(args.pairedInterval)], PAIRED_INTERVAL_CHOICES)[0]
        : undefined;
    const test = checkChoices('test', [String(args.test)], PAIR_TEST_CHOICES)[0];
    const weights =
      args.weights !== undefined
        ? parseScoreWeights(readInputText(io, args.weights, '--weights'), args.weights)
        : undefined;
    const multiFlags = multiSampleRequested(args);
    if (multiFlags && args.epoch !== undefined) {
      throw new Error(
        '--epoch picks one sample per question; pass@k, pass^k and maj@k use all of them (drop --epoch)',
      );
    }
    const ks = args.k !== undefined ? numberList('k', args.k) : undefined;
    if (args.passThreshold !== undefined) checkFlag('pass-threshold', args.passThreshold, {});
    const passHat =
      args.passHat !== undefined
        ? (checkChoices('pass-hat', [String(args.passHat)], PASS_HAT_CONVENTIONS)[0] as PassHatConvention)
        : undefined;
    const tooFew =
      args.tooFewSamples !== undefined
        ? (checkChoices(
            'too-few-samples',
            [String(args.tooFewSamples)],
            TOO_FEW_SAMPLES_CHOICES,
          )[0] as TooFewSamples)
        : undefined;
    const posterior = checkChoices(
      'posterior',
      [String(args.posterior)],
      POSTERIOR_CHOICES,
    )[0] as PosteriorChoice;
    if (args.parquet && args.out === undefined)
      throw new Error('--parquet: give --out DIR (Parquet twins of the Arrow files written there)');
    const outDir = args.out !== undefined ? io.resolve(args.out) : undefined;
    let htmlFile: string | undefined;
    // A progress line on a terminal (stderr; never in pipes or with --quiet): reading, then the
    // systems and pairs, each with its bootstraps — the long part of a big eval.
    const line = createStatusLine({ stream: io.stderr, quiet: args.quiet });
    const started = Date.now();
    line.draw(`analyze: reading ${paths.length} path${paths.length === 1 ? '' : 's'}…`, true);
    const onRead = (done: number, total: number) =>
      line.draw(
        `analyze: logs read ${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')}`,
        done === total,
      );
    const onProgress = (done: number, total: number) => {
      const seconds = (Date.now() - started) / 1000;
      line.draw(
        `analyze: systems and pairs ${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')}  ${seconds.toFixed(1)}s`,
        done === total,
      );
    };
    const imported = importEval(paths, importOptionsFrom(io, args, COLUMN_FLAGS, LEGACY), {
      cwd: io.cwd,
      background: 'auto',
      // The analysis records the inputs as given, not their hashes: no time spent hashing the logs.
      digests: false,
      onProgress: onRead,
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
    if (args.passAtKOnly) {
      runPassAtKOnly(io, args, paths, outDir, matrix, imported.warnings.map(formatEvalWarning), {
        level: args.level,
        seed: args.seed,
        resamples: args.resamples,
        posterior,
        ...(ks !== undefined ? { k: ks } : {}),
        ...(args.passThreshold !== undefined ? { passThreshold: args.passThreshold } : {}),
        ...(passHat !== undefined ? { passHat } : {}),
        ...(tooFew !== undefined ? { tooFewSamples: tooFew } : {}),
        ...(args.baseline !== undefined ? { baseline: args.baseline } : {}),
      });
      return;
    }
    const analysis = analyzeEval(
      matrix,
      {
        level: args.level,
        power: args.power,
        test: test as PairTestChoice,
        seed: args.seed,
        resamples: args.resamples,
        hbb,
        pairBootstrap,
        allPairs: args.allPairs,
        ...(weights !== undefined ? { weights } : {}),
        ...(args.baseline !== undefined ? { baseline: args.baseline } : {}),
        ...(args.epoch !== undefined ? { epoch: args.epoch } : {}),
        ...(pairedInterval !== undefined ? { pairedInterval: pairedInterval as PairedIntervalChoice } : {}),
      },
      { onProgress },
    );
    line.clear();
    const importWarnings = imported.warnings.map(formatEvalWarning);
    let multiSample: MultiSampleAnalysis | null = null;
    const multiNotes: string[] = [];
    if (multiFlags || (args.epoch === undefined && matrix.epochs > 1)) {
      const run = () =>
        analyzeMultiSample(matrix, {
          level: args.level,
          seed: args.seed,
          resamples: args.resamples,
          posterior,
          ...(ks !== undefined ? { k: ks } : {}),
          ...(args.passThreshold !== undefined ? { passThreshold: args.passThreshold } : {}),
          ...(passHat !== undefined ? { passHat } : {}),
          ...(tooFew !== undefined ? { tooFewSamples: tooFew } : {}),
          ...(args.baseline !== undefined ? { baseline: args.baseline } : {}),
        });
      if (multiFlags) multiSample = run();
      else {
        // Not asked for by a flag: an eval whose samples are graded is analysed without it, and says so.
        try {
          multiSample = run();
        } catch (error) {
          multiNotes.push(`pass@k section skipped: ${(error as Error).message}`);
        }
      }
    }
    // The document as text (with its marks), once: for --json, --out's analysis.json and --html.
    const jsonText =
      args.json || outDir !== undefined || htmlFile !== undefined
        ? analysisJson(analysisDocument(analysis, paths, multiSample))
        : '';
    if (outDir !== undefined) {
      // Build every file, then write each atomically.
      const arrow = analysisArrow(analysis, evalsimVersion());
      const files: [string, string | Uint8Array][] = [
        ['analysis.md', analysisMarkdown(analysis, paths, analysis.pairs.length ? 'forest.svg' : undefined)],
        ['analysis.json', jsonText],
        ['systems.arrow', arrow.systems],
      ];
      if (arrow.pairs) files.push(['pairs.arrow', arrow.pairs], ['forest.svg', forestPlot(analysis)]);
      if (multiSample) {
        const passk = multiSampleArrow(multiSample, evalsimVersion());
        files.push(
          ['pass-at-k.md', multiSampleMarkdown(multiSample, paths)],
          ['pass-at-k-systems.arrow', passk.systems],
        );
        if (passk.pairs) files.push(['pass-at-k-pairs.arrow', passk.pairs]);
      }
      mkdirSync(outDir, { recursive: true });
      for (const [name, data] of withParquetTwins(files, args.parquet))
        writeFileAtomic(join(outDir, name), data);
    }
    await writeHtmlOutput(io, htmlFile, args.html, jsonText, analyzeView);
    if (args.json) io.stdout.write(jsonText);
    else {
      printAnalysis(io, analysis, args.paragraphs, args.allIntervals);
      if (multiSample) printMultiSample(io, multiSample, args.allIntervals, true);
    }
    for (const w of [...importWarnings, ...analysis.warnings]) io.stderr.write(`warning: ${w}\n`);
    for (const note of multiNotes) io.stderr.write(`note: ${note}\n`);
    if (outDir !== undefined)
      io.stderr.write(
        `wrote ${args.out}: analysis.md, analysis.json, systems.arrow${analysis.pairs.length ? ', pairs.arrow, forest.svg' : ''}` +
          `${multiSample ? `, pass-at-k.md, pass-at-k-systems.arrow${multiSample.pairs.length ? ', pass-at-k-pairs.arrow' : ''}` : ''}` +
          `${args.parquet ? `, ${parquetTwinNames(['systems.arrow', ...(analysis.pairs.length ? ['pairs.arrow'] : [])], true).join(', ')}` : ''}\n`,
      );
  },
};
