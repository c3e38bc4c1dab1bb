/**
 * `evalsim leaderboard`: simulate leaderboards of M identical copies of one system of an item
 * population (sim yourEval/copiesLeaderboard.ts: model systemCopies; seed 000 Step 5) on the
 * normal study runner, printed as the exact-McNemar significant pairs and the top-minus-bottom
 * gap; with `--systems`, a board of an eval's own systems (systemsLeaderboard.ts). `--out DIR` is
 * a folder: with `--keep answers` every simulated answer goes to `DIR/answers.arrow` — the
 * study's kept answers (columns cell, replication, model, question, cluster, correct; with
 * provenance: seed, population file and hash, system, version), their size estimated before the
 * run and said past 100 MB (outputSize.ts). Replication r is replication r of cell 0 of a study
 * with the same seed, so the export shows exactly the leaderboards such a study analyses.
 */
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  buildCopiesLeaderboard,
  ConfigError,
  MAX_REPLICATIONS,
  runStudy,
  type Study,
  type StudyConfig,
  summarizeCopiesLeaderboard,
  validateStudy,
} from '@evalsim/sim';
import { answersFileBytes, parquetPathOf, prepareOutputDirectory } from '@evalsim/sim/internal';
import type { CommandModule } from 'yargs';
import { printRows } from '../format/printRows.js';
import type { CliIo } from '../io.js';
import { integerFlag, requestedList, WORKERS_DESCRIPTION, workersFlag } from './flagValues.js';
import { COLUMN_FLAGS, withImportFlags } from './importFlags.js';
import { outFolder } from './outFolder.js';
import { warnLargeOutput } from './outputSize.js';
import { PARQUET_OPTION } from './parquetOutput.js';
import { checkChoices, notDecimal, shownPath, withJson } from './shared.js';
import { inputPath } from './shippedStudies.js';
import { systemsLeaderboard } from './systemsLeaderboard.js';

/** The study fields this command fills from its flags: a complaint about one names the flag. */
const FLAG_OF_FIELD: readonly [RegExp, string][] = [
  [/^model\.params\.copies\b/, '--models'],
  [/^model\.params\.population\b/, '--population'],
  [/^model\.params\.system\b/, '--system'],
  [/^model\.params\.n\b/, '--questions'],
  [/^replications\b/, '--replications'],
  [/^seed\b/, '--seed'],
];

/** The study built from the flags, validated; a problem is reported at the flag it came from. */
async function leaderboardStudy(config: StudyConfig, cwd: string): Promise<Study> {
  try {
    return await validateStudy(config, cwd);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    const lines = error.issues.map(({ path, message }) => {
      const flag = FLAG_OF_FIELD.find(([field]) => field.test(path))?.[1];
      return flag ? `${flag}: ${message}` : path ? `${path}: ${message}` : message;
    });
    throw new Error(lines.join('\n'));
  }
}

/** What `--out DIR` receives (the --out rule's refusal names them). */
const OUT_FILES =
  'with --systems leaderboard.json, leaderboard.arrow, ranks.svg (and population.csv for raw logs); answers.arrow with --keep answers';

interface Args {
  io: CliIo;
  workers?: number;
  population: string;
  models: number;
  replications: number;
  seed: number;
  out?: string;
  keep?: string[];
  system: string;
  questions: string;
  systems?: string;
  copies?: number;
  rerun?: string;
  epochs?: number;
  json: boolean;
  parquet: boolean;
}

function questionCount(value: string): number | undefined {
  if (value === 'all') return undefined;
  const n = notDecimal(value) === undefined ? Number(value) : Number.NaN;
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`--questions: got "${value}"; allowed: all, or an integer ≥ 1`);
  return n;
}

