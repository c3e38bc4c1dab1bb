/**
 * `evalsim design-effect`: what clustering costs — DEFF = 1 + (m − 1)ρ (or the
 * unequal-size form with --cv), effective sample size, SE inflation, and the
 * coverage / false-win rate of a naive 95% interval under that design effect.
 */
import {
  designEffect,
  designEffectUnequal,
  effectiveSampleSize,
  naiveCoverageUnderDesignEffect,
  naiveFalseWinRate,
} from '@evalsim/core';
import type { CommandModule } from 'yargs';
import { printRows } from '../format/printRows.js';
import type { CliIo } from '../io.js';
import { asFlags, checkFlag, finiteRows } from './flagValues.js';
import { numberList, withJson } from './shared.js';

/** Largest --cv: a coefficient of variation of cluster sizes (realistic ones are below 2). */
const MAX_CV = 100;

interface Args {
  io: CliIo;
  m: string[];
  rho: string[];
  cv?: number;
  n?: number;
  p?: number;
  level: number;
  json: boolean;
}

export const designEffectCommand: CommandModule<object, Args> = {
  command: 'design-effect',
  describe: 'Design effect, effective sample size and naive-interval coverage for clustered items',
  builder: (y) =>
    withJson(
      y
        .option('m', {
          type: 'string',
          array: true,
          demandOption: true,
          describe: '(mean) items per cluster',
        })
        .option('rho', {
          type: 'string',
          array: true,
          demandOption: true,
          describe: 'intra-cluster correlation ρ',
        })
        .option('cv', {
          type: 'number',
          describe: `coefficient of variation of cluster sizes (unequal sizes), in [0, ${MAX_CV}]`,
        })
        .option('n', { type: 'number', describe: 'total items N, at least one cluster (adds N_eff and SEs)' })
        .option('p', {
          type: 'number',
          describe: 'accuracy in [0, 1] (needs --n; adds naive and clustered SEs)',
        })
        .option('level', { type: 'number', default: 0.95, describe: 'nominal level of the naive interval' })
        .example(
          '$0 design-effect --m 10 --rho 0.2 --n 1000 --p 0.7',
          'seed 001: DEFF 2.8, SE 1.45 → 2.42 points',
        ),
    ) as never,
  handler: (args) => {
    const ms = numberList('m', args.m).map((m) => checkFlag('m', m, { min: 1 }));
    const rhos = numberList('rho', args.rho).map((rho) => checkFlag('rho', rho, { min: -1, max: 1 }));
    checkFlag('cv', args.cv, { min: 0, max: MAX_CV });
    checkFlag('n', args.n, { integer: true, min: 1 });
    checkFlag('p', args.p, { min: 0, max: 1 });
    checkFlag('level', args.level, { min: 0, max: 1, minOpen: true, maxOpen: true });
    if (args.p !== undefined && args.n === undefined)
      throw new Error('--p: needs --n (the standard errors are those of N items at accuracy p)');
    for (const m of ms) {
      if (args.n !== undefined && args.n < m)
        throw new Error(`--n: ${args.n} items is less than one cluster of --m ${m} items`);
    }
    const flags = { m: 'm', meanSize: 'm', rho: 'rho', cv: 'cv', n: 'n', level: 'level', alpha: 'level' };
    const rows: Record<string, unknown>[] = [];
    for (const m of ms) {
      for (const rho of rhos) {
        const deff = asFlags(flags, () =>
          args.cv === undefined ? designEffect(m, rho) : designEffectUnequal(m, args.cv, rho),
        );
        const row: Record<string, unknown> = { m, rho, deff, seInflation: Math.sqrt(deff) };
        if (args.n !== undefined) row.effectiveN = effectiveSampleSize(args.n, deff);
        if (args.n !== undefined && args.p !== undefined) {
          const se = Math.sqrt((args.p * (1 - args.p)) / args.n);
          row.naiveSE = se;
          row.clusteredSE = se * Math.sqrt(deff);
        }
        row.naiveCoverage = asFlags(flags, () => naiveCoverageUnderDesignEffect(deff, args.level));
        row.naiveFalseWinRate = asFlags(flags, () => naiveFalseWinRate(deff, 1 - args.level));
        rows.push(row);
      }
    }
    const given = ['m', 'rho', ...(['cv', 'n', 'p'] as const).filter((f) => args[f] !== undefined)];
    printRows(args.io.stdout, finiteRows(rows, given), args.json, { digits: 4 });
  },
};
