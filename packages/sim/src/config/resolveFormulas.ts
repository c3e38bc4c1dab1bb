/**
 * Resolves `formulas`: each entry's registered formula, a label unique among the methods
 * and formulas, its options, and its value on every grid cell its `cell` filter matches
 * (absent: every cell; a formula that cannot use a cell says which).
 */
import { ConfigError } from '../base/errors.js';
import type { CellFormula } from '../formulas/formulaDefinition.js';
import { formulaRegistry } from '../formulas/registry.js';
import { checkCellSubset } from './checkCellSubset.js';
import { cellMatches } from './grid.js';
import { asConfigError, describeCell, inCell } from './placeError.js';
import type { ResolveContext } from './resolveContext.js';
import { MODEL_ROW_METHOD, type ResolvedFormula } from './study.js';
import type { FormulaConfig } from './studyConfig.js';

/** Formula entry fields the runner reads; the rest are the formula's options. */
const RUNNER_FIELDS: readonly string[] = ['id', 'formula', 'metric', 'level', 'cell'];

function resolveFormula(
  context: ResolveContext,
  entry: FormulaConfig,
  path: string,
  evaluate: boolean,
): ResolvedFormula {
  if (context.ids.has(entry.id) || entry.id === MODEL_ROW_METHOD) {
    throw new ConfigError(
      `${path}.id`,
      entry.id,
      `an id not used by a method, another formula nor "${MODEL_ROW_METHOD}"`,
    );
  }
  context.ids.add(entry.id);
  const definition = formulaRegistry.get(entry.formula, `${path}.formula`);
  const options = Object.fromEntries(Object.entries(entry).filter(([key]) => !RUNNER_FIELDS.includes(key)));
  const where = entry.cell ?? {};
  const cells = context.cells.filter((cell) => cellMatches(cell.params, where)).map((cell) => cell.params);
  let compute: CellFormula;
  try {
    compute = definition.create(options, { level: entry.level ?? context.level, cells });
  } catch (error) {
    throw asConfigError(error, path);
  }
  checkCellSubset(`${path}.cell`, where, context.cells);
  const valueInCell = (index: number): number | undefined => {
    const cell = context.cells[index];
    if (!cellMatches(cell.params, where)) return undefined;
    let value: number;
    try {
      value = compute(cell.params);
    } catch (error) {
      throw inCell(asConfigError(error, path), cell);
    }
    if (typeof value !== 'number' || Number.isNaN(value)) {
      throw new ConfigError(
        path,
        `${entry.formula} gave ${value} in grid cell ${cell.index} (${describeCell(cell)}); a formula must return a number`,
      );
    }
    return value;
  };
  const formula = lazyValues(entry.id, entry.metric, definition, context.cells.length, valueInCell);
  if (evaluate) void formula.values;
  return formula;
}

/** A formula whose value in each of `cells` cells is `compute(index)`, computed once, when first read. */
function lazyValues(
  id: string,
  metric: string,
  definition: ResolvedFormula['definition'],
  cells: number,
  compute: (index: number) => number | undefined,
): ResolvedFormula {
  const known: (number | undefined)[] = new Array(cells).fill(undefined);
  const computed = new Uint8Array(cells);
  let all: readonly (number | undefined)[] | undefined;
  const valueIn = (index: number): number | undefined => {
    if (computed[index] === 0) {
      known[index] = compute(index);
      computed[index] = 1;
    }
    return known[index];
  };
  return {
    id,
    metric,
    definition,
    get values() {
      if (!all) {
        for (let i = 0; i < cells; i++) valueIn(i);
        all = known;
      }
      return all;
    },
    valueIn,
  };
}

/**
 * Every formula entry, resolved (the first problem is thrown). With `evaluate` false the ids and
 * metrics are resolved but no value is computed until read (an exact-coverage formula costs its
 * whole enumeration): the runner computes them between chunks, and a runner worker never.
 */
export function resolveFormulas(context: ResolveContext, evaluate = true): ResolvedFormula[] {
  return (context.config.formulas ?? []).map((entry, i) =>
    resolveFormula(context, entry, `formulas[${i}]`, evaluate),
  );
}