export const leaderboardCommand: CommandModule<object, Args> = {
  command: 'leaderboard',
  describe: 'Simulate leaderboards of identical copies of one system and export every answer as Arrow',
  builder: (y) =>
    withJson(
      withImportFlags(y, COLUMN_FLAGS)
        .option('population', {
          type: 'string',
          demandOption: true,
          describe: 'item population file (.csv or Arrow)',
        })
        .option('models', { type: 'number', default: 20, describe: 'copies on each leaderboard (≥ 2)' })
        .option('replications', { type: 'number', default: 1000, describe: 'leaderboards to simulate' })
        .option('seed', {
          type: 'number',
          default: 1,
          describe: 'seed (replication r = replication r of cell 0 of a study with this seed)',
        })
        .option('keep', {
          type: 'string',
          array: true,
          describe:
            'answers: write every simulated answer to --out DIR as answers.arrow (default: not kept; 9 bytes each: 1,000 leaderboards of 20 copies × 1,140 questions are 205 MB)',
        })
        .option('out', {
          type: 'string',
          describe:
            'output folder (written inside it): with --systems the study leaderboard.json, its results leaderboard.arrow and ranks.svg; answers.arrow with --keep answers',
        })
        .option('system', {
          type: 'string',
          default: 'haiku_off',
          describe: 'system of the population to copy',
        })
        .option('questions', {
          type: 'string',
          default: 'all',
          describe: 'all (every question, once per copy) or N (drawn without replacement per leaderboard)',
        })
        .option('workers', {
          type: 'number',
          describe: WORKERS_DESCRIPTION,
        })
        .option('systems', {
          type: 'string',
          describe:
            'a,b,c: a board of these systems, each with its own per-question rates (ranks, P(first), pairs, gap)',
        })
        .option('copies', {
          type: 'number',
          hidden: true,
          describe: 'gone: a board of copies of one system is --system S --models N',
        })
        .option('rerun', {
          type: 'string',
          describe:
            'with --systems: questions (default: each board draws new questions, or whole clusters, from the eval, with answer noise) or answers (the same questions answered again: answer noise only; refused with one epoch)',
        })
        .option('epochs', {
          type: 'number',
          describe: "with --systems: answers per question (default the eval's own)",
        })
        .options(PARQUET_OPTION)
        .example(
          '$0 leaderboard --population eval.csv --systems a,b,c --out lb',
          'your own systems: the chance each ranks first if the eval were run again, rank intervals',
        )
        .example(
          '$0 leaderboard --population eval.csv --systems a,b --rerun answers --keep answers --out lb',
          'answer noise only (the same questions), every simulated answer written to lb/answers.arrow',
        )
        .example(
          '$0 leaderboard --population studies/data/mmlu-standin.csv --replications 1000',
          'seed 000 Step 5: 1,000 leaderboards of 20 copies (the summary; --keep answers --out lb: 205 MB)',
        ),
    ) as never,
  handler: async (args) => {
    const { io } = args;
    const keep = checkChoices('keep', requestedList('keep', args.keep), ['answers'] as const);
    if (args.out !== undefined) outFolder(args.out, OUT_FILES);
    if (args.systems !== undefined) return systemsLeaderboard({ ...args, keepAnswers: keep.length > 0 });
    if (args.copies !== undefined)
      throw new Error('--copies: goes with --systems (for copies of one system: --models)');
    const started = performance.now();
    integerFlag('models', args.models, 2, 1000);
    integerFlag('replications', args.replications, 1, MAX_REPLICATIONS);
    integerFlag('seed', args.seed, 0, 4294967295);
    const { workers, warning } = workersFlag(args.workers);
    if (warning) io.stderr.write(`${warning}\n`);
    const questions = questionCount(args.questions);
    const population = io.resolve(inputPath(io, args.population));
    if (keep.length > 0 && args.out === undefined)
      throw new Error(
        '--keep answers: give --out DIR (the folder the answers are written into, as answers.arrow)',
      );
    if (keep.length === 0 && args.out !== undefined)
      throw new Error(
        `--out ${args.out}: the answers are written only with --keep answers (every simulated answer: 9 bytes each); without both, the summary alone`,
      );
    const outDir = args.out !== undefined ? io.resolve(args.out) : undefined;
    const answers = outDir !== undefined ? join(outDir, 'answers.arrow') : undefined;
    if (outDir !== undefined)
      prepareOutputDirectory(outDir, ['answers.arrow', ...(args.parquet ? ['answers.parquet'] : [])], {
        label: `--out ${args.out}`,
        inputs: [population],
        create: false,
      });
    else if (args.parquet)
      throw new Error('--parquet: goes with --keep answers --out DIR (the answers’ twin)');
    const plan = buildCopiesLeaderboard({
      populationFile: population,
      system: args.system,
      copies: args.models,
      n: questions,
      replications: args.replications,
      seed: args.seed,
    });
    const study = await leaderboardStudy(plan.config, io.cwd);
    const sheet =
      study.kind === 'simulation' ? study.model.definition.answers?.sheet(study.model.parsed[0]) : undefined;
    if (answers !== undefined && sheet)
      warnLargeOutput(
        io,
        `--out ${args.out}`,
        answersFileBytes(sheet, study.cells.length, args.replications),
        'answers',
        'fewer --replications or --questions N make it smaller (--parquet writes a compressed twin beside it)',
      );
    const run = await runStudy(study, {
      ...(answers !== undefined ? { keep: ['answers'] as const, keepPaths: { answers } } : {}),
      workers,
      parquet: args.parquet,
    });
    const summary = summarizeCopiesLeaderboard(plan, run.rows);
    const points = (e: { value: number; mcse: number }) => ({ value: 100 * e.value, mcse: 100 * e.mcse });
    printRows(
      io.stdout,
      [
        {
          statistic: `significant pairs of ${summary.pairs} (exact McNemar, p ≤ 0.05), mean`,
          ...summary.significant.mean,
        },
        { statistic: 'leaderboards with at least one significant pair', ...summary.significant.atLeastOne },
        { statistic: 'leaderboards with at least one after Holm', ...summary.holm.atLeastOne },
        { statistic: 'top − bottom gap (points), median', ...points(summary.gap.median) },
        { statistic: 'top − bottom gap (points), 95th percentile', ...points(summary.gap.q95) },
      ].map(({ statistic, value, mcse }) => ({ statistic, value, mcse })),
      args.json,
      { digits: 4 },
    );
    if (!args.json && answers !== undefined) {
      const perLeaderboard = sheet?.slots ?? 0;
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      io.stdout.write(
        `\nwrote ${shownPath(io, answers)}${args.parquet ? ` and ${shownPath(io, parquetPathOf(answers))}` : ''}: ${args.replications * args.models * perLeaderboard} answers (${args.replications} leaderboards × ${args.models} models × ${perLeaderboard} questions) in ${seconds} s\n`,
      );
    }
  },
};
