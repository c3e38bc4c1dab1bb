/**
 * The cell probabilities of a paired design — two systems scored 0/1 on the same
 * questions — in the orientation of core's paired intervals (pairedTable.ts; first = A):
 *
 *   p11 both right,  p10 only A right,  p01 only B right,  p00 = 1 − p11 − p10 − p01 both wrong,
 *   Δ = p10 − p01 = accuracy(A) − accuracy(B).
 *
 * A cell names its discordant probabilities either directly (`p10`, `p01`) or as the
 * discordance d = p10 + p01 and the imbalance s = (p10 − p01)/(p10 + p01) ∈ [−1, 1]:
 *
 *   p10 = d(1 + s)/2,   p01 = d(1 − s)/2,   so Δ = s·d
 *
 * (s = 0: no difference; s = 1: every disagreement favours A, Δ at its maximum d). `p11` is
 * given, or half the concordant mass, (1 − p10 − p01)/2. The pairedMultinomial model and the
 * exactPairedCoverage formula both read a cell through this one function, so the truth
 * Δ the simulation scores against and the Δ the exact sum covers are the same number.
 */
import { ConfigError } from './errors.js';
import type { NumberOptionSpec } from './options.js';

/** The four cell probabilities of one grid cell. */
export interface PairedCellProbabilities {
  readonly p11: number;
  readonly p10: number;
  readonly p01: number;
  readonly p00: number;
}

const PROBABILITY = { type: 'number', min: 0, max: 1 } as const;

/** The declared parameters (all optional; the cross-parameter rules are checked by {@link pairedCellProbabilities}). */
export const PAIRED_CELL_PARAMS = {
  p10: { ...PROBABILITY, description: 'P(only A right); give with p01 (or use discordance and imbalance).' },
  p01: { ...PROBABILITY, description: 'P(only B right); give with p10.' },
  discordance: {
    ...PROBABILITY,
    description: 'Discordance d = p10 + p01 (with imbalance, instead of p10, p01).',
  },
  imbalance: {
    type: 'number',
    min: -1,
    max: 1,
    description: 'Imbalance s = (p10 − p01)/(p10 + p01): Δ = s·d (with discordance).',
  },
  p11: { ...PROBABILITY, description: 'P(both right); default half the concordant mass, (1 − p10 − p01)/2.' },
} as const satisfies Record<string, NumberOptionSpec>;

/** Rounding allowed when p11 + p10 + p01 is checked against 1. */
const SLACK = 1e-12;

function numberIn(params: Readonly<Record<string, unknown>>, name: string, min: number, max: number): number {
  const value = params[name];
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    throw new ConfigError(name, value, `a number in [${min}, ${max}]`);
  }
  return value;
}

/**
 * Reads a cell's paired probabilities (see the module comment); throws a ConfigError naming
 * the parameter when they are missing, given both ways, out of range or sum above 1.
 */
export function pairedCellProbabilities(params: Readonly<Record<string, unknown>>): PairedCellProbabilities {
  const direct = params.p10 !== undefined || params.p01 !== undefined;
  const shares = params.discordance !== undefined || params.imbalance !== undefined;
  if (direct && shares) {
    throw new ConfigError(
      params.p10 !== undefined ? 'p10' : 'p01',
      'give either p10 and p01, or discordance and imbalance, not both',
    );
  }
  if (!direct && !shares) {
    throw new ConfigError(
      'p10',
      'is required: give p10 and p01 (the discordant probabilities), or discordance and imbalance',
    );
  }
  let p10: number;
  let p01: number;
  if (direct) {
    p10 = numberIn(params, 'p10', 0, 1);
    p01 = numberIn(params, 'p01', 0, 1);
    if (p10 + p01 > 1 + SLACK) throw new ConfigError('p01', p01, `at most 1 − p10 = ${1 - p10}`);
  } else {
    const d = numberIn(params, 'discordance', 0, 1);
    const s = numberIn(params, 'imbalance', -1, 1);
    p10 = (d * (1 + s)) / 2;
    p01 = (d * (1 - s)) / 2;
  }
  const concordant = Math.max(0, 1 - p10 - p01);
  const p11 = params.p11 === undefined ? concordant / 2 : numberIn(params, 'p11', 0, 1);
  if (p11 > concordant + SLACK) {
    throw new ConfigError('p11', p11, `at most 1 − p10 − p01 = ${concordant} (the concordant mass)`);
  }
  return { p11, p10, p01, p00: Math.max(0, concordant - p11) };
}
