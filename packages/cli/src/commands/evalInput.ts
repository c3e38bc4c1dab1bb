/**
 * The `<eval>` argument of audit, plan and leaderboard: an item population file (the wide
 * CSV or Arrow of studies/data/README.md) is used as it is; anything else (an eval Arrow
 * written by `evalsim import`, or raw logs of a supported framework) is imported, aligned
 * (`--task`, `--metric`) and written as `<out>/population.csv`, which the
 * generated study names — with the systems' names as the logs carry them; messages name the eval as
 * given. Either way the study names its population relative to the study file, so
 * `evalsim run <out>/<study>.json` rereads the same questions. Graded scores (any score other
 * than 0/1) are written as `scores_<system>` columns and taken only by the commands that simulate
 * them (`graded: true`: audit's and plan's interval and test studies); every other caller gets
 * the refusal naming the system, question and epoch before anything is written.
 */
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  type EvalImportOptions,
  evalMatrix,
  type ItemPopulation,
  importEval,
  loadItemPopulation,
  OutputError,
} from '@evalsim/sim';
import {
  formatEvalWarning,
  populationCsv,
  prepareOutputDirectory,
  writeFileAtomic,
} from '@evalsim/sim/internal';
import type { CliIo } from '../io.js';
import { inputPath } from './shippedStudies.js';

export interface EvalPopulation {
  /** The population file as the study in `outDir` names it. */
  readonly file: string;
  /** The eval as the user named it (messages name this, not the population file written). */
  readonly shown: string;
  readonly population: ItemPopulation;
  /** Warnings from importing (dropped questions, …). */
  readonly warnings: readonly string[];
}

export interface EvalInputOptions {
  readonly metric?: string | undefined;
  readonly task?: string | undefined;
  /** How refusals of the output name it (e.g. `--out results/audit`). */
  readonly label?: string | undefined;
  /** The files the command writes into `outDir` besides population.csv: checked with it before any work. */
  readonly writes?: readonly string[] | undefined;
  /** The import flags given (`--cluster`, `--epoch-column`, …) for raw logs. */
  readonly importOptions?: EvalImportOptions;
  /** The command simulates graded scores (default false: a graded eval is refused). */
  readonly graded?: boolean | undefined;
  /** What the command does, for the refusal of a graded eval (default "this command"). */
  readonly binaryUse?: string | undefined;
}

/** The refusal of a graded eval by a command that draws 0/1 answers. */
function gradedRefusal(shown: string, where: string, options: EvalInputOptions): Error {
  return new Error(
    `${shown}: ${where} is graded (not 0/1); ${options.binaryUse ?? 'this command'} draws 0/1 answers (choose a 0/1 metric with --metric; evalsim audit and plan take graded scores)`,
  );
}

export function evalPopulation(
  io: CliIo,
  given: string,
  outDir: string,
  options: EvalInputOptions = {},
): EvalPopulation {
  const evalPath = inputPath(io, given);
  const path = io.resolve(evalPath);
  if (!existsSync(path)) throw new Error(`${evalPath}: no such file or directory`);
  // The output directory, checked before any work (never one of the inputs); created when written.
  const populationName = 'population.csv';
  const checkOutput = (inputs: readonly string[], population: boolean) =>
    prepareOutputDirectory(outDir, [...(options.writes ?? []), ...(population ? [] : [populationName])], {
      label: options.label,
      inputs,
      create: false,
    });
  let populationError: Error | undefined;
  if (/\.(csv|arrow|feather|ipc|arrows)$/i.test(path)) {
    let population: ItemPopulation | undefined;
    try {
      population = loadItemPopulation(path);
    } catch (error) {
      populationError = error as Error;
    }
    if (population) {
      const graded = [...population.systems.values()].find((s) => s.scores !== null);
      if (!options.graded && graded)
        throw gradedRefusal(given, `system "${graded.name}" (column "scores_${graded.name}")`, options);
      checkOutput([path], true);
      return { file: relative(outDir, path) || '.', shown: given, population, warnings: [] };
    }
  }
  let imported: ReturnType<typeof importEval>;
  try {
    imported = importEval([evalPath], options.importOptions ?? {}, {
      cwd: io.cwd,
      // The population file names no hashes of the logs (the study hashes the population itself).
      digests: false,
      beforeImport: (inputs) => checkOutput(inputs, false),
    });
  } catch (error) {
    if (error instanceof OutputError) throw error;
    const message = (error as Error).message;
    throw new Error(
      populationError && /\.csv$/i.test(path) ? populationError.message : `${evalPath}: ${message}`,
    );
  }
  const metric =
    options.metric !== undefined && imported.table.metric.dictionary.includes(options.metric)
      ? options.metric
      : undefined;
  const matrix = evalMatrix(imported.table, {
    ...(metric !== undefined ? { metric } : {}),
    ...(options.task !== undefined ? { task: options.task } : {}),
  });
  const { csv, graded } = populationCsv(matrix);
  if (!options.graded && graded.some(Boolean)) {
    const s = graded.indexOf(true);
    throw gradedRefusal(
      given,
      `the score of system "${matrix.systems[s]}" (metric ${matrix.metric})`,
      options,
    );
  }
  const file = join(outDir, populationName);
  writeFileAtomic(file, csv);
  return {
    file: populationName,
    shown: given,
    population: loadItemPopulation(file),
    warnings: [...imported.warnings, ...matrix.warnings].map(formatEvalWarning),
  };
}
