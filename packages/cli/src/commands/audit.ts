/**
 * `evalsim audit <eval>`: is my interval trustworthy on this eval, and my paired test?
 * Generated studies (sim yourEval/auditStudies.ts) calibrated to the eval — resampling (whole
 * clusters of the eval itself, its epochs scored as their mean, as analyze) and, with several
 * epochs, one answer per question for the 0/1 methods; parametric (beta-binomial with its
 * cluster sizes, accuracy and ICC) coverage of every interval method; and the paired tests'
 * false-win rate between identical copies and power at the observed gap — written to
 * `<out>/audit-*.json` and run by the ordinary runner; then coverage, lower / upper
 * non-coverage and mean width with MCSEs, Bradley's verdict at 2 MCSE and a recommendation
 * that starts from analyze's headline interval.
 */
import { existsSync } from 'node:fs';
import { basename, extname, join, relative } from 'node:path';
import {
  AUDIT_HBB_REPLICATIONS,
  AUDIT_INTERVALS,
  AUDIT_REPLICATIONS,
  AUDIT_RESAMPLES,
  buildAudit,
  type Estimate,
  type IntervalAudit,
  MAX_REPLICATIONS,
  type SequentialGate,
  summarizeAudit,
} from '@evalsim/sim';
import { evalSystem } from '@evalsim/sim/internal';
import type { CommandModule } from 'yargs';
import { analysisUnits } from '../analyze/analysisUnits.js';
import { TABLE_WIDTH } from '../format/alignedTable.js';
import { formatEstimate } from '../format/formatResults.js';
import { printRows } from '../format/printRows.js';
import { wrapText } from '../format/wrapText.js';
import { auditView } from '../html/auditView.js';
import type { CliIo } from '../io.js';
import { SPENDING_HELP } from '../monitor/spendingFlag.js';
import { runJudgedAudit } from './auditJudged.js';
import { runSequentialAudit } from './auditSequential.js';
import { evalPopulation } from './evalInput.js';
import { checkFlag, integerFlag, MAX_WORKERS } from './flagValues.js';
import { gateFlags } from './gateFlags.js';
import { GENERATED_STUDY_FLAGS, runGeneratedStudy } from './generatedStudy.js';
import { checkHtmlOutput, HTML_OPTION, writeHtmlOutput } from './htmlOutput.js';
import { COLUMN_FLAGS, importOptionsFrom, withImportFlags } from './importFlags.js';
import { PARQUET_OPTION } from './parquetOutput.js';
import { refusingCleanly, runPassAtKAudit } from './passAtKPlanning.js';
import { listOption, numberList, shownPath, withJson } from './shared.js';

interface Args {
  io: CliIo;
  eval: string;
  system?: string;
  versus?: string;
  methods?: string;
  module?: string[];
  clusters?: number;
  replications: number;
  seed: number;
  level: number;
  out: string;
  workers?: number;
  metric?: string;
  task?: string;
  quiet: boolean;
  json: boolean;
  labels?: string;
  k?: unknown;
  resamples: number;
  hbbReplications: number;
  epochs?: number;
  html?: string;
  parquet: boolean;
  looks?: string;
  spending?: string;
  maxQuestions?: number;
  design?: string;
  tuneQuestions?: number;
  tunePairs?: number;
  resample?: 'questions' | 'clusters';
}

const est = (e: Estimate) => (Number.isNaN(e.value) ? 'n/a' : formatEstimate(e.value, e.mcse));
/** A difference in points with its sign, as analyze prints one (audited scores are in [0, 1]). */
const { signed } = analysisUnits({ scoreRange: [0, 1] });

function intervalRows(rows: readonly IntervalAudit[], replications: number) {
  return rows.map((r) => ({
    method: r.method,
    ...(rows.some((x) => x.replications !== replications) ? { R: r.replications } : {}),
    coverage: est(r.coverage),
    'truth below': est(r.lowerMiss),
    'truth above': est(r.upperMiss),
    'mean width (points)': Number.isNaN(r.width.value)
      ? 'n/a'
      : formatEstimate(100 * r.width.value, 100 * r.width.mcse),
    Bradley:
      r.verdict === 'undecided' && r.replicationsToDecide !== null
        ? `undecided (R ≥ ${r.replicationsToDecide.toLocaleString('en-US')})`
        : r.verdict,
  }));
}

