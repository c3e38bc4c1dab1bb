/**
 * `evalsim leaderboard`: simulate leaderboards of M identical copies of one system of an
 * item population (model systemCopies; seed 000 Step 5) and export every simulated answer
 * as an Arrow IPC file (columns replication, model, question, correct), with a printed
 * summary of the exact-McNemar significant pairs and the top-minus-bottom gap.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { simulateLeaderboardAnswers } from '@evalsim/sim';
import type { CommandModule } from 'yargs';
import { printRows } from '../format/printRows.js';
import { withJson } from './shared.js';

interface Args {
  population: string;
  models: number;
  replications: number;
  seed: number;
  out: string;
  system: string;
  questions: string;
  json: boolean;
}

function questionCount(value: string): number | undefined {
  if (value === 'all') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`--questions: got "${value}"; allowed: all, or an integer ≥ 1`);
  return n;
}

export const leaderboardCommand: CommandModule<object, Args> = {
  command: 'leaderboard',
  describe: 'Simulate leaderboards of identical copies of one system and export every answer as Arrow',
  builder: (y) =>
    withJson(
      y
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
        .option('out', { type: 'string', demandOption: true, describe: 'Arrow IPC file to write' })
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
        .example(
          '$0 leaderboard --population studies/data/mmlu-standin.csv --models 20 --replications 1000 --out /tmp/lb.arrow',
          'seed 000 Step 5',
        ),
    ) as never,
  handler: (args) => {
    const started = performance.now();
    const result = simulateLeaderboardAnswers({
      population: resolve(args.population),
      baseDir: process.cwd(),
      system: args.system,
      copies: args.models,
      replications: args.replications,
      seed: args.seed,
      questions: questionCount(args.questions),
    });
    const out = resolve(args.out);
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, result.arrow);
    const s = result.summary;
    const pairs = (args.models * (args.models - 1)) / 2;
    printRows(
      [
        {
          statistic: `significant pairs of ${pairs} (exact McNemar, p ≤ 0.05), mean`,
          ...s.meanSignificantPairs,
        },
        { statistic: 'leaderboards with at least one significant pair', ...s.atLeastOneSignificant },
        { statistic: 'leaderboards with at least one after Holm', ...s.atLeastOneAfterHolm },
        {
          statistic: 'top − bottom gap (points), median',
          value: 100 * s.gapMedian.value,
          mcse: 100 * s.gapMedian.mcse,
        },
        {
          statistic: 'top − bottom gap (points), 95th percentile',
          value: 100 * s.gapP95.value,
          mcse: 100 * s.gapP95.mcse,
        },
      ].map(({ statistic, value, mcse }) => ({ statistic, value, mcse })),
      args.json,
      { digits: 4 },
    );
    if (!args.json) {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      process.stdout.write(
        `\nwrote ${out}: ${result.rows} answers (${args.replications} leaderboards × ${args.models} models × ${result.questionsPerLeaderboard} questions) in ${seconds} s\n`,
      );
    }
  },
};
