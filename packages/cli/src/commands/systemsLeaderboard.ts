/**
 * `evalsim leaderboard --systems a,b,c`: leaderboards of an eval's own systems if the eval were
 * run again (sim yourEval/leaderboardStudy.ts, model evalReruns: new questions — or whole
 * clusters — drawn from the eval each board, with answer noise on top; `--rerun answers` for
 * answer noise alone, labelled so and refused with one epoch), a generated study written into the
 * folder `--out` (`leaderboard.json`, results `leaderboard.arrow`; the simulated answers to
 * `answers.arrow` only with `--keep answers`), printed as a table per entry — the observed score
 * (never called true), P(rank first), mean rank, 95% rank interval with the MCSE of its ends —
 * then the significant pairs by analyze's headline test under no correction, Holm and BH and the
 * top − bottom gap; the rank distribution drawn to `ranks.svg`. The answers' size is said past
 * 100 MB; an imported eval's population goes to `population.csv` in the folder (never into the
 * working folder).
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  buildLeaderboard,
  type LeaderboardPlan,
  MAX_REPLICATIONS,
  runStudy,
  summarizeLeaderboard,
} from '@evalsim/sim';
import { answersFileBytes, parquetPathOf, writeFileAtomic } from '@evalsim/sim/internal';
import { TABLE_WIDTH } from '../format/alignedTable.js';
import { formatEstimate } from '../format/formatResults.js';
import { printRows } from '../format/printRows.js';
import { wrapText } from '../format/wrapText.js';
import type { CliIo } from '../io.js';
import type { ChartPoint } from '../report/chartPoint.js';
import { lineChartSpec } from '../report/chartSpec.js';
import { renderSvg } from '../report/renderSvg.js';
import { evalPopulation } from './evalInput.js';
import { integerFlag, MAX_WORKERS } from './flagValues.js';
import { COLUMN_FLAGS, importOptionsFrom } from './importFlags.js';
import { warnLargeOutput } from './outputSize.js';
import { listOption, notDecimal, shownPath } from './shared.js';
import { loadStudyFile } from './studyFiles.js';

/** The files --systems writes into `--out DIR`: the study (and its results, `leaderboard.arrow`), the plot, the answers. */
const STUDY_NAME = 'leaderboard';
const RANKS_FILE = 'ranks.svg';
const ANSWERS_FILE = 'answers.arrow';

export interface SystemsLeaderboardArgs {
  readonly io: CliIo;
  readonly population: string;
  readonly systems?: string;
  readonly copies?: number;
  readonly rerun?: string;
  readonly epochs?: number;
  readonly replications: number;
  readonly seed: number;
  readonly out?: string | undefined;
  /** `--keep answers`: write every simulated answer to `<out>/answers.arrow`. */
  readonly keepAnswers: boolean;
  readonly questions: string;
  readonly workers?: number;
  readonly json: boolean;
  readonly parquet: boolean;
}

