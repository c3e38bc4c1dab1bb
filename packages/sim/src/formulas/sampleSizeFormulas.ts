/**
 * Sample-size and minimum-detectable-effect formulas as study formulas (core power/ computes
 * them; seeds 000, 002 and 003). With zSum = z_{1−α/2} + z_{power} (2.8016 at α = 0.05, 80%):
 *
 *   binaryMde               zSum·√(p(1 − p)/n)                          seed 003's MDE table
 *   binarySampleSize        ⌈zSum²·p(1 − p)/δ²⌉                         seed 003's items-needed table
 *   millerPairedSampleSize  ⌈zSum²·(ω² + σ_A²/K_A + σ_B²/K_B)/δ²⌉       Miller (2024) eq. 9; seed 000
 *   millerPairedMde         zSum·√((ω² + σ_A²/K_A + σ_B²/K_B)/n)        Miller (2024) eq. 10; seed 000
 *   planningRuleSampleSize  16·p(1 − p)/δ²                              Lehr (1992); seed 002
 *
 * Every argument is a number, or the name of the cell parameter to read (formulaArguments.ts);
 * absent, it is read from the cell parameter of its own name. `alpha` and `power` default to
 * 0.05 and 0.8. `kA`, `kB` (answers per question) default to 1 and accept "unlimited" (K → ∞),
 * as an option or as the cell parameter's value, since JSON has no Infinity.
 */
import {
  type MillerPairedParams,
  mdeFor,
  millerPairedMde,
  millerPairedSampleSize,
  planningRuleSampleSize,
  sampleSizeFor,
} from '@evalsim/core';
import type { CellParams } from '../base/cellParams.js';
import { ConfigError } from '../base/errors.js';
import { argument, formulaArgument } from './formulaArguments.js';
import { defineFormula, type FormulaDefinition } from './formulaDefinition.js';

type Options = Readonly<Record<string, unknown>>;

/** The word that stands for K → ∞ (every answer averaged: no sampling noise). */
export const UNLIMITED_ANSWERS = 'unlimited';

/** Every argument of these formulas (each formula declares the ones it takes). */
const ARGUMENTS = {
  n: argument('n', 'Questions n.'),
  p: argument('p', 'Accuracy p (one item contributes variance p(1 − p)).'),
  delta: argument('delta', 'Difference δ to detect, in proportion units.'),
  omega2: argument('omega2', 'Variance ω² of the per-question difference in expected scores.'),
  sigmaA2: argument('sigmaA2', "Mean within-question variance σ_A² of system A's answers."),
  sigmaB2: argument('sigmaB2', "Mean within-question variance σ_B² of system B's answers."),
  kA: argument('kA', 'Answers per question of A (a number, or "unlimited").', 1),
  kB: argument('kB', 'Answers per question of B (a number, or "unlimited").', 1),
  alpha: argument('alpha', 'Two-sided test level α.', 0.05),
  power: argument('power', 'Power 1 − β.', 0.8),
} as const;

type ArgumentName = keyof typeof ARGUMENTS;

function arg(options: Options, params: CellParams, name: ArgumentName): number {
  return formulaArgument(ARGUMENTS, options, params, name);
}

/** Answers per question: a number ≥ 1, or "unlimited" (Infinity); default 1. */
function answersArgument(options: Options, params: CellParams, name: 'kA' | 'kB'): number {
  const option = options[name];
  if (option === UNLIMITED_ANSWERS) return Number.POSITIVE_INFINITY;
  const param = typeof option === 'string' ? option : name;
  if (params[param] === UNLIMITED_ANSWERS) return Number.POSITIVE_INFINITY;
  return arg(options, params, name);
}

/** alpha and power, each an option or cell parameter, defaults 0.05 and 0.8. */
function testSettings(options: Options, params: CellParams): { alpha: number; power: number } {
  return { alpha: arg(options, params, 'alpha'), power: arg(options, params, 'power') };
}

