/**
 * `evalsim power`: items needed to detect a gap (given --delta) or the minimum
 * detectable effect of an eval (given --n), paired (Miller 2024 eq. 9–10),
 * unpaired, or from a binary accuracy p, optionally inflated by a design effect.
 */
import { mdeByDesign, type PowerDesign, sampleSizeByDesign } from '@evalsim/core';
import type { CommandModule } from 'yargs';
import { printRows, tableWidth } from '../format/printRows.js';
import { wrapText } from '../format/wrapText.js';
import type { CliIo } from '../io.js';
import { asFlags, checkFlag, finiteRows } from './flagValues.js';
import { withJson } from './shared.js';

/** Core's argument names → the flags they come from. */
const FLAGS: Readonly<Record<string, string>> = {
  delta: 'delta',
  n: 'n',
  omega2: 'omega2',
  sigmaA2: 'sigma-a2',
  sigmaB2: 'sigma-b2',
  kA: 'k-a',
  kB: 'k-b',
  varianceA: 'var-a',
  varianceB: 'var-b',
  p: 'p',
  deff: 'deff',
  alpha: 'alpha',
  power: 'power',
};

/** Checks every flag's range before anything is computed (see the option descriptions). */
function checkPowerFlags(args: Args): void {
  checkFlag('delta', args.delta, { min: 0, max: 1, minOpen: true });
  checkFlag('n', args.n, { integer: true, min: 1 });
  for (const flag of ['omega2', 'sigmaA2', 'sigmaB2', 'varA', 'varB'] as const) {
    const name = flag === 'varA' ? 'var-a' : flag === 'varB' ? 'var-b' : (FLAGS[flag] ?? flag);
    checkFlag(name, args[flag], { min: 0 });
  }
  checkFlag('k-a', args.kA, { min: 1, infinity: true });
  checkFlag('k-b', args.kB, { min: 1, infinity: true });
  checkFlag('p', args.p, { min: 0, max: 1, minOpen: true, maxOpen: true });
  checkFlag('deff', args.deff, { min: 0, minOpen: true });
  checkFlag('alpha', args.alpha, { min: 0, max: 1, minOpen: true, maxOpen: true });
  checkFlag('power', args.power, { min: 0, max: 1, minOpen: true, maxOpen: true });
  if (args.omega2 !== undefined && !(args.omega2 + args.sigmaA2 / args.kA + args.sigmaB2 / args.kB > 0))
    throw new Error(
      '--omega2: the paired variance --omega2 + --sigma-a2/--k-a + --sigma-b2/--k-b is 0; it must be > 0',
    );
  if (
    args.varA !== undefined &&
    args.varB !== undefined &&
    !(args.varA + args.varB + args.sigmaA2 / args.kA + args.sigmaB2 / args.kB > 0)
  )
    throw new Error(
      '--var-a: the unpaired variance (--var-a + --var-b + the σ²/K terms) is 0; it must be > 0',
    );
  if (args.pairedVariance !== undefined && !(args.pairedVariance > 0 && Number.isFinite(args.pairedVariance)))
    throw new Error(`--paired-variance: must be a variance > 0, got ${args.pairedVariance}`);
  if ((args.varA === undefined) !== (args.varB === undefined))
    throw new Error('--var-a and --var-b go together');
  if ([args.pairedVariance, args.omega2, args.varA, args.p].every((given) => given === undefined))
    throw new Error(
      'give --paired-variance or --omega2 (paired), --var-a/--var-b (unpaired) or --p (binary accuracy rules)',
    );
}

interface Args {
  io: CliIo;
  delta?: number;
  n?: number;
  omega2?: number;
  sigmaA2: number;
  sigmaB2: number;
  kA: number;
  kB: number;
  varA?: number;
  varB?: number;
  p?: number;
  pairedVariance?: number;
  deff: number;
  alpha: number;
  power: number;
  json: boolean;
}

/** Each design's name and what its variance assumes, in a few words (columns of the output). */
const DESIGNS: Readonly<Record<PowerDesign | 'planningRule', { design: string; assumes: string }>> = {
  measuredPaired: { design: 'paired', assumes: 'measured Var(x_A − x_B)' },
  millerPaired: { design: 'paired (Miller)', assumes: 'ω² + σ_A²/K_A + σ_B²/K_B' },
  unpaired: { design: 'unpaired', assumes: 'Var(x_A) + Var(x_B) + σ²/K terms' },
  pRulePaired: { design: 'paired, V = p(1−p)', assumes: 'ρ = 0.5 between systems' },
  pRuleUnpaired: { design: 'unpaired, V = 2p(1−p)', assumes: 'separate question sets' },
  planningRule: { design: 'planning rule 16p(1−p)/δ², per group', assumes: 'separate groups, 80%, 5%' },
};

