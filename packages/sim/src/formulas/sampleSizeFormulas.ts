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
import { ConfigError } from '../config/errors.js';
import type { CellParams } from '../types.js';
import { checkArgumentOptions, formulaArgument } from './formulaArguments.js';
import type { FormulaDefinition } from './formulaDefinition.js';

type Options = Readonly<Record<string, unknown>>;

/** The word that stands for K → ∞ (every answer averaged: no sampling noise). */
export const UNLIMITED_ANSWERS = 'unlimited';

/** Answers per question: a number ≥ 1, or "unlimited" (Infinity); default 1. */
function answersArgument(options: Options, params: CellParams, name: string): number {
  const option = options[name];
  if (option === UNLIMITED_ANSWERS) return Number.POSITIVE_INFINITY;
  if (option === undefined && params[name] === undefined) return 1;
  const param = typeof option === 'string' ? option : name;
  if (params[param] === UNLIMITED_ANSWERS) return Number.POSITIVE_INFINITY;
  return formulaArgument(options, params, name, name);
}

/** alpha and power, each an option or cell parameter, defaults 0.05 and 0.8. */
function testSettings(options: Options, params: CellParams): { alpha: number; power: number } {
  return {
    alpha: formulaArgument(options, params, 'alpha', 'alpha', 0.05),
    power: formulaArgument(options, params, 'power', 'power', 0.8),
  };
}

/** p(1 − p) of the cell's accuracy `p` (in [0, 1]). */
function binaryVariance(options: Options, params: CellParams): number {
  const p = formulaArgument(options, params, 'p', 'p');
  if (!(p >= 0 && p <= 1)) throw new ConfigError('p', p, 'an accuracy in [0, 1]');
  return p * (1 - p);
}

function millerParams(options: Options, params: CellParams): MillerPairedParams {
  return {
    omega2: formulaArgument(options, params, 'omega2', 'omega2'),
    sigmaA2: formulaArgument(options, params, 'sigmaA2', 'sigmaA2'),
    sigmaB2: formulaArgument(options, params, 'sigmaB2', 'sigmaB2'),
    kA: answersArgument(options, params, 'kA'),
    kB: answersArgument(options, params, 'kB'),
    ...testSettings(options, params),
  };
}

/** A formula whose arguments are `argumentNames`, computed by `compute` per cell. */
function powerFormula(
  name: string,
  description: string,
  argumentNames: readonly string[],
  compute: (options: Options, params: CellParams) => number,
): FormulaDefinition {
  return {
    name,
    description,
    create(options) {
      checkArgumentOptions(name, options, argumentNames);
      return (params) => compute(options, params);
    },
  };
}

const TEST = ['alpha', 'power'] as const;
const MILLER = ['omega2', 'sigmaA2', 'sigmaB2', 'kA', 'kB', ...TEST] as const;

/** Formula `binaryMde`: zSum·√(p(1 − p)/n), a paired comparison's MDE under Var(d) ≈ p(1 − p) (seed 003). */
export const binaryMdeFormula = powerFormula(
  'binaryMde',
  'Minimum detectable effect of n items when one item contributes variance p(1 − p): (z_{1−α/2} + z_{power})·√(p(1 − p)/n).',
  ['n', 'p', ...TEST],
  (options, params) =>
    mdeFor(
      formulaArgument(options, params, 'n', 'n'),
      binaryVariance(options, params),
      testSettings(options, params),
    ),
);

/** Formula `binarySampleSize`: ⌈zSum²·p(1 − p)/δ²⌉ items (seed 003's items-needed table). */
export const binarySampleSizeFormula = powerFormula(
  'binarySampleSize',
  'Items needed to detect a difference delta when one item contributes variance p(1 − p): ⌈(z_{1−α/2} + z_{power})²·p(1 − p)/δ²⌉.',
  ['delta', 'p', ...TEST],
  (options, params) =>
    sampleSizeFor(
      formulaArgument(options, params, 'delta', 'delta'),
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
    millerPairedSampleSize({
      ...millerParams(options, params),
      delta: formulaArgument(options, params, 'delta', 'delta'),
    }).items,
);

/** Formula `millerPairedMde`: zSum·√((ω² + σ_A²/K_A + σ_B²/K_B)/n) (Miller eq. 10). */
export const millerPairedMdeFormula = powerFormula(
  'millerPairedMde',
  "Miller's paired minimum detectable effect (z_{1−α/2} + z_{power})·√((ω² + σ_A²/K_A + σ_B²/K_B)/n).",
  ['n', ...MILLER],
  (options, params) =>
    millerPairedMde({ ...millerParams(options, params), n: formulaArgument(options, params, 'n', 'n') }),
);

/** Formula `planningRuleSampleSize`: 16·p(1 − p)/δ² per group (Lehr's rule; seed 002). */
export const planningRuleSampleSizeFormula = powerFormula(
  'planningRuleSampleSize',
  "Lehr's rule of thumb for an unpaired comparison at α = 0.05, 80% power: 16·p(1 − p)/δ² items per group.",
  ['p', 'delta'],
  (options, params) =>
    planningRuleSampleSize(
      formulaArgument(options, params, 'p', 'p'),
      formulaArgument(options, params, 'delta', 'delta'),
    ),
);
