/**
 * `evalsim leaderboard --systems a,b,c`: leaderboards of an eval's own systems (sim
 * yourEval/leaderboardStudy.ts, model populationSystems), a generated study written beside
 * the answers (`<out>-leaderboard.json`, results `<out>-leaderboard.arrow`; the answers, as
 * before, to `--out`), printed as a table per entry — true accuracy, P(rank first), mean rank,
 * 95% rank interval — then the significant pairs under no correction, Holm and BH and the
 * top − bottom gap; the rank distribution drawn to `<out>.ranks.svg`. The answers are written
 * only with `--keep answers` (their size said past 100 MB); an imported eval's population goes
 * to `<out>.population.csv` beside them (never into the working folder).
 */
import { basename, dirname, extname, join } from 'node:path';
import {
  answersFileBytes,
  buildLeaderboard,
  MAX_REPLICATIONS,
  parquetPathOf,
  runStudy,
  summarizeLeaderboard,
  writeFileAtomic,
} from '@evalsim/sim';
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
import { warnLargeOutput } from './outputSize.js';
import { listOption, notDecimal, shownPath } from './shared.js';
import { loadStudyFile } from './studyFiles.js';

export interface SystemsLeaderboardArgs {
  readonly io: CliIo;
  readonly population: string;
  readonly systems?: string;
  readonly copies?: number;
  readonly replications: number;
  readonly seed: number;
  readonly out?: string | undefined;
  /** `--keep answers`: write every simulated answer to `out`. */
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
  integerFlag('copies', args.copies, 1, 1000);
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
      '--out: give the file that names what --systems writes beside it (<out>-leaderboard.json, its results, <out>.ranks.svg; the answers with --keep answers)',
    );
  const out = io.resolve(args.out);
  const dir = dirname(out);
  const base = basename(out, extname(out));
  const name = `${
    base
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'lb'
  }-leaderboard`;
  const input = evalPopulation(io, args.population, dir, {
    label: `--out ${args.out}`,
    writes: [
      ...(args.keepAnswers ? [basename(out)] : []),
      `${name}.json`,
      `${name}.arrow`,
      `${base}.ranks.svg`,
      ...(args.parquet
        ? [`${name}.parquet`, ...(args.keepAnswers ? [basename(parquetPathOf(out))] : [])]
        : []),
    ],
    populationName: `${base}.population.csv`,
  });
  const systems = listOption(args.systems);
  const plan = buildLeaderboard({
    populationFile: input.file,
    population: input.population,
    systems,
    copies: args.copies ?? 1,
    n,
    replications: args.replications,
    seed: args.seed,
    name,
  });
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
    ...(args.keepAnswers ? { keep: ['answers'] as const, keepPaths: { answers: out } } : {}),
    workers: args.workers,
    parquet: args.parquet,
  });
  const summary = summarizeLeaderboard(plan, run.rows);
  const svgFile = join(dir, `${base}.ranks.svg`);
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
      answers: args.keepAnswers ? shownPath(io, out) : null,
      ...(args.parquet ? { parquet: (run.files.parquet ?? []).map((f) => shownPath(io, f)) } : {}),
      plot: shownPath(io, svgFile),
      differentPairs: plan.differentPairs,
      ...summary,
    };
    io.stdout.write(`${JSON.stringify(doc, null, 2)}\n`);
    return;
  }
  const M = plan.entries.length;
  io.stdout.write(`${wrapText(plan.config.title, TABLE_WIDTH).join('\n')}\n\n`);
  printRows(
    io.stdout,
    summary.entries.map((e) => ({
      entry: e.entry,
      'true accuracy': `${(100 * e.accuracy).toFixed(1)}%`,
      'P(first)': formatEstimate(e.first.value, e.first.mcse),
      'mean rank': formatEstimate(e.meanRank.value, e.meanRank.mcse),
      '95% rank interval': `${e.rankInterval[0]}–${e.rankInterval[1]}`,
    })),
    false,
  );
  io.stdout.write('\n');
  printRows(
    io.stdout,
    summary.pairs.map((p) => ({
      [`significant pairs of ${(M * (M - 1)) / 2} (exact McNemar)`]:
        p.correction === 'none' ? 'no correction' : p.correction,
      'mean per leaderboard': formatEstimate(p.mean.value, p.mean.mcse),
      'leaderboards with ≥ 1': formatEstimate(p.atLeastOne.value, p.atLeastOne.mcse),
    })),
    false,
  );
  const pts = (e: { value: number; mcse: number }) => formatEstimate(100 * e.value, 100 * e.mcse);
  io.stdout.write(
    `\n${wrapText(
      `${plan.differentPairs} of ${(M * (M - 1)) / 2} pairs truly differ. Top − bottom gap: median ${pts(summary.gap.median)} points, 95th percentile ${pts(summary.gap.q95)}.`,
      TABLE_WIDTH,
    ).join('\n')}\n`,
  );
  io.stdout.write(
    `wrote\n  ${[studyFile, run.files.arrow ?? '', ...(args.keepAnswers ? [out] : []), ...(run.files.parquet ?? []), svgFile].map((p) => shownPath(io, p)).join('\n  ')}\nrerun: evalsim run ${shownPath(io, studyFile)} --out ${shownPath(io, dir) || '.'}\n`,
  );
}
