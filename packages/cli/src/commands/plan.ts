/**
 * `evalsim plan <eval> --delta 0.03`: how many questions (or clusters) an eval needs to
 * detect a true gap δ with the target power. A generated study (sim yourEval/planStudy.ts:
 * model itemPopulationShifted, the tests that fit the design, rejectionRate over a grid of
 * eval sizes) written to `<out>/plan.json` and run by the ordinary runner; then the power
 * curve per test, the size needed with its ±2·MCSE band, and Miller's closed form beside it,
 * printed (or `--json`) and drawn to `<out>/plan.svg`.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  buildPlan,
  buildSequentialPlanCheck,
  type Crossing,
  GAP_SHIFTS,
  type GapShift,
  MAX_REPLICATIONS,
  type PlanDesign,
  type ResampleUnit,
  SEQUENTIAL_PLAN_REPLICATIONS,
  sequentialPlan,
  sequentialPlanDocument,
  summarizePlan,
  summarizeSequentialPlanCheck,
} from '@evalsim/sim';
import { evalSystem, planLookFractions, writeFileAtomic } from '@evalsim/sim/internal';
import type { CommandModule } from 'yargs';
import { TABLE_WIDTH } from '../format/alignedTable.js';
import { formatEstimate } from '../format/formatResults.js';
import { printRows } from '../format/printRows.js';
import { wrapText } from '../format/wrapText.js';
import { planView } from '../html/planView.js';
import type { CliIo } from '../io.js';
import { SPENDING_HELP, spendingFlag } from '../monitor/spendingFlag.js';
import type { ChartPoint } from '../report/chartPoint.js';
import { lineChartSpec } from '../report/chartSpec.js';
import { renderSvg } from '../report/renderSvg.js';
import { evalPopulation } from './evalInput.js';
import { checkFlag, integerFlag, MAX_WORKERS } from './flagValues.js';
import { GENERATED_STUDY_FLAGS, runGeneratedStudy } from './generatedStudy.js';
import { checkHtmlOutput, HTML_OPTION, writeHtmlOutput } from './htmlOutput.js';
import { COLUMN_FLAGS, importOptionsFrom, withImportFlags } from './importFlags.js';
import { PARQUET_OPTION } from './parquetOutput.js';
import { runSamplesPlan } from './passAtKPlanning.js';
import { runJudgedPlan } from './planJudged.js';
import { sequentialSection } from './planSequential.js';
import { listOption, numberList, shownPath, withJson } from './shared.js';

interface Args {
  io: CliIo;
  eval: string;
  delta: number;
  power: number;
  alpha: number;
  design: PlanDesign;
  systems?: string;
  resample?: ResampleUnit;
  sizes?: string;
  shift?: GapShift;
  replications: number;
  seed: number;
  epochs?: number;
  out: string;
  workers?: number;
  metric?: string;
  task?: string;
  quiet: boolean;
  json: boolean;
  labels?: string;
  width?: number;
  level: number;
  samples?: unknown;
  targetSe?: number;
  k?: unknown;
  questionCost: number;
  looks?: string;
  spending?: string;
  sequentialReplications: number;
  html?: string;
  parquet: boolean;
}

function crossingText(c: Crossing, unit: string): string {
  const size = Math.ceil(c.size).toLocaleString('en-US');
  return c.kind === 'at' ? `${size} ${unit}` : c.kind === 'below' ? `≤ ${size} ${unit}` : `> ${size} ${unit}`;
}

function defaultSystems(systems: readonly string[], given: string | undefined): string[] {
  if (given !== undefined) return listOption(given);
  if (systems.length <= 2) return [...systems];
  throw new Error(
    `--systems: the eval has ${systems.length} systems (${systems.join(', ')}); name A,B (or one system A)`,
  );
}

export const planCommand: CommandModule<object, Args> = {
  command: 'plan <eval>',
  describe: 'Eval size needed to detect a true gap δ: power by resampling your eval, Miller beside it',
  builder: (y) =>
    withJson(
      withImportFlags(y, COLUMN_FLAGS, ['metric'])
        .positional('eval', {
          type: 'string',
          demandOption: true,
          describe: 'item population file, eval Arrow (evalsim import) or raw eval logs',
        })
        .option('delta', {
          type: 'number',
          describe:
            "true gap A − B to detect, in proportion units (0.03 = 3 points), imposed on B's rates (required unless --samples or --labels)",
        })
        .option('samples', {
          type: 'string',
          array: true,
          describe:
            'many samples per question: trade samples per question (these n) against questions for --target-se of pass@k, instead of a gap',
        })
        .option('target-se', { type: 'number', describe: 'with --samples: the SE to reach (0.01 = 1 point)' })
        .option('k', { type: 'string', array: true, describe: 'with --samples: the k of pass@k (default 1)' })
        .option('question-cost', {
          type: 'number',
          default: 0,
          describe: 'with --samples: the cost of one new question in samples (for the cheapest n)',
        })
        .option('labels', {
          type: 'string',
          describe:
            'a judge-scored eval: its human labels (a column, scorer:NAME or metric:NAME); plan the labels for --width',
        })
        .option('width', {
          type: 'number',
          describe:
            'with --labels: the full width of the interval to reach, in proportion units (0.1 = ±5 points)',
        })
        .option('level', { type: 'number', default: 0.95, describe: 'with --labels: the interval level' })
        .option('power', { type: 'number', default: 0.8, describe: 'target power' })
        .option('alpha', { type: 'number', default: 0.05, describe: 'two-sided false-positive rate' })
        .option('design', {
          type: 'string',
          choices: ['paired', 'independent'],
          default: 'paired',
          describe: 'paired: both systems on the same questions; independent: a separate set each',
        })
        .option('systems', {
          type: 'string',
          describe:
            'A,B (B is shifted), or one system A (B = a shifted copy); default: the eval’s one or two',
        })
        .option('resample', {
          type: 'string',
          choices: ['questions', 'clusters'],
          describe: 'draw whole clusters (default when the eval has clusters) or single questions',
        })
        .option('sizes', {
          type: 'string',
          describe: 'eval sizes to simulate, in the resampled unit (default: Miller’s n × ¼ … 2)',
        })
        .option('shift', {
          type: 'string',
          choices: GAP_SHIFTS,
          describe: "how B's rates move: logit (default when it can reach δ) or mixture",
        })
        .option('epochs', {
          type: 'number',
          describe:
            "answers per question to simulate (default: the eval's own; the score is their mean, as analyze's); 1 draws one answer from each observed rate",
        })
        .option('replications', { type: 'number', default: 2000, describe: 'simulated evals per size' })
        .option('seed', { type: 'number', default: 1, describe: 'seed of the generated study' })
        .option('out', { type: 'string', default: 'results/local/plan', describe: 'output directory' })
        .option('looks', {
          type: 'string',
          describe:
            'also plan a group-sequential gate: K equally spaced looks, or the looks as fractions 0.25,0.5,1 (writes <out>/design.json for evalsim monitor --design)',
        })
        .option('spending', { type: 'string', describe: `${SPENDING_HELP}, with --looks` })
        .option('sequential-replications', {
          type: 'number',
          default: SEQUENTIAL_PLAN_REPLICATIONS,
          describe:
            "with --looks: simulated evals per hypothesis that check the gate's closed form on your eval (MCSE ≈ 0.6 points of 80% power at 4,000)",
        })
        .options(GENERATED_STUDY_FLAGS)
        .options(HTML_OPTION)
        .options(PARQUET_OPTION)
        .example(
          '$0 plan studies/data/mmlu-standin.csv --delta 0.03 --systems sonnet_off --html plan.html',
          'one system against a shifted copy: the power curves and the size needed as one HTML page',
        )
        .example(
          '$0 plan mmlu-standin.csv --delta 0.03 --systems haiku_low,sonnet_off --looks 5',
          "and an O'Brien–Fleming gate with 5 looks: its maximum, boundaries and expected questions (design.json)",
        )
        .example(
          '$0 plan mmlu-standin.csv --delta 0.03 --systems haiku_low,sonnet_off --resample questions',
          'seed 000 Step 4: paired power for a 3-point gap (79.7% at 1,165 questions; add --sizes 600,1165,1804)',
        )
        .example(
          '$0 plan eval.arrow --delta 0.02 --power 0.9',
          'your imported eval: whole clusters resampled, the clustered paired test',
        )
        .example(
          '$0 plan mmlu-standin.csv --delta 0.03 --systems haiku_low,sonnet_off --design independent',
          'unpaired: a separate question set per system',
        )
        .example(
          '$0 plan studies/data/judged-standin.csv --labels human --width 0.1 --systems model_a',
          'an LLM-judged eval: how many human labels for a ±5-point interval',
        )
        .example(
          '$0 plan studies/data/mmlu-standin.csv --samples 1,2,5,10 --target-se 0.01 --systems haiku_off',
          'samples per question against questions for a 1-point SE (Miller, generalised to pass@k)',
        ),
    ) as never,
  handler: async (args) => {
    const { io } = args;
    if (args.labels !== undefined) {
      if (args.width === undefined)
        throw new Error('missing --width (the interval width to plan the labels for)');
      checkFlag('width', args.width, { min: 0, max: 1, minOpen: true, maxOpen: true });
      checkFlag('level', args.level, { min: 0, max: 1, minOpen: true, maxOpen: true });
      integerFlag('replications', args.replications, 1, MAX_REPLICATIONS);
      integerFlag('seed', args.seed, 0, 4294967295);
      integerFlag('workers', args.workers, 0, MAX_WORKERS);
      const systems = listOption(args.systems);
      if (systems.length > 1) throw new Error('--systems: with --labels, name one system');
      await runJudgedPlan(io, {
        eval: args.eval,
        labels: String(args.labels),
        width: args.width,
        system: systems[0],
        metric: args.metric,
        task: args.task,
        sizes:
          args.sizes !== undefined
            ? numberList('sizes', args.sizes).map((s) => integerFlag('sizes', s, 1, 10_000_000) as number)
            : undefined,
        replications: args.replications,
        seed: args.seed,
        level: args.level,
        out: args.out,
        workers: args.workers,
        quiet: args.quiet,
        json: args.json,
        html: args.html,
      });
      return;
    }
    if (args.samples !== undefined) {
      integerFlag('replications', args.replications, 1, MAX_REPLICATIONS);
      integerFlag('seed', args.seed, 0, 4294967295);
      integerFlag('workers', args.workers, 0, MAX_WORKERS);
      if (args.targetSe === undefined)
        throw new Error('--samples needs --target-se (the SE to reach, e.g. 0.01)');
      checkFlag('target-se', args.targetSe, { min: 0, max: 1, minOpen: true, maxOpen: true });
      checkFlag('question-cost', args.questionCost, { min: 0 });
      const samples = numberList('samples', args.samples).map(
        (x) => integerFlag('samples', x, 1, 1_000_000) as number,
      );
      const k =
        args.k !== undefined
          ? numberList('k', args.k).map((x) => integerFlag('k', x, 1, 1_000_000) as number)
          : [1];
      const outDir = io.resolve(args.out);
      const populationExisted = existsSync(join(outDir, 'population.csv'));
      const input = evalPopulation(io, args.eval, outDir, {
        metric: args.metric,
        task: args.task,
        label: `--out ${args.out}`,
        writes: ['plan-samples.json', 'plan-samples.arrow'],
        binaryUse: 'plan --samples (pass@k)',
        importOptions: importOptionsFrom(io, args as unknown as Record<string, unknown>, COLUMN_FLAGS),
      });
      const system = defaultSystems([...input.population.systems.keys()], args.systems)[0];
      evalSystem(input.population, system, '--systems', input.shown);
      await runSamplesPlan(
        io,
        input,
        outDir,
        {
          system,
          samples,
          k,
          targetSe: args.targetSe,
          questionCost: args.questionCost,
          replications: Math.min(args.replications, 400),
          seed: args.seed,
          workers: args.workers,
          quiet: args.quiet,
          json: args.json,
          eval: args.eval,
        },
        populationExisted,
      );
      return;
    }
    if (args.delta === undefined)
      throw new Error('missing --delta (or --samples with --target-se, or --labels with --width)');
    checkFlag('delta', args.delta, { min: -1, max: 1, minOpen: true, maxOpen: true });
    if (args.delta === 0)
      throw new Error('--delta: must be a non-zero gap (power at δ = 0 is the false-positive rate)');
    checkFlag('power', args.power, { min: 0, max: 1, minOpen: true, maxOpen: true });
    checkFlag('alpha', args.alpha, { min: 0, max: 1, minOpen: true, maxOpen: true });
    integerFlag('replications', args.replications, 1, MAX_REPLICATIONS);
    integerFlag('seed', args.seed, 0, 4294967295);
    integerFlag('workers', args.workers, 0, MAX_WORKERS);
    const sizes =
      args.sizes !== undefined
        ? numberList('sizes', args.sizes).map((s) => integerFlag('sizes', s, 1, 10_000_000) as number)
        : undefined;
    const outDir = io.resolve(args.out);
    if (args.spending !== undefined && args.looks === undefined)
      throw new Error('--spending: needs --looks (the planned looks of a group-sequential gate)');
    if (args.looks !== undefined && args.design === 'independent')
      throw new Error('--looks: a group-sequential gate monitors paired questions; use --design paired');
    const looksSpec =
      args.looks === undefined
        ? undefined
        : (() => {
            const values = numberList('looks', args.looks);
            return values.length === 1 && values[0] !== 1
              ? (integerFlag('looks', values[0], 1, 100) as number)
              : values;
          })();
    const spending = looksSpec !== undefined ? spendingFlag(args.spending) : undefined;
    integerFlag('sequential-replications', args.sequentialReplications, 1, MAX_REPLICATIONS);
    if (looksSpec !== undefined) planLookFractions(looksSpec);
    const htmlFile = checkHtmlOutput(io, args.html, [io.resolve(args.eval)]);
    const input = evalPopulation(io, args.eval, outDir, {
      metric: args.metric,
      task: args.task,
      label: `--out ${args.out}`,
      writes: [
        'plan.json',
        'plan.arrow',
        'plan.svg',
        ...(args.parquet ? ['plan.parquet'] : []),
        ...(looksSpec !== undefined
          ? [
              'design.json',
              'plan-sequential.json',
              'plan-sequential.arrow',
              ...(args.parquet ? ['plan-sequential.parquet'] : []),
            ]
          : []),
      ],
      importOptions: importOptionsFrom(io, args as unknown as Record<string, unknown>, COLUMN_FLAGS),
      graded: looksSpec === undefined,
      binaryUse: 'plan --looks (a sequential gate)',
    });
    const systems = defaultSystems([...input.population.systems.keys()], args.systems);
    const plan = buildPlan({
      populationFile: input.file,
      population: input.population,
      evalName: input.shown,
      systems,
      delta: args.delta,
      power: args.power,
      alpha: args.alpha,
      design: args.design,
      ...(args.resample ? { unit: args.resample } : {}),
      ...(args.shift ? { shift: args.shift } : {}),
      ...(sizes ? { sizes } : {}),
      replications: args.replications,
      seed: args.seed,
      ...(args.epochs !== undefined ? { epochs: integerFlag('epochs', args.epochs, 1, 1000) as number } : {}),
    });
    const run = await runGeneratedStudy(io, plan.config, outDir, {
      workers: args.workers,
      parquet: args.parquet,
      quiet: args.quiet || args.json,
    });
    const summary = summarizePlan(plan, run.rows);
    const unit = plan.unit;
    const svgFile = join(outDir, 'plan.svg');
    const points: ChartPoint[] = summary.curves.flatMap((c) =>
      c.points.map((p) => ({ x: p.size, y: p.power, mcse: p.mcse, series: c.label })),
    );
    for (const c of summary.closedForm)
      points.push({ x: c.size, y: c.power, mcse: 0, series: 'Miller (closed form)' });
    const spec = lineChartSpec(points, {
      title: plan.config.title,
      xTitle:
        unit === 'clusters'
          ? 'clusters drawn'
          : `questions${plan.design === 'independent' ? ' per system' : ''}`,
      yTitle: 'power',
      percent: true,
      reference: plan.power,
      referenceLabel: `${Math.round(plan.power * 100)}% power`,
    });
    writeFileAtomic(svgFile, await renderSvg(spec));
    const primary = summary.curves.find((c) => c.primary) ?? summary.curves[0];
    const fixedQuestions =
      unit === 'clusters' ? summary.closedFormSize * plan.meanClusterSize : summary.closedFormSize;
    const sequential =
      looksSpec !== undefined && spending !== undefined
        ? sequentialPlan({
            fixedSize: Math.ceil(fixedQuestions),
            looks: looksSpec,
            spending,
            alpha: plan.alpha,
            power: plan.power,
          })
        : undefined;
    // The closed form checked by simulation on the eval: the planned gate under δ and under none.
    const sequentialRun = sequential
      ? await runGeneratedStudy(
          io,
          buildSequentialPlanCheck({
            populationFile: input.file,
            systems,
            delta: args.delta,
            shift: plan.shift,
            resample: unit === 'clusters' ? 'clusters' : 'questions',
            plan: sequential,
            replications: args.sequentialReplications,
            seed: args.seed,
          }),
          outDir,
          { workers: args.workers, parquet: args.parquet, quiet: args.quiet || args.json },
        )
      : undefined;
    const sequentialCheck =
      sequential && sequentialRun
        ? summarizeSequentialPlanCheck(
            sequential,
            sequentialRun.study.config,
            plan.power,
            sequentialRun.rows,
            outDir,
          )
        : undefined;
    const designFile = join(outDir, 'design.json');
    if (sequential)
      writeFileAtomic(
        designFile,
        `${JSON.stringify(sequentialPlanDocument(sequential, { eval: shownPath(io, io.resolve(args.eval)), systems, delta: args.delta, power: plan.power, basis: "Miller's closed form" }), null, 2)}\n`,
      );
    {
      const doc = {
        study: shownPath(io, run.studyFile),
        results: shownPath(io, run.resultsFile),
        ...(args.parquet ? { parquet: run.parquetFiles.map((f) => shownPath(io, f)) } : {}),
        plot: shownPath(io, svgFile),
        systems,
        delta: args.delta,
        design: plan.design,
        unit,
        shift: plan.shift,
        power: plan.power,
        alpha: plan.alpha,
        epochs: plan.epochs,
        truth: plan.truth,
        parts: plan.parts,
        designEffect: plan.designEffect,
        meanClusterSize: plan.meanClusterSize,
        miller: { ...plan.miller, inUnit: summary.closedFormSize },
        curves: summary.curves,
        closedForm: summary.closedForm,
        ...(sequential
          ? {
              sequential: {
                ...sequential,
                gate: undefined,
                designFile: shownPath(io, designFile),
                simulated: sequentialCheck,
                simulatedStudy: sequentialRun ? shownPath(io, sequentialRun.studyFile) : undefined,
              },
            }
          : {}),
        warnings: input.warnings,
      };
      const jsonText = `${JSON.stringify(doc, null, 2)}\n`;
      await writeHtmlOutput(io, htmlFile, args.html, jsonText, planView);
      if (args.json) {
        io.stdout.write(jsonText);
        return;
      }
    }
    const pop = input.population;
    const f = (x: number) => x.toPrecision(3);
    const lines = [
      plan.config.title,
      `${shownPath(io, io.resolve(args.eval))}: ${pop.questionCount.toLocaleString('en-US')} questions in ${pop.clusterNames.length} clusters. B's ${plan.scores === 'graded' ? 'recorded scores (graded)' : 'rates'} shifted (${plan.shift}) so the true gap A − B is ${plan.parts.gap.toFixed(4)}.`,
      `Each simulated eval answers every question ${plan.epochs === 1 ? 'once per system' : `${plan.epochs} times per system (the eval's epochs) and scores the epoch mean, as analyze does`}; per-question truth: ${plan.truth.note}.`,
      `Miller's closed form: ω² = ${f(plan.parts.omega2)}, σ_A² = ${f(plan.parts.sigmaA2)}, σ_B² = ${f(plan.parts.sigmaB2)}${plan.epochs > 1 ? ` (each /${plan.epochs})` : ''}${plan.design === 'independent' ? `, Var(x_A) = ${f(plan.parts.varianceA)}, Var(x_B) = ${f(plan.parts.varianceB)}` : ''} → n = ${plan.miller.items.toLocaleString('en-US')} questions${unit === 'clusters' ? ` × design effect ${plan.designEffect.toFixed(2)} / ${plan.meanClusterSize.toFixed(1)} per cluster = ${Math.ceil(summary.closedFormSize)} clusters` : ''}. analyze's "questions needed" uses the measured paired variance of the observed gap's pair with the normal approximation; this plan imposes δ by shifting B's rates, which moves that variance a little — the two agree within the band below when the shift is small.`,
    ];
    for (const line of lines) io.stdout.write(`${wrapText(line, TABLE_WIDTH).join('\n')}\n`);
    io.stdout.write('\n');
    const rows = plan.sizes.map((size, j) => {
      const row: Record<string, unknown> = { [unit]: size };
      for (const c of summary.curves) {
        const p = c.points.find((q) => q.size === size);
        row[c.label] = p ? formatEstimate(p.power, p.mcse) : '';
      }
      row['Miller (closed form)'] = summary.closedForm[j].power.toFixed(3);
      return row;
    });
    printRows(io.stdout, rows, false);
    const { estimate, low, high } = primary.required;
    io.stdout.write(
      `\n${wrapText(
        `Needed for ${Math.round(plan.power * 100)}% power (${primary.label}, α = ${plan.alpha}): ${crossingText(estimate, unit)} (±2 MCSE band ${crossingText(low, unit)} to ${crossingText(high, unit)}); Miller's closed form: ${Math.ceil(summary.closedFormSize).toLocaleString('en-US')} ${unit}.`,
        TABLE_WIDTH,
      ).join('\n')}\n`,
    );
    if (sequential) sequentialSection(io, sequential, unit, Math.ceil(fixedQuestions), sequentialCheck);
    for (const w of input.warnings) io.stderr.write(`warning: ${w}\n`);
    io.stdout.write(
      `wrote\n  ${[run.studyFile, run.resultsFile, ...run.parquetFiles, svgFile, ...(sequential ? [designFile] : []), ...(sequentialRun ? [sequentialRun.studyFile, sequentialRun.resultsFile, ...sequentialRun.parquetFiles] : [])].map((p) => shownPath(io, p)).join('\n  ')}\nrerun: evalsim run ${shownPath(io, run.studyFile)} --out ${shownPath(io, outDir)}\n`,
    );
  },
};