export const auditCommand: CommandModule<object, Args> = {
  command: 'audit <eval>',
  describe: 'Coverage and error rates of every interval and paired test, simulated on your eval',
  builder: (y) =>
    withJson(
      withImportFlags(y, COLUMN_FLAGS, ['metric'])
        .positional('eval', {
          type: 'string',
          demandOption: true,
          describe: 'item population file, eval Arrow (evalsim import) or raw eval logs',
        })
        .option('system', {
          type: 'string',
          describe: 'system whose intervals are audited (default: the first)',
        })
        .option('versus', {
          type: 'string',
          describe: 'second system, for power at the observed gap (default: the second, if any)',
        })
        .option('methods', {
          // --method as in interval, coverage, mcnemar and adjust (one name per meaning).
          alias: 'method',
          type: 'string',
          describe: `interval methods (default: all that apply but the slow opt-in ones, marked *): ${AUDIT_INTERVALS.map((m) => `${m.id}${m.optIn ? '*' : ''}`).join(', ')}`,
        })
        .option('module', {
          type: 'string',
          array: true,
          describe: 'your own interval method module (.mjs), repeatable',
        })
        .option('clusters', {
          type: 'number',
          describe: "whole clusters per simulated eval (default: the eval's own number)",
        })
        .option('replications', {
          type: 'number',
          default: AUDIT_REPLICATIONS,
          describe: 'simulated evals per study cell (MCSE ≈ 0.005 of a 95% coverage at 2,000)',
        })
        .option('resamples', {
          type: 'number',
          default: AUDIT_RESAMPLES,
          describe: "whole-cluster resamples per cluster bootstrap (analyze's --resamples)",
        })
        .option('hbb-replications', {
          type: 'number',
          default: AUDIT_HBB_REPLICATIONS,
          describe: 'replications of the hierarchical beta-binomial (≈ 0.5 s a fit; its MCSE is shown)',
        })
        .option('epochs', {
          type: 'number',
          describe: "answers per question to simulate (default: the eval's own, scored as their mean)",
        })
        .option('seed', { type: 'number', default: 1, describe: 'seed of the generated studies' })
        .option('level', {
          type: 'number',
          default: 0.95,
          describe: 'nominal coverage (tests at α = 1 − level)',
        })
        .option('k', {
          type: 'string',
          array: true,
          describe:
            "many samples per question: audit the pass@k / pass^k intervals at these k instead (the eval's questions resampled, each with its recorded pass rate)",
        })
        .option('looks', {
          type: 'string',
          describe:
            "a sequential gate: audit it on your eval — K equally spaced looks up to --max-questions (default: the eval's questions), or the look sizes 200,400,600",
        })
        .option('spending', { type: 'string', describe: `${SPENDING_HELP}, with --looks` })
        .option('max-questions', {
          type: 'number',
          describe: "with --looks K: the gate's planned maximum (default: the eval's paired questions)",
        })
        .option('design', {
          type: 'string',
          describe: 'a sequential gate from the design file evalsim plan --looks wrote (design.json)',
        })
        .option('tune-questions', {
          type: 'number',
          describe:
            "with --looks: questions the normal-mixture sequence is tightest at (default: the gate's maximum)",
        })
        .option('tune-pairs', {
          type: 'number',
          describe:
            'with --looks: discordant questions the mixture SPRT and the e-process are tightest at (default 100)',
        })
        .option('resample', {
          type: 'string',
          choices: ['questions', 'clusters'],
          describe:
            'with --looks: draw whole clusters (default when the eval has clusters) or single questions',
        })
        .option('out', { type: 'string', default: 'results/local/audit', describe: 'output directory' })
        .option('labels', {
          type: 'string',
          describe:
            'a judge-scored eval: its human labels (a column, scorer:NAME or metric:NAME); audit PPI, PPI++, Rogan–Gladen',
        })
        .options(GENERATED_STUDY_FLAGS)
        .options(HTML_OPTION)
        .options(PARQUET_OPTION)
        .example('$0 audit studies/data/mmlu-standin.csv --system haiku_off --versus haiku_low', 'seed 000')
        .example(
          '$0 audit studies/data/mmlu-standin.csv --replications 200 --html audit.html',
          'the coverage chart and tables as one self-contained HTML page',
        )
        .example(
          '$0 audit studies/data/judged-standin.csv --labels human --replications 500',
          'an LLM-judged eval: every correction interval at its own N, labels and judge rates',
        )
        .example(
          '$0 audit eval.arrow --methods wilson,clusteredCR2 --module my-method.mjs',
          'your own method',
        )
        .example('$0 audit eval.arrow --replications 200 --json', 'a quick look, as JSON')
        .example(
          '$0 audit studies/data/seed000-shuffled.jsonl --looks 5 --system sonnet_off --versus haiku_off',
          "a sequential gate on your eval: O'Brien–Fleming at 5 looks — type-I error, power, expected questions, beside the naive z and the anytime-valid tests",
        )
        .example(
          '$0 audit studies/data/seed000-shuffled.jsonl --looks 300,600,1140 --spending pocock --json',
          'the look sizes themselves, Pocock spending, as JSON',
        )
        .example(
          '$0 audit studies/data/tau-bench/ --k 1,2 --replications 200',
          'many samples per question: coverage of the pass@k intervals on your eval',
        ),
    ) as never,
  handler: async (args) => {
    const { io } = args;
    integerFlag('replications', args.replications, 1, MAX_REPLICATIONS);
    integerFlag('resamples', args.resamples, 100, 1_000_000);
    integerFlag('hbb-replications', args.hbbReplications, 1, MAX_REPLICATIONS);
    if (args.epochs !== undefined) integerFlag('epochs', args.epochs, 1, 1000);
    integerFlag('clusters', args.clusters, 2, 1_000_000);
    integerFlag('seed', args.seed, 0, 4294967295);
    integerFlag('workers', args.workers, 0, MAX_WORKERS);
    checkFlag('level', args.level, { min: 0.5, max: 1, maxOpen: true });
    if (args.labels !== undefined && (args.looks !== undefined || args.design !== undefined))
      throw new Error('--labels: not with a sequential gate (--looks / --design)');
    if (args.labels !== undefined) {
      await runJudgedAudit(io, {
        eval: args.eval,
        labels: String(args.labels),
        system: args.system,
        metric: args.metric,
        task: args.task,
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
    const sequential = args.looks !== undefined || args.design !== undefined;
    if (sequential) {
      for (const [flag, given] of [
        ['k', args.k],
        ['methods', args.methods],
        ['module', args.module],
        ['clusters', args.clusters],
        ['epochs', args.epochs],
      ] as const)
        if (given !== undefined)
          throw new Error(
            `--${flag}: not with a sequential gate (--looks / --design), which audits the gate's tests`,
          );
      if (args.maxQuestions !== undefined) integerFlag('max-questions', args.maxQuestions, 2, 1e9);
      if (args.tuneQuestions !== undefined) integerFlag('tune-questions', args.tuneQuestions, 1, 1e9);
      if (args.tunePairs !== undefined) integerFlag('tune-pairs', args.tunePairs, 1, 1e9);
    } else {
      for (const [flag, given] of [
        ['spending', args.spending],
        ['max-questions', args.maxQuestions],
        ['tune-questions', args.tuneQuestions],
        ['tune-pairs', args.tunePairs],
        ['resample', args.resample],
      ] as const)
        if (given !== undefined) throw new Error(`--${flag}: needs a sequential gate (--looks or --design)`);
    }
    const outDir = io.resolve(args.out);
    const populationExisted = existsSync(join(outDir, 'population.csv'));
    const htmlFile = checkHtmlOutput(io, args.html, [io.resolve(args.eval)]);
    const input = evalPopulation(io, args.eval, outDir, {
      metric: args.metric,
      task: args.task,
      label: `--out ${args.out}`,
      writes: sequential
        ? [
            'audit-sequential.json',
            'audit-sequential.arrow',
            ...(args.parquet ? ['audit-sequential.parquet'] : []),
          ]
        : args.k !== undefined
          ? ['audit-passk.json', 'audit-passk.arrow', ...(args.parquet ? ['audit-passk.parquet'] : [])]
          : ['resampling', 'answers', 'parametric', 'paired'].flatMap((s) => [
              `audit-${s}.json`,
              `audit-${s}.arrow`,
              ...(args.parquet ? [`audit-${s}.parquet`] : []),
            ]),
      importOptions: importOptionsFrom(io, args as unknown as Record<string, unknown>, COLUMN_FLAGS),
      graded: !sequential && args.k === undefined,
      binaryUse: sequential ? 'audit --looks (a sequential gate)' : 'audit --k (pass@k)',
    });
    const systems = [...input.population.systems.keys()];
    const system = args.system ?? systems[0];
    evalSystem(input.population, system, '--system', input.shown);
    if (args.k !== undefined) {
      const k = numberList('k', args.k).map((x) => integerFlag('k', x, 1, 1_000_000) as number);
      await runPassAtKAudit(
        io,
        input,
        outDir,
        {
          system,
          k,
          replications: args.replications,
          seed: args.seed,
          level: args.level,
          workers: args.workers,
          quiet: args.quiet,
          json: args.json,
          eval: args.eval,
        },
        populationExisted,
      );
      return;
    }
    const versus =
      args.versus ?? (args.system === undefined ? systems[1] : systems.find((s) => s !== system));
    if (sequential) {
      if (versus === undefined)
        throw new Error(`--versus: ${input.shown} has one system; a gate compares two`);
      const alpha = +(1 - args.level).toFixed(12);
      const gate = refusingCleanly(outDir, input, populationExisted, () =>
        gateFlags(io, {
          design: args.design,
          looks: args.looks,
          maxQuestions: args.maxQuestions,
          spending: args.spending,
          alpha,
          alphaText: `--level ${args.level}`,
          defaultMax: input.population.questionCount,
        }),
      ) as SequentialGate;
      await runSequentialAudit(
        io,
        input,
        outDir,
        {
          systems: [system, versus],
          gate,
          resample: args.resample,
          tuneQuestions: args.tuneQuestions,
          tunePairs: args.tunePairs,
          replications: args.replications,
          seed: args.seed,
          workers: args.workers,
          quiet: args.quiet,
          json: args.json,
          parquet: args.parquet,
          eval: args.eval,
          html: args.html,
          htmlFile,
        },
        populationExisted,
      );
      return;
    }
    const modules = listOption(args.module).map((file) => {
      const path = io.resolve(file);
      return { id: basename(path, extname(path)), file: relative(outDir, path) };
    });
    const methods = args.methods !== undefined ? listOption(args.methods) : undefined;
    const audit = buildAudit({
      populationFile: input.file,
      population: input.population,
      evalName: input.shown,
      system,
      versus,
      methods,
      modules,
      clusters: args.clusters,
      replications: args.replications,
      seed: args.seed,
      level: args.level,
      resamples: args.resamples,
      hbbReplications: args.hbbReplications,
      ...(args.epochs !== undefined ? { epochs: args.epochs } : {}),
    });
    const options = { workers: args.workers, quiet: args.quiet || args.json, parquet: args.parquet };
    const runs = {
      resampling: await runGeneratedStudy(io, audit.resampling, outDir, options),
      ...(audit.answers ? { answers: await runGeneratedStudy(io, audit.answers, outDir, options) } : {}),
      parametric: await runGeneratedStudy(io, audit.parametric, outDir, options),
      paired: await runGeneratedStudy(io, audit.paired, outDir, options),
    };
    const summary = summarizeAudit(audit, {
      resampling: runs.resampling.rows,
      ...(runs.answers ? { answers: runs.answers.rows } : {}),
      parametric: runs.parametric.rows,
      paired: runs.paired.rows,
    });
    const files = Object.values(runs).flatMap((r) => [r.studyFile, r.resultsFile, ...r.parquetFiles]);
    const doc = {
      system,
      versus: versus ?? null,
      facts: audit.facts,
      notOffered: audit.notOffered,
      ...summary,
      files: files.map((f) => shownPath(io, f)),
      warnings: input.warnings,
    };
    const jsonText = `${JSON.stringify(doc, null, 2)}\n`;
    await writeHtmlOutput(io, htmlFile, args.html, jsonText, auditView);
    if (args.json) {
      io.stdout.write(jsonText);
      return;
    }
    const f = audit.facts;
    const say = (text: string) => io.stdout.write(`${wrapText(text, TABLE_WIDTH).join('\n')}\n`);
    say(
      `Audit of ${system} on ${shownPath(io, io.resolve(args.eval))}: ${f.questions.toLocaleString('en-US')} questions${f.clustered ? ` in ${f.clusters} clusters` : ' (no clusters)'}, ${f.scores === 'graded' ? `graded scores, mean score ${(100 * f.accuracy).toFixed(1)}%` : `accuracy ${(100 * f.accuracy).toFixed(1)}%`}, ICC ${f.icc.toFixed(3)}, ${f.scores === 'graded' ? `${f.epochs === 1 ? 'one recorded score per question' : `${f.epochs} scores per question redrawn from each question's recorded ones and scored as their mean, as analyze does`} (truth: ${f.truth.note})` : f.epochs === 1 ? 'one answer per question' : `${f.epochs} answers per question simulated and scored as their mean, as analyze does (per-question truth: ${f.truth.note})`}${f.gap !== null ? `; observed gap ${f.pair ? `${f.pair.label} ${signed(f.pair.difference)}` : signed(f.gap)} points (as analyze shows the pair), per-question correlation ${f.correlation?.toFixed(2)}` : ''}. ${args.replications} replications per cell${audit.hbbReplications !== null ? ` (the hierarchical beta-binomial on the first ${audit.hbbReplications}, ≈ 0.5 s a fit: column R)` : ''}, cluster bootstraps with ${args.resamples} resamples; Bradley's liberal band ${summary.band.map((b) => `${(100 * b).toFixed(1)}%`).join('–')} at 2 MCSE. analyze's headline interval here: ${audit.headline}.`,
    );
    if (audit.notOffered) {
      say(
        `\nNot offered for graded scores: the intervals ${audit.notOffered.intervals.join(', ')} and the paired ${audit.notOffered.pairedTests.join(', ')} — ${audit.notOffered.reason}.`,
      );
    }
    say(
      `\nResampling (whole ${f.clustered ? 'clusters' : 'questions'} of the eval, ${f.epochs === 1 ? (f.scores === 'graded' ? 'one recorded score each' : 'one answer each') : 'epoch means'}, truth = its mean):`,
    );
    printRows(io.stdout, intervalRows(summary.resampling, args.replications), false);
    if (summary.answers.length) {
      say('\nOne answer per question (the 0/1 methods, as analyze computes them on epoch 1):');
      printRows(io.stdout, intervalRows(summary.answers, args.replications), false);
    }
    say(
      `\nParametric (beta-binomial with the measured ICC and cluster sizes, one answer per question${f.epochs > 1 ? ': a beta-binomial has no per-question truth for epochs to repeat' : ''}${f.scores === 'graded' ? "; its answers are 0/1, not the eval's graded scores" : ''}, truth = p):`,
    );
    printRows(io.stdout, intervalRows(summary.parametric, args.replications), false);
    say(`\nPaired tests at α = ${+(1 - audit.level).toFixed(6)} (resampling):`);
    printRows(
      io.stdout,
      summary.paired.map((p) => ({
        test: p.label,
        'false wins, identical copies': p.falseWinByConstruction ? '0 by construction' : est(p.falseWin),
        ...(f.gap !== null
          ? {
              [`power at the ${signed(f.pair ? f.pair.difference : f.gap)}-point gap`]: p.power
                ? est(p.power)
                : 'n/a',
            }
          : {}),
      })),
      false,
    );
    say(`\n${summary.recommendation}`);
    for (const w of input.warnings) io.stderr.write(`warning: ${w}\n`);
    io.stdout.write(
      `\nwrote\n  ${files.map((p) => shownPath(io, p)).join('\n  ')}\nrerun: evalsim run <study> --out ${shownPath(io, outDir)}\n`,
    );
  },
};
