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
import { numberList, withJson } from './shared.js';

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
          describe: 'coefficient of variation of cluster sizes (unequal sizes)',
        })
        .option('n', { type: 'number', describe: 'total items N (adds N_eff and SEs)' })
        .option('p', { type: 'number', describe: 'accuracy (with --n, adds naive and clustered SEs)' })
        .option('level', { type: 'number', default: 0.95, describe: 'nominal level of the naive interval' })
        .example(
          '$0 design-effect --m 10 --rho 0.2 --n 1000 --p 0.7',
          'seed 001: DEFF 2.8, SE 1.45 → 2.42 points',
        ),
    ) as never,
  handler: (args) => {
    const rows: Record<string, unknown>[] = [];
    for (const m of numberList('m', args.m)) {
      for (const rho of numberList('rho', args.rho)) {
        const deff = args.cv === undefined ? designEffect(m, rho) : designEffectUnequal(m, args.cv, rho);
        const row: Record<string, unknown> = { m, rho, deff, seInflation: Math.sqrt(deff) };
        if (args.n !== undefined) row.effectiveN = effectiveSampleSize(args.n, deff);
        if (args.n !== undefined && args.p !== undefined) {
          const se = Math.sqrt((args.p * (1 - args.p)) / args.n);
          row.naiveSE = se;
          row.clusteredSE = se * Math.sqrt(deff);
        }
        row.naiveCoverage = naiveCoverageUnderDesignEffect(deff, args.level);
        row.naiveFalseWinRate = naiveFalseWinRate(deff, 1 - args.level);
        rows.push(row);
      }
    }
    printRows(args.io.stdout, rows, args.json, { digits: 4 });
  },
};
