/**
 * `evalsim coverage`: exact coverage, no simulation. For one proportion (--p): Σ binomial
 * pmf over the outcomes whose interval contains p, for every (n, p) asked. For the paired
 * difference of two systems on the same questions (--paired --p10 --p01 [--p11]): Σ
 * multinomial pmf over the paired tables (both right, only A, only B, both wrong) whose
 * interval contains Δ = p10 − p01 (core exactPairedCoverage; the cell probabilities read as
 * the pairedMultinomial model and the exactPairedCoverage formula read them), for every
 * (n, p10, p01, p11) asked.
 */
import { exactCoverage, exactPairedCoverageCurve, proportionIntervalMethodNames } from '@evalsim/core';
import {
  ConfigError,
  PAIRED_INTERVAL_NAMES,
  PAIRED_INTERVALS,
  type PairedCellProbabilities,
  pairedCellProbabilities,
} from '@evalsim/sim/light';
import type { CommandModule } from 'yargs';
import { printRows } from '../format/printRows.js';
import type { CliIo } from '../io.js';
import { asFlags, checkFlag, finiteRows, requestedList } from './flagValues.js';
import { checkChoices, numberList, withJson } from './shared.js';

/**
 * Largest eval size `coverage` sums over (one proportion: n + 1 terms, each an interval; a
 * paired design is limited further by core's table of bounds, refused naming --n).
 */
const MAX_COVERAGE_N = 1_000_000;

interface Args {
  io: CliIo;
  n: string[];
  p?: string[];
  paired: boolean;
  p10?: string[];
  p01?: string[];
  p11?: string[];
  method?: string[];
  level: number;
  json: boolean;
}

function evalSizes(args: Args): number[] {
  return numberList('n', args.n).map((n) =>
    checkFlag('n', n, { integer: true, min: 1, max: MAX_COVERAGE_N }),
  );
}

function proportionRows(args: Args): readonly Record<string, unknown>[] {
  for (const flag of ['p10', 'p01', 'p11'] as const) {
    if (args[flag] !== undefined) throw new Error(`--${flag}: only with --paired (a paired design)`);
  }
  if (args.p === undefined)
    throw new Error('--p: required (the true accuracy), or give --paired --p10 --p01');
  const requested = requestedList('method', args.method);
  const methods = requested.length
    ? checkChoices('method', requested, proportionIntervalMethodNames)
    : (['wald', 'wilson', 'betaPosterior'] as const);
  const ns = evalSizes(args);
  const ps = numberList('p', args.p).map((p) => checkFlag('p', p, { min: 0, max: 1 }));
  const rows: Record<string, unknown>[] = [];
  asFlags({ n: 'n', p: 'p', level: 'level' }, () => {
    for (const n of ns) {
      for (const p of ps) {
        const row: Record<string, unknown> = { n, p };
        for (const method of methods) row[method] = exactCoverage(method, n, p, args.level);
        rows.push(row);
      }
    }
  });
  return finiteRows(rows, ['n', 'p', 'level']);
}

/** The cell probabilities of one (p10, p01, p11) as the study model reads them, errors naming the flag. */
function cellOf(p10: number, p01: number, p11: number | undefined) {
  try {
    return pairedCellProbabilities({ p10, p01, ...(p11 === undefined ? {} : { p11 }) });
  } catch (error) {
    if (error instanceof ConfigError) throw new Error(`--${error.message}`);
    throw error;
  }
}

function pairedRows(args: Args): readonly Record<string, unknown>[] {
  if (args.p !== undefined) throw new Error('--p: not used with --paired (give --p10 and --p01)');
  if (args.p10 === undefined) throw new Error('--p10: required with --paired (P(only A right))');
  if (args.p01 === undefined) throw new Error('--p01: required with --paired (P(only B right))');
  const requested = requestedList('method', args.method);
  const methods = requested.length
    ? checkChoices('method', requested, PAIRED_INTERVAL_NAMES)
    : PAIRED_INTERVAL_NAMES;
  const ns = evalSizes(args);
  const p11s = args.p11 === undefined ? [undefined] : numberList('p11', args.p11);
  const cells: PairedCellProbabilities[] = [];
  for (const p10 of numberList('p10', args.p10))
    for (const p01 of numberList('p01', args.p01)) for (const p11 of p11s) cells.push(cellOf(p10, p01, p11));
  const rows: Record<string, unknown>[] = [];
  asFlags({ n: 'n', p11: 'p11', p10: 'p10', p01: 'p01', level: 'level' }, () => {
    for (const n of ns) {
      const coverage = new Map(
        methods.map((method) => [
          method,
          exactPairedCoverageCurve(
            PAIRED_INTERVALS[method],
            n,
            cells.map((c) => [c.p11, c.p10, c.p01] as const),
            args.level,
          ),
        ]),
      );
      cells.forEach((c, i) => {
        const row: Record<string, unknown> = { n, p11: c.p11, p10: c.p10, p01: c.p01, delta: c.p10 - c.p01 };
        for (const method of methods) row[method] = coverage.get(method)?.[i];
        rows.push(row);
      });
    }
  });
  return finiteRows(rows, ['n', 'p10', 'p01', 'p11', 'level']);
}

export const coverageCommand: CommandModule<object, Args> = {
  command: 'coverage',
  describe:
    'Exact coverage (no simulation) of proportion intervals at n and true p, or with --paired of paired-difference intervals at n, p10, p01',
  builder: (y) =>
    withJson(
      y
        .option('n', {
          type: 'string',
          array: true,
          demandOption: true,
          describe: `eval sizes (whole numbers up to ${MAX_COVERAGE_N.toLocaleString('en-US')})`,
        })
        .option('p', { type: 'string', array: true, describe: 'true accuracies (one proportion)' })
        .option('paired', {
          type: 'boolean',
          default: false,
          describe: 'paired difference A − B of two systems on the same questions (with --p10, --p01)',
        })
        .option('p10', { type: 'string', array: true, describe: 'with --paired: P(only A right)' })
        .option('p01', { type: 'string', array: true, describe: 'with --paired: P(only B right)' })
        .option('p11', {
          type: 'string',
          array: true,
          describe: 'with --paired: P(both right) (default half the concordant mass, (1 − p10 − p01)/2)',
        })
        .option('method', {
          // --methods as in audit (one name per meaning, singular or plural alike).
          alias: 'methods',
          type: 'string',
          array: true,
          describe: `one or more of ${proportionIntervalMethodNames.join(', ')} (default: wald, wilson, betaPosterior); with --paired of ${PAIRED_INTERVAL_NAMES.join(', ')} (default: all)`,
        })
        .option('level', { type: 'number', default: 0.95, describe: 'nominal level in (0, 1)' })
        .example('$0 coverage --n 15 30 100 500 --p 0.95', 'seed 003: Wald 53.6% at n = 15')
        .example(
          '$0 coverage --paired --n 20 50 --p10 0.1 --p01 0.05 --p11 0.55',
          'paired Wald, Tango, Newcombe, Bonett–Price, Agresti–Min for Δ = 0.05',
        ),
    ) as never,
  handler: (args) => {
    checkFlag('level', args.level, { min: 0, max: 1, minOpen: true, maxOpen: true });
    const rows = args.paired ? pairedRows(args) : proportionRows(args);
    printRows(args.io.stdout, rows, args.json, { digits: 4 });
  },
};