export async function systemsLeaderboard(args: SystemsLeaderboardArgs): Promise<void> {
  const { io } = args;
  integerFlag('replications', args.replications, 1, MAX_REPLICATIONS);
  integerFlag('seed', args.seed, 0, 4294967295);
  integerFlag('workers', args.workers, 0, MAX_WORKERS);
  if (args.copies !== undefined)
    throw new Error('--copies: a board of copies of one system is --system S --models N (without --systems)');
  if (args.epochs !== undefined) integerFlag('epochs', args.epochs, 1, 1000);
  const rerun = args.rerun ?? 'questions';
  if (rerun !== 'questions' && rerun !== 'answers')
    throw new Error(
      `--rerun: got "${rerun}"; allowed: questions (new questions drawn from the eval), answers (answer noise only)`,
    );
  const n =
    args.questions === 'all'
      ? undefined
      : notDecimal(args.questions) === undefined
        ? Number(args.questions)
        : Number.NaN;
  if (n !== undefined && !(Number.isInteger(n) && n >= 1))
    throw new Error(`--questions: got "${args.questions}"; allowed: all, or an integer ≥ 1`);
  if (args.out === undefined)
    throw new Error(
      '--out: give the folder --systems writes into (leaderboard.json, its results leaderboard.arrow, ranks.svg; answers.arrow with --keep answers)',
    );
  const dir = io.resolve(args.out);
  const answers = join(dir, ANSWERS_FILE);
  const importOptions = importOptionsFrom(io, args as unknown as Record<string, unknown>, COLUMN_FLAGS);
  const populationExisted = existsSync(join(dir, 'population.csv'));
  const input = evalPopulation(io, args.population, dir, {
    metric: importOptions.metric,
    importOptions,
    label: `--out ${args.out}`,
    writes: [
      ...(args.keepAnswers ? [ANSWERS_FILE] : []),
      `${STUDY_NAME}.json`,
      `${STUDY_NAME}.arrow`,
      RANKS_FILE,
      ...(args.parquet
        ? [`${STUDY_NAME}.parquet`, ...(args.keepAnswers ? [parquetPathOf(ANSWERS_FILE)] : [])]
        : []),
    ],
  });
  const systems = listOption(args.systems);
  let plan: LeaderboardPlan;
  try {
    plan = buildLeaderboard({
      populationFile: input.file,
      population: input.population,
      evalName: input.shown,
      systems,
      rerun,
      n,
      ...(args.epochs !== undefined ? { epochs: args.epochs } : {}),
      replications: args.replications,
      seed: args.seed,
      name: STUDY_NAME,
    });
  } catch (error) {
    // A refused board leaves nothing: the population an imported eval wrote is removed again.
    if (!populationExisted && input.file === 'population.csv') rmSync(join(dir, input.file), { force: true });
    throw error;
  }
  const studyFile = join(dir, `${plan.config.name}.json`);
  writeFileAtomic(studyFile, `${JSON.stringify(plan.config, null, 2)}\n`);
  const study = await loadStudyFile(io, studyFile, dir);
  const sheet =
    study.kind === 'simulation' ? study.model.definition.answers?.sheet(study.model.parsed[0]) : undefined;
  if (args.keepAnswers && sheet)
    warnLargeOutput(
      io,
      `--out ${args.out}`,
      answersFileBytes(sheet, study.cells.length, args.replications),
      'answers',
      'fewer --replications or --questions N make it smaller (--parquet writes a compressed twin beside it)',
    );
  const run = await runStudy(study, {
    outDir: dir,
    ...(args.keepAnswers ? { keep: ['answers'] as const, keepPaths: { answers } } : {}),
    workers: args.workers,
    parquet: args.parquet,
  });
  const summary = summarizeLeaderboard(plan, run.rows);
  const svgFile = join(dir, RANKS_FILE);
  const points: ChartPoint[] = summary.entries.flatMap((e) =>
    e.rankProbabilities.map((p, r) => ({ x: r + 1, y: p.value, mcse: p.mcse, series: e.entry })),
  );
  const spec = lineChartSpec(points, {
    title: `Rank probabilities over ${args.replications} simulated leaderboards`,
    xTitle: 'rank (1 = best)',
    yTitle: 'probability',
    percent: true,
  });
  writeFileAtomic(svgFile, await renderSvg(spec));
  if (args.json) {
    const doc = {
      study: shownPath(io, studyFile),
      results: shownPath(io, run.files.arrow ?? ''),
      answers: args.keepAnswers ? shownPath(io, answers) : null,
      ...(args.parquet ? { parquet: (run.files.parquet ?? []).map((f) => shownPath(io, f)) } : {}),
      plot: shownPath(io, svgFile),
      rerun: plan.rerun,
      unit: plan.unit,
      epochs: plan.epochs,
      view: plan.view,
      truth: plan.truthNote,
      replications: args.replications,
      ...summary,
      warnings: input.warnings,
    };
    io.stdout.write(`${JSON.stringify(doc, null, 2)}\n`);
    return;
  }
  const M = plan.entries.length;
  const firstSum = summary.entries.reduce((sum, e) => sum + e.first.value, 0);
  const say = (text: string) => io.stdout.write(`${wrapText(text, TABLE_WIDTH).join('\n')}\n`);
  say(plan.config.title);
  say(
    `Each of ${args.replications.toLocaleString('en-US')} boards is ${plan.view}; ${plan.truthNote}. P(first): the share of boards on which the system ranks first (± MCSE; a tie is broken at random for each system on its own, so on a board with a tie for first both or neither may be placed first and the shares sum to 1 only in expectation${Math.abs(firstSum - 1) > 1e-9 ? `: here ${firstSum.toFixed(3)}` : ''}); the rank interval's ends carry their MCSE.${plan.rerun === 'answers' ? ' ANSWER NOISE ONLY: the questions never change, so this understates how ranks move in a real rerun.' : ''}`,
  );
  io.stdout.write('\n');
  const mc = (e: { value: number; mcse: number }) => `±${e.mcse.toFixed(1)}`;
  printRows(
    io.stdout,
    summary.entries.map((e) => ({
      entry: e.entry,
      'observed score': `${(100 * e.observed).toFixed(1)}%`,
      'P(first)': formatEstimate(e.first.value, e.first.mcse),
      'mean rank': formatEstimate(e.meanRank.value, e.meanRank.mcse),
      '95% rank interval': `${e.rankInterval[0].value}–${e.rankInterval[1].value} (MC ${mc(e.rankInterval[0])}, ${mc(e.rankInterval[1])})`,
    })),
    false,
  );
  io.stdout.write('\n');
  printRows(
    io.stdout,
    summary.pairs.map((p) => ({
      [`significant pairs of ${(M * (M - 1)) / 2} (analyze's test)`]:
        p.correction === 'none' ? 'no correction' : p.correction,
      'mean per leaderboard': formatEstimate(p.mean.value, p.mean.mcse),
      'leaderboards with ≥ 1': formatEstimate(p.atLeastOne.value, p.atLeastOne.mcse),
    })),
    false,
  );
  const pts = (e: { value: number; mcse: number }) => formatEstimate(100 * e.value, 100 * e.mcse);
  io.stdout.write(
    `\n${wrapText(
      `Top − bottom gap over the boards: median ${pts(summary.gap.median)} points, 95th percentile ${pts(summary.gap.q95)}.`,
      TABLE_WIDTH,
    ).join('\n')}\n`,
  );
  for (const w of input.warnings) io.stderr.write(`warning: ${w}\n`);
  io.stdout.write(
    `wrote\n  ${[studyFile, run.files.arrow ?? '', ...(args.keepAnswers ? [answers] : []), ...(run.files.parquet ?? []), svgFile].map((p) => shownPath(io, p)).join('\n  ')}\nrerun: evalsim run ${shownPath(io, studyFile)} --out ${shownPath(io, dir) || '.'}\n`,
  );
}