/** p(1 − p) of the cell's accuracy `p` (in [0, 1]). */
function binaryVariance(options: Options, params: CellParams): number {
  const p = arg(options, params, 'p');
  if (!(p >= 0 && p <= 1)) throw new ConfigError('p', p, 'an accuracy in [0, 1]');
  return p * (1 - p);
}

function millerParams(options: Options, params: CellParams): MillerPairedParams {
  return {
    omega2: arg(options, params, 'omega2'),
    sigmaA2: arg(options, params, 'sigmaA2'),
    sigmaB2: arg(options, params, 'sigmaB2'),
    kA: answersArgument(options, params, 'kA'),
    kB: answersArgument(options, params, 'kB'),
    ...testSettings(options, params),
  };
}

/** A formula taking the arguments `names`, computed by `compute` per cell. */
function powerFormula(
  name: string,
  description: string,
  names: readonly ArgumentName[],
  compute: (options: Options, params: CellParams) => number,
): FormulaDefinition {
  return defineFormula({
    name,
    description,
    options: Object.fromEntries(names.map((key) => [key, ARGUMENTS[key]])),
    create: (options) => (params) => compute(options, params),
  });
}

const TEST = ['alpha', 'power'] as const;
const MILLER = ['omega2', 'sigmaA2', 'sigmaB2', 'kA', 'kB', ...TEST] as const;

/** Formula `binaryMde`: zSum·√(p(1 − p)/n), a paired comparison's MDE under Var(d) ≈ p(1 − p) (seed 003). */
export const binaryMdeFormula = powerFormula(
  'binaryMde',
  'Minimum detectable effect of n items when one item contributes variance p(1 − p): (z_{1−α/2} + z_{power})·√(p(1 − p)/n).',
  ['n', 'p', ...TEST],
  (options, params) =>
    mdeFor(arg(options, params, 'n'), binaryVariance(options, params), testSettings(options, params)),
);

/** Formula `binarySampleSize`: ⌈zSum²·p(1 − p)/δ²⌉ items (seed 003's items-needed table). */
export const binarySampleSizeFormula = powerFormula(
  'binarySampleSize',
  'Items needed to detect a difference delta when one item contributes variance p(1 − p): ⌈(z_{1−α/2} + z_{power})²·p(1 − p)/δ²⌉.',
  ['delta', 'p', ...TEST],
  (options, params) =>
    sampleSizeFor(
      arg(options, params, 'delta'),
      binaryVariance(options, params),
      testSettings(options, params),
    ).items,
);

/** Formula `millerPairedSampleSize`: ⌈zSum²·(ω² + σ_A²/K_A + σ_B²/K_B)/δ²⌉ questions (Miller eq. 9). */
export const millerPairedSampleSizeFormula = powerFormula(
  'millerPairedSampleSize',
  'Miller\'s paired sample size ⌈(z_{1−α/2} + z_{power})²·(ω² + σ_A²/K_A + σ_B²/K_B)/δ²⌉ (K: a number or "unlimited").',
  ['delta', ...MILLER],
  (options, params) =>
    millerPairedSampleSize({ ...millerParams(options, params), delta: arg(options, params, 'delta') }).items,
);

/** Formula `millerPairedMde`: zSum·√((ω² + σ_A²/K_A + σ_B²/K_B)/n) (Miller eq. 10). */
export const millerPairedMdeFormula = powerFormula(
  'millerPairedMde',
  "Miller's paired minimum detectable effect (z_{1−α/2} + z_{power})·√((ω² + σ_A²/K_A + σ_B²/K_B)/n).",
  ['n', ...MILLER],
  (options, params) => millerPairedMde({ ...millerParams(options, params), n: arg(options, params, 'n') }),
);

/** Formula `planningRuleSampleSize`: 16·p(1 − p)/δ² per group (Lehr's rule; seed 002). */
export const planningRuleSampleSizeFormula = powerFormula(
  'planningRuleSampleSize',
  "Lehr's rule of thumb for an unpaired comparison at α = 0.05, 80% power: 16·p(1 − p)/δ² items per group.",
  ['p', 'delta'],
  (options, params) => planningRuleSampleSize(arg(options, params, 'p'), arg(options, params, 'delta')),
);
