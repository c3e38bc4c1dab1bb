/**
 * The many-samples branches of `evalsim audit --k` and `evalsim plan --samples` (sim
 * yourEval/passAtKAudit.ts, passAtKPlan.ts): each builds its generated study, runs it with the
 * ordinary runner into `--out` and prints (or `--json`) what it found. Kept apart from audit.ts
 * and plan.ts, which call them with the parsed flags.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  buildPassAtKAudit,
  buildSamplesPlan,
  type Estimate,
  samplesPlanCheck,
  summarizePassAtKAudit,
} from '@evalsim/sim';
import { TABLE_WIDTH } from '../format/alignedTable.js';
import { formatEstimate } from '../format/formatResults.js';
import { printRows } from '../format/printRows.js';
import { wrapText } from '../format/wrapText.js';
import type { CliIo } from '../io.js';
import type { EvalPopulation } from './evalInput.js';
import { runGeneratedStudy } from './generatedStudy.js';
import { shownPath } from './shared.js';

/**
 * Runs `build` (which checks the flags against the eval) and, when it refuses, removes the
 * population file evalPopulation wrote for it (and the output folder if that left it empty),
 * so a refused command leaves nothing behind.
 */
export function refusingCleanly<T>(
  outDir: string,
  input: EvalPopulation,
  existed: boolean,
  build: () => T,
): T {
  try {
    return build();
  } catch (error) {
    if (!existed && input.file === 'population.csv') {
      rmSync(join(outDir, 'population.csv'), { force: true });
      if (existsSync(outDir) && readdirSync(outDir).length === 0)
        rmSync(outDir, { recursive: true, force: true });
    }
    throw error;
  }
}

const est = (e: Estimate) => (Number.isNaN(e.value) ? 'n/a' : formatEstimate(e.value, e.mcse));
const say = (io: CliIo, text: string) => io.stdout.write(`${wrapText(text, TABLE_WIDTH).join('\n')}\n`);

export interface PassAtKAuditFlags {
  readonly system: string;
  readonly k: readonly number[];
  readonly replications: number;
  readonly seed: number;
  readonly level: number;
  readonly workers?: number | undefined;
  readonly quiet: boolean;
  readonly json: boolean;
  readonly eval: string;
}

export async function runPassAtKAudit(
  io: CliIo,
  input: EvalPopulation,
  outDir: string,
  flags: PassAtKAuditFlags,
  existed: boolean,
): Promise<void> {
  const audit = refusingCleanly(outDir, input, existed, () =>
    buildPassAtKAudit({
      populationFile: input.file,
      population: input.population,
      system: flags.system,
      k: flags.k,
      replications: flags.replications,
      seed: flags.seed,
      level: flags.level,
    }),
  );
  const run = await runGeneratedStudy(io, audit.config, outDir, {
    workers: flags.workers,
    quiet: flags.quiet || flags.json,
  });
  const summary = summarizePassAtKAudit(audit, run.rows);
  const files = [run.studyFile, run.resultsFile].map((f) => shownPath(io, f));
  if (flags.json) {
    io.stdout.write(
      `${JSON.stringify({ system: flags.system, facts: audit.facts, ...summary, files, warnings: input.warnings }, null, 2)}\n`,
    );
    return;
  }
  const f = audit.facts;
  say(
    io,
    `pass@k audit of ${flags.system} on ${shownPath(io, io.resolve(flags.eval))}: ${f.questions.toLocaleString('en-US')} questions${f.clustered ? ` in ${f.clusters} clusters (drawn whole)` : ''}, ${f.samples} samples per question${f.equalSamples ? '' : ' (the most common count; the eval has unequal counts)'}, each question's recorded pass rate as its truth. ${flags.replications} replications per design; Bradley's liberal band ${summary.band.map((b) => b.toFixed(3)).join('–')}.`,
  );
  io.stdout.write('\n');
  printRows(
    io.stdout,
    summary.rows.map((r) => ({
      design: r.design,
      method: r.method,
      coverage: est(r.coverage),
      'truth below': est(r.lowerMiss),
      'truth above': est(r.upperMiss),
      'mean width (points)': Number.isNaN(r.width.value)
        ? 'n/a'
        : formatEstimate(100 * r.width.value, 100 * r.width.mcse),
      Bradley: r.verdict,
    })),
    false,
  );
  say(io, `\n${summary.recommendation}`);
  for (const w of input.warnings) io.stderr.write(`warning: ${w}\n`);
  io.stdout.write(
    `\nwrote\n  ${files.join('\n  ')}\nrerun: evalsim run <study> --out ${shownPath(io, outDir)}\n`,
  );
}

