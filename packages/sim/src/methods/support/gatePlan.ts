/**
 * The planned group-sequential gate of a sequential method on `sequentialPairedCounts` data
 * (groupSequentialTest; stopAtFirstSignificant reads the same planned looks): its declared options — the spending
 * function, and the planned looks as every look of the data, `looks` equally spaced up to
 * `maxQuestions`, or the look sizes themselves (`sizes`) — and, per data layout, the indices of
 * the planned looks in the data (methods/sequentialLooks.ts) with the two-sided Lan–DeMets
 * design for α = 1 − level at information fractions t_k = n_k/n_K (core groupSequentialDesign;
 * with every look of equally spaced data, the exact fractions k/K). The same planned sizes and
 * spending give the same boundaries as `evalsim monitor`'s gate (analysis/sequential/
 * sequentialGate.ts computes the design from the same fractions).
 */
import {
  equalInformationRates,
  type GroupSequentialDesign,
  groupSequentialDesign,
  SPENDING_FAMILIES,
} from '@evalsim/core';
import type { SequentialPairedCounts } from '../../base/dataKinds.js';
import { ConfigError } from '../../base/errors.js';
import { plannedLookIndices, plannedSizeIndices } from './sequentialLooks.js';

/** The most designs twoSidedDesign keeps (a study has a few: one per spending, looks and level). */
const KEPT_DESIGNS = 64;
const designs = new Map<string, GroupSequentialDesign>();

/**
 * The two-sided design for α, the spending function and the information fractions, computed once
 * per thread: it depends on nothing else, so a study's cells, which differ only in their data
 * model (sequential-power's five gaps), share it instead of solving the same Lan–DeMets
 * boundaries again in every cell's first chunk (the boundary solve is most of a small chunk's time).
 */
function twoSidedDesign(
  alpha: number,
  spending: (typeof SPENDING_FAMILIES)[number],
  rho: number,
  rates: readonly number[],
): GroupSequentialDesign {
  const key = `${alpha}|${spending}|${spending === 'power' ? rho : ''}|${rates.join(',')}`;
  let design = designs.get(key);
  if (!design) {
    design = groupSequentialDesign({
      alpha,
      sides: 2,
      spending: spending === 'power' ? { family: 'power', rho } : { family: spending },
      informationRates: rates,
    });
    if (designs.size >= KEPT_DESIGNS) designs.clear();
    designs.set(key, design);
  }
  return design;
}

export const GATE_OPTIONS = {
  spending: {
    type: 'choice',
    values: SPENDING_FAMILIES,
    default: 'obf',
    description: "Alpha-spending function: O'Brien–Fleming type, Pocock type, or the power family α·t^rho.",
  },
  rho: {
    type: 'number',
    min: 0,
    minExclusive: true,
    max: 100,
    default: 1,
    description: "The power family's exponent (spending 'power' only).",
  },
  looks: {
    type: 'integer',
    min: 1,
    max: 100,
    description: 'Planned looks, equally spaced up to maxQuestions (default: every look of the data).',
  },
  maxQuestions: {
    type: 'integer',
    min: 2,
    description: "Questions at the last planned look (default: the data's last look).",
  },
  sizes: {
    type: 'integers',
    min: 1,
    description:
      'The planned looks as question counts, strictly increasing (a gate of evalsim plan --looks / monitor --design); instead of looks and maxQuestions.',
  },
} as const;

export interface GateOptions {
  readonly spending: (typeof SPENDING_FAMILIES)[number];
  readonly rho: number;
  readonly looks: number | undefined;
  readonly maxQuestions: number | undefined;
  readonly sizes: readonly number[] | undefined;
}

export interface GatePlan {
  /** Indices into the data's looks of the planned looks, in order. */
  readonly indices: Int32Array;
  readonly design: GroupSequentialDesign;
}

/**
 * A planner that computes the gate once per data layout (looks, first and last size: the same in
 * every replication of a cell). Checks the options now (ConfigError naming the option).
 */
export function gatePlanner(
  options: GateOptions,
  level: number,
  method: string,
): (data: SequentialPairedCounts) => GatePlan {
  const { spending, rho, looks, maxQuestions, sizes } = options;
  if (sizes !== undefined) {
    if (looks !== undefined || maxQuestions !== undefined)
      throw new ConfigError(
        looks !== undefined ? 'looks' : 'maxQuestions',
        'absent when sizes lists the planned looks (give one or the other)',
      );
    sizes.forEach((n, k) => {
      if (k > 0 && !(n > sizes[k - 1]))
        throw new ConfigError(
          'sizes',
          sizes,
          `strictly increasing question counts (look ${k + 1} at ${n} is not after look ${k} at ${sizes[k - 1]})`,
        );
    });
  }
  const alpha = 1 - level;
  const plans = new Map<string, GatePlan>();
  return (data) => {
    const key = `${data.looks}/${data.items[0]}/${data.items[data.looks - 1]}`;
    let plan = plans.get(key);
    if (!plan) {
      const indices =
        sizes !== undefined
          ? plannedSizeIndices(data, sizes, method)
          : plannedLookIndices(data, looks, maxQuestions, method);
      const last = data.items[indices[indices.length - 1]];
      const rates =
        sizes === undefined &&
        looks === undefined &&
        indices.length === data.looks &&
        data.items[0] * data.looks === last
          ? equalInformationRates(indices.length)
          : Array.from(indices, (j) => data.items[j] / last);
      plan = { indices, design: twoSidedDesign(alpha, spending, rho, rates) };
      plans.set(key, plan);
    }
    return plan;
  };
}
