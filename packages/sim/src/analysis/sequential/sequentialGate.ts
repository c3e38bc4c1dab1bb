/**
 * A planned group-sequential gate for `evalsim monitor`: the question counts at which the
 * looks fall (strictly increasing, the last being the planned maximum), the spending function
 * and α — as `evalsim plan --looks` writes it to design.json, or as given on the command line.
 * `sequentialGate` checks it and computes the two-sided Lan–DeMets design (core
 * groupSequentialDesign, information fractions n_k/n_K); `gateFromJson` reads the design
 * file's object, naming the file and field of anything wrong.
 */
import {
  type AlphaSpending,
  assertSpending,
  type GroupSequentialDesign,
  groupSequentialDesign,
  MAX_LOOKS,
  SPENDING_FAMILIES,
} from '@evalsim/core';

export interface GateSpec {
  /** Questions at each planned look, strictly increasing. */
  readonly sizes: readonly number[];
  readonly spending: AlphaSpending;
  readonly alpha: number;
}

export interface SequentialGate extends GateSpec {
  readonly design: GroupSequentialDesign;
}

/** The kind tag of a design file. */
export const GATE_FILE_KIND = 'evalsim group-sequential design';

export function sequentialGate(spec: GateSpec, flag = '--looks'): SequentialGate {
  const { sizes, spending, alpha } = spec;
  if (!(alpha > 0 && alpha < 1)) throw new RangeError(`--alpha: must be in (0, 1), got ${alpha}`);
  if (sizes.length === 0) throw new RangeError(`${flag}: plan at least one look`);
  if (sizes.length > MAX_LOOKS)
    throw new RangeError(`${flag}: at most ${MAX_LOOKS} looks, got ${sizes.length}`);
  sizes.forEach((n, k) => {
    if (!(Number.isInteger(n) && n >= 1))
      throw new RangeError(
        `${flag}: look ${k + 1} is at ${n} questions; looks are whole numbers of questions ≥ 1`,
      );
    if (k > 0 && !(n > sizes[k - 1]))
      throw new RangeError(
        `${flag}: looks out of order: look ${k + 1} (${n} questions) is not after look ${k} (${sizes[k - 1]} questions)`,
      );
  });
  try {
    assertSpending(spending);
  } catch (error) {
    throw new RangeError(`--spending: ${(error as Error).message}`);
  }
  const last = sizes[sizes.length - 1];
  const design = groupSequentialDesign({
    alpha,
    sides: 2,
    spending,
    informationRates: sizes.map((n) => n / last),
  });
  return { sizes: [...sizes], spending, alpha, design };
}

/** The gate a design file describes (`file` names it in errors). */
export function gateFromJson(value: unknown, file: string): SequentialGate {
  const fail = (field: string, message: string): never => {
    throw new RangeError(`${file}: ${field}: ${message}`);
  };
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return fail('(top level)', 'expected the JSON object evalsim plan --looks writes (design.json)');
  const doc = value as Record<string, unknown>;
  if (doc.kind !== GATE_FILE_KIND)
    fail('kind', `expected "${GATE_FILE_KIND}", got ${JSON.stringify(doc.kind)}`);
  const alpha = doc.alpha;
  if (typeof alpha !== 'number' || !(alpha > 0 && alpha < 1))
    fail('alpha', `must be a number in (0, 1), got ${JSON.stringify(alpha)}`);
  const spending = doc.spending as Record<string, unknown> | undefined;
  if (
    typeof spending !== 'object' ||
    spending === null ||
    !(SPENDING_FAMILIES as readonly unknown[]).includes(spending.family)
  )
    fail('spending', `must be {"family": ${SPENDING_FAMILIES.map((f) => `"${f}"`).join(' | ')}[, "rho": ρ]}`);
  const family = (spending as { family: AlphaSpending['family'] }).family;
  const rho = (spending as { rho?: unknown }).rho;
  if (family === 'power' && !(typeof rho === 'number' && rho > 0))
    fail('spending.rho', 'the power family needs ρ > 0');
  const looks = doc.looks;
  if (!Array.isArray(looks) || looks.length === 0) fail('looks', 'must list the planned looks');
  const sizes = (looks as unknown[]).map((look, k) => {
    const n = (look as { questions?: unknown } | null)?.questions;
    if (typeof n !== 'number') fail(`looks[${k}].questions`, `must be a number, got ${JSON.stringify(n)}`);
    return n as number;
  });
  try {
    return sequentialGate(
      {
        sizes,
        spending: family === 'power' ? { family, rho: rho as number } : { family },
        alpha: alpha as number,
      },
      `${file}: looks`,
    );
  } catch (error) {
    throw new RangeError((error as Error).message.replace(/^--alpha: /, `${file}: alpha: `));
  }
}