export interface SamplesPlanFlags {
  readonly system: string;
  readonly samples: readonly number[];
  readonly k: readonly number[];
  readonly targetSe: number;
  readonly questionCost: number;
  readonly replications: number;
  readonly seed: number;
  readonly workers?: number | undefined;
  readonly quiet: boolean;
  readonly json: boolean;
  readonly eval: string;
}

export async function runSamplesPlan(
  io: CliIo,
  input: EvalPopulation,
  outDir: string,
  flags: SamplesPlanFlags,
  existed: boolean,
): Promise<void> {
  const plan = refusingCleanly(outDir, input, existed, () =>
    buildSamplesPlan({
      population: input.population,
      system: flags.system,
      samples: flags.samples,
      k: flags.k,
      targetSe: flags.targetSe,
      questionCost: flags.questionCost,
      replications: flags.replications,
      seed: flags.seed,
    }),
  );
  const run = plan.config
    ? await runGeneratedStudy(io, plan.config, outDir, {
        workers: flags.workers,
        quiet: flags.quiet || flags.json,
      })
    : null;
  const checks = run ? samplesPlanCheck(plan, run.rows) : plan.rows.map(() => null);
  if (flags.json) {
    io.stdout.write(
      `${JSON.stringify(
        {
          system: flags.system,
          ...plan,
          rows: plan.rows.map((r, i) => ({ ...r, simulatedSe: checks[i] })),
          files: run ? [run.studyFile, run.resultsFile].map((f) => shownPath(io, f)) : [],
          warnings: input.warnings,
        },
        null,
        2,
      )}\n`,
    );
    return;
  }
  const fit = plan.fit;
  say(
    io,
    `Samples per question against questions for an SE of ${(100 * flags.targetSe).toFixed(2)} points (${flags.system} on ${shownPath(io, io.resolve(flags.eval))}). ` +
      `Question difficulty fitted as Beta(${fit.a.toPrecision(3)}, ${fit.b.toPrecision(3)}) by maximum likelihood (mean ${(100 * fit.mean).toFixed(1)}%, ρ = ${fit.icc.toFixed(3)}${fit.boundary ? '; the fit stopped at a bound' : ''}); ` +
      `at the eval's own ${plan.eval.questions.toLocaleString('en-US')} questions × ${plan.eval.samples} samples it predicts SEs of ${plan.eval.observedSe.map((o) => `pass@${o.k} ${(100 * o.predicted).toFixed(2)} (observed ${(100 * o.observed).toFixed(2)})`).join(', ')} points.`,
  );
  io.stdout.write('\n');
  printRows(
    io.stdout,
    plan.rows.map((r, i) => ({
      k: `pass@${r.k}`,
      'samples n': r.samples,
      'questions needed': r.questions.toLocaleString('en-US'),
      'samples Q·n': r.totalSamples.toLocaleString('en-US'),
      ...(plan.questionCost > 0
        ? { [`cost (question = ${plan.questionCost} samples)`]: r.cost.toLocaleString('en-US') }
        : {}),
      'floor: SE with n → ∞': `${(100 * Math.sqrt(r.between / r.questions)).toFixed(2)}`,
      'simulated SE (points)': checks[i]
        ? formatEstimate(100 * checks[i].value, 100 * checks[i].mcse)
        : 'not simulated',
    })),
    false,
  );
  say(
    io,
    `\nCheapest: ${plan.best.map((b) => `pass@${b.k}: n = ${b.samples}, ${b.questions.toLocaleString('en-US')} questions`).join('; ')}` +
      `${plan.questionCost > 0 ? ` (a new question costing ${plan.questionCost} samples)` : ' (samples and questions priced alike: give --question-cost R when a new question costs R samples)'}.`,
  );
  for (const w of input.warnings) io.stderr.write(`warning: ${w}\n`);
  if (run)
    io.stdout.write(
      `\nwrote\n  ${[run.studyFile, run.resultsFile].map((f) => shownPath(io, f)).join('\n  ')}\n`,
    );
}