/** Printed under the table when the p(1−p) rules were asked for. */
const P_RULE_NOTE = [
  'The --p rules assume a variance instead of measuring it. Paired, V = p(1−p) is Var(x_A − x_B) =',
  '2p(1−p)(1−ρ) with both systems at accuracy p and a between-system correlation ρ = 0.5 on questions;',
  'the real paired variance depends on how often the two systems disagree: for right/wrong scores it is',
  '(b + c)/n − δ², b + c the questions only one system got right (evalsim mcnemar takes b and c). On one',
  'two-system eval (300 questions, 15 clusters) it was 0.317 against p(1−p) = 0.206: the rule asked for',
  '35% too few questions. Measure it on a pilot and pass --paired-variance (or Miller’s --omega2 with',
  '--sigma-a2/--sigma-b2 and --k-a/--k-b), with --deff for clustered questions.',
].join('\n');

export const powerCommand: CommandModule<object, Args> = {
  command: 'power',
  describe: 'Sample size for a gap (--delta) or minimum detectable effect for an eval size (--n)',
  builder: (y) =>
    withJson(
      y
        .option('delta', { type: 'number', describe: 'true gap to detect (proportion, e.g. 0.03)' })
        .option('n', { type: 'number', describe: 'questions in the eval (gives the MDE)' })
        .option('omega2', { type: 'number', describe: 'ω², variance of true per-question differences' })
        .option('sigma-a2', { type: 'number', default: 0, describe: 'σ_A², within-question variance of A' })
        .option('sigma-b2', { type: 'number', default: 0, describe: 'σ_B², within-question variance of B' })
        .option('k-a', {
          type: 'number',
          default: 1,
          describe: 'answers per question for A (Infinity allowed)',
        })
        .option('k-b', {
          type: 'number',
          default: 1,
          describe: 'answers per question for B (Infinity allowed)',
        })
        .option('var-a', { type: 'number', describe: 'Var(x_A), between-question variance of A (unpaired)' })
        .option('var-b', { type: 'number', describe: 'Var(x_B), between-question variance of B (unpaired)' })
        .option('p', {
          type: 'number',
          describe: 'binary accuracy for the p(1−p) rules of thumb (assume ρ = 0.5; see the note they print)',
        })
        .option('paired-variance', {
          type: 'number',
          describe:
            'Var(x_A − x_B) of the per-question differences, measured (for 0/1 scores: (b + c)/n − δ²)',
        })
        .option('deff', {
          type: 'number',
          default: 1,
          describe: 'design effect to inflate n by (clustered items)',
        })
        .option('alpha', { type: 'number', default: 0.05, describe: 'two-sided false-alarm rate' })
        .option('power', { type: 'number', default: 0.8, describe: 'target power' })
        .example(
          '$0 power --delta 0.03 --omega2 0.116 --sigma-a2 0.013 --sigma-b2 0.004',
          'seed 000: about 1,160 paired questions for a 3-point gap',
        )
        .example('$0 power --n 1140 --p 0.5', 'MDE of a 1,140-question eval at p = 0.5 (assumed variance)')
        .example(
          '$0 power --delta 0.03 --paired-variance 0.317',
          'paired n from a variance measured on a pilot',
        ),
    ) as never,
  handler: (args) => {
    if ((args.delta === undefined) === (args.n === undefined))
      throw new Error('give exactly one of --delta or --n');
    checkPowerFlags(args);
    const input = {
      pairedVariance: args.pairedVariance,
      omega2: args.omega2,
      varianceA: args.varA,
      varianceB: args.varB,
      sigmaA2: args.sigmaA2,
      sigmaB2: args.sigmaB2,
      kA: args.kA,
      kB: args.kB,
      p: args.p,
      deff: args.deff,
      alpha: args.alpha,
      power: args.power,
    };
    const rows: Record<string, unknown>[] = asFlags(FLAGS, () =>
      args.delta !== undefined
        ? sampleSizeByDesign({ ...input, delta: args.delta })
        : mdeByDesign({ ...input, n: args.n as number }),
    ).map(({ design, variance, ...row }) => ({
      design: DESIGNS[design].design,
      variance,
      assumes: DESIGNS[design].assumes,
      ...row,
    }));
    const given = Object.values(FLAGS).filter(
      (flag) => args[flag.replace(/-(\w)/g, (_, c) => c.toUpperCase()) as keyof Args] !== undefined,
    );
    printRows(args.io.stdout, finiteRows(rows, given), args.json, { digits: 5 });
    if (args.p !== undefined && !args.json)
      args.io.stdout.write(
        `\n${wrapText(P_RULE_NOTE.replace(/\n/g, ' '), tableWidth(args.io.stdout)).join('\n')}\n`,
      );
  },
};
