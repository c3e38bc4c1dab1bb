/**
 * validateStudy: every check a study gets before any work starts — the JSON
 * Schema (ajv, all errors), then registry names, user modules, model.parse on
 * every cell, method.create with its options, metric options, formulas on every
 * cell, and expectations that would match nothing. Each failure is a
 * ConfigError naming the field path, the bad value and what is allowed.
 */
import { createHash } from 'node:crypto';
import { getFormula } from '../formulas/registry.js';
import { getMethod } from '../methods/registry.js';
import { getMetric } from '../metrics/registry.js';
import { getModel } from '../models/registry.js';
import { RESULT_FIXED_COLUMNS } from '../output/resultRow.js';
import { ConfigError, type ConfigIssue } from './errors.js';
import { cellMatches, expandGrid, type StudyCell } from './grid.js';
import { importDefinition, missingMethodFields, missingModelFields } from './importDefinition.js';
import { schemaIssues } from './schema.js';
import {
  type AnyMethodDefinition,
  type AnyModelDefinition,
  MODEL_ROW_METHOD,
  type ResolvedFormula,
  type ResolvedMethod,
  type ResolvedMetric,
  type ResolvedModel,
  type Study,
} from './study.js';
import type { MethodConfig, MetricConfig, ParamValue, StudyConfig } from './studyConfig.js';

/** Columns of the results table that a grid key may not shadow. */
export const RESERVED_COLUMNS: readonly string[] = RESULT_FIXED_COLUMNS;

/** Method entry fields the runner reads; the rest are the method's options. */
const METHOD_FIELDS = ['id', 'method', 'module', 'replications', 'level'];
const FORMULA_FIELDS = ['id', 'formula', 'metric', 'level', 'cell'];

function pick(entry: Readonly<Record<string, unknown>>, drop: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(entry)) if (!drop.includes(key)) out[key] = value;
  return out;
}

/** Collects ConfigError issues so several independent problems are reported at once. */
class IssueList {
  private readonly issues: ConfigIssue[] = [];
  private readonly paths = new Set<string>();

  /** Adds an error's issues; with `oncePerPath`, a path already reported is skipped. */
  add(error: ConfigError, oncePerPath = false): void {
    for (const issue of error.issues) {
      if (oncePerPath && this.paths.has(issue.path)) continue;
      this.paths.add(issue.path);
      this.issues.push(issue);
    }
  }

  /** Runs `fn`; a ConfigError it throws is collected (result undefined), anything else rethrown. */
  async attempt<T>(fn: () => Promise<T>): Promise<T | undefined> {
    try {
      return await fn();
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      this.add(error);
      return undefined;
    }
  }

  attemptSync<T>(fn: () => T): T | undefined {
    try {
      return fn();
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      this.add(error);
      return undefined;
    }
  }

  throwIfAny(): void {
    if (this.issues.length > 0) throw new ConfigError([...this.issues]);
  }
}

/**
 * Re-throws what a model, method, metric or formula threw as a ConfigError
 * placed under `prefix`: a ConfigError's own paths get the prefix (unless
 * they already start with it), an InputError's argument becomes a field.
 */
export function asConfigError(error: unknown, prefix: string): ConfigError {
  if (error instanceof ConfigError) return error.withPrefix(prefix);
  const argument = (error as { argument?: unknown })?.argument;
  const message = (error as Error)?.message ?? String(error);
  if (typeof argument === 'string') {
    return new ConfigError(
      `${prefix}.${argument}`,
      message.startsWith(`${argument}: `) ? message.slice(argument.length + 2) : message,
    );
  }
  return new ConfigError(prefix, message);
}

function describeCell(cell: StudyCell): string {
  return Object.entries(cell.point)
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
    .join(', ');
}

/** Moves a model complaint about a grid parameter from `model.params.x` to `grid.x`, naming the cell. */
function placeModelError(error: ConfigError, cell: StudyCell, gridKeys: readonly string[]): ConfigError {
  return new ConfigError(
    error.issues.map((issue) => {
      const match = /^model\.params\.([^.[]+)(.*)$/.exec(issue.path);
      if (match && gridKeys.includes(match[1])) {
        return {
          path: `grid.${match[1]}${match[2]}`,
          message: `${issue.message} (in grid cell ${cell.index}: ${describeCell(cell)})`,
        };
      }
      return cell.index > 0 || gridKeys.length > 0
        ? {
            path: issue.path,
            message: `${issue.message} (in grid cell ${cell.index}: ${describeCell(cell)})`,
          }
        : issue;
    }),
  );
}

async function resolveModel(
  config: StudyConfig,
  cells: readonly StudyCell[],
  gridKeys: readonly string[],
  baseDir: string,
  sources: string[],
): Promise<ResolvedModel | undefined> {
  const entry = config.model;
  if (!entry) return undefined;
  let definition: AnyModelDefinition;
  if (entry.module !== undefined) {
    const imported = await importDefinition<AnyModelDefinition>(
      entry.module,
      baseDir,
      'model',
      'model.module',
      missingModelFields,
    );
    definition = imported.definition;
    sources.push(imported.source);
  } else {
    definition = getModel(entry.name!, 'model.name');
  }
  const parsed: unknown[] = [];
  const truths: number[] = [];
  const problems = new IssueList();
  for (const cell of cells) {
    let params: unknown;
    try {
      params = definition.parse(cell.params, { baseDir });
    } catch (error) {
      // Every bad cell is reported, but each field only once (its first bad cell).
      problems.add(placeModelError(asConfigError(error, 'model.params'), cell, gridKeys), true);
      continue;
    }
    const truth = definition.truth(params);
    if (typeof truth !== 'number' || Number.isNaN(truth)) {
      throw new ConfigError(
        'model',
        `${definition.name}.truth gave ${truth} in grid cell ${cell.index} (${describeCell(cell)}); a model's truth must be a number`,
      );
    }
    parsed.push(params);
    truths.push(truth);
  }
  problems.throwIfAny();
  return { definition, label: entry.name ?? entry.module!, parsed, truths };
}

async function resolveMethods(
  config: StudyConfig,
  model: ResolvedModel | undefined,
  level: number,
  baseDir: string,
  sources: string[],
  modelFailed = false,
): Promise<ResolvedMethod[]> {
  const entries: readonly MethodConfig[] = config.methods ?? [];
  if (entries.length > 0 && !model && !modelFailed)
    throw new ConfigError('methods', 'need a model to analyse; add "model" or remove "methods"');
  const out: ResolvedMethod[] = [];
  const ids = new Set<string>();
  const problems = new IssueList();
  for (let i = 0; i < entries.length; i++) {
    const resolved = await problems.attempt(() =>
      resolveMethod(entries[i], i, model, level, baseDir, sources, ids),
    );
    if (resolved) out.push(resolved);
  }
  problems.throwIfAny();
  return out;
}

/** Resolves methods[i]: registry or module, unique id, data kind, options. */
async function resolveMethod(
  entry: MethodConfig,
  i: number,
  model: ResolvedModel | undefined,
  level: number,
  baseDir: string,
  sources: string[],
  ids: Set<string>,
): Promise<ResolvedMethod> {
  {
    const path = `methods[${i}]`;
    let definition: AnyMethodDefinition;
    if (entry.module !== undefined) {
      const imported = await importDefinition<AnyMethodDefinition>(
        entry.module,
        baseDir,
        'method',
        `${path}.module`,
        missingMethodFields,
      );
      definition = imported.definition;
      sources.push(imported.source);
    } else {
      definition = getMethod(entry.method!, `${path}.method`);
    }
    const id = entry.id ?? (entry.method !== undefined ? entry.method : definition.name);
    if (ids.has(id) || id === MODEL_ROW_METHOD) {
      throw new ConfigError(
        `${path}.id`,
        id,
        `an id not used by another method nor "${MODEL_ROW_METHOD}" (set "id" to tell two entries of the same method apart)`,
      );
    }
    ids.add(id);
    const dataKind = model?.definition.dataKind;
    if (model && dataKind !== undefined && !definition.accepts.includes(dataKind)) {
      throw new ConfigError(
        entry.module !== undefined ? `${path}.module` : `${path}.method`,
        `${definition.name} analyses ${definition.accepts.join(', ')} data, but model ${model.label} produces ${dataKind}`,
      );
    }
    const methodLevel = entry.level ?? level;
    const options = pick(entry, METHOD_FIELDS);
    try {
      const analyser = definition.create(options, { level: methodLevel });
      if (typeof analyser !== 'function')
        throw new ConfigError('', `${definition.name}.create did not return an analyser function`);
    } catch (error) {
      throw asConfigError(error, path);
    }
    const replications = entry.replications;
    return {
      id,
      definition,
      options,
      level: methodLevel,
      ...(replications !== undefined ? { replications } : {}),
    };
  }
}

function resolveMetrics(config: StudyConfig): ResolvedMetric[] {
  const out: ResolvedMetric[] = [];
  const ids = new Set<string>();
  const problems = new IssueList();
  (config.metrics ?? []).forEach((entry, i) => {
    problems.attemptSync(() => resolveMetric(entry, i, ids, out));
  });
  problems.throwIfAny();
  return out;
}

function resolveMetric(
  entry: string | MetricConfig,
  i: number,
  ids: Set<string>,
  out: ResolvedMetric[],
): void {
  {
    const path = `metrics[${i}]`;
    const spec: MetricConfig = typeof entry === 'string' ? { metric: entry } : entry;
    const definition = getMetric(spec.metric, typeof entry === 'string' ? path : `${path}.metric`);
    const id = spec.id ?? spec.metric;
    if (ids.has(id)) {
      throw new ConfigError(
        `${path}.id`,
        id,
        'a label not used by another metric (set "id", e.g. "power" and "falseWin")',
      );
    }
    ids.add(id);
    const options = pick(spec as unknown as Record<string, unknown>, ['metric', 'id']);
    try {
      definition.create(options);
    } catch (error) {
      throw asConfigError(error, path);
    }
    out.push({ id, definition, options });
  }
}

function resolveFormulas(
  config: StudyConfig,
  cells: readonly StudyCell[],
  level: number,
  methodIds: Set<string>,
): ResolvedFormula[] {
  const out: ResolvedFormula[] = [];
  (config.formulas ?? []).forEach((entry, i) => {
    const path = `formulas[${i}]`;
    if (methodIds.has(entry.id) || entry.id === MODEL_ROW_METHOD) {
      throw new ConfigError(
        `${path}.id`,
        entry.id,
        `an id not used by a method, another formula nor "${MODEL_ROW_METHOD}"`,
      );
    }
    methodIds.add(entry.id);
    const definition = getFormula(entry.formula, `${path}.formula`);
    let compute: (params: StudyCell['params']) => number;
    try {
      compute = definition.create(pick(entry, FORMULA_FIELDS), { level: entry.level ?? level });
    } catch (error) {
      throw asConfigError(error, path);
    }
    const where = entry.cell ?? {};
    checkCellSubset(`${path}.cell`, where, cells);
    const values = cells.map((cell) => {
      if (!cellMatches(cell.params, where)) return undefined;
      let value: number;
      try {
        value = compute(cell.params);
      } catch (error) {
        const placed = asConfigError(error, path);
        throw new ConfigError(
          placed.issues.map((x) => ({
            ...x,
            message: `${x.message} (in grid cell ${cell.index}: ${describeCell(cell)})`,
          })),
        );
      }
      if (typeof value !== 'number' || Number.isNaN(value)) {
        throw new ConfigError(
          path,
          `${entry.formula} gave ${value} in grid cell ${cell.index} (${describeCell(cell)}); a formula must return a number`,
        );
      }
      return value;
    });
    out.push({ id: entry.id, metric: entry.metric, definition, values });
  });
  return out;
}

function diagnosticNames(config: StudyConfig, model: ResolvedModel | undefined): string[] {
  if (!config.diagnostics) return [];
  const names = model?.definition.diagnostics?.names;
  if (!model || !names || names.length === 0) {
    throw new ConfigError(
      'diagnostics',
      true,
      `false: model ${model?.label ?? '(none)'} reports no diagnostics`,
    );
  }
  return [...names];
}

/** `subset` names cell parameters and matches at least one grid cell. */
function checkCellSubset(
  path: string,
  subset: Readonly<Record<string, ParamValue>>,
  cells: readonly StudyCell[],
): void {
  const known = new Set(cells.flatMap((cell) => Object.keys(cell.params)));
  for (const key of Object.keys(subset)) {
    if (!known.has(key))
      throw new ConfigError(`${path}.${key}`, key, `a cell parameter: ${[...known].join(', ')}`);
  }
  if (!cells.some((cell) => cellMatches(cell.params, subset))) {
    throw new ConfigError(path, subset, 'parameter values that match at least one grid cell');
  }
}

function checkExpectations(
  config: StudyConfig,
  cells: readonly StudyCell[],
  methods: readonly ResolvedMethod[],
  metrics: readonly ResolvedMetric[],
  formulas: readonly ResolvedFormula[],
  diagnostics: readonly string[],
): void {
  const metricsOf = new Map<string, string[]>();
  for (const method of methods)
    metricsOf.set(
      method.id,
      metrics.map((m) => m.id),
    );
  for (const formula of formulas) metricsOf.set(formula.id, [formula.metric]);
  if (diagnostics.length > 0) metricsOf.set(MODEL_ROW_METHOD, [...diagnostics]);
  (config.expectations ?? []).forEach((expectation, i) => {
    const path = `expectations[${i}]`;
    checkCellSubset(`${path}.cell`, expectation.cell ?? {}, cells);
    const metricIds = metricsOf.get(expectation.method);
    if (!metricIds)
      throw new ConfigError(
        `${path}.method`,
        expectation.method,
        `one of ${[...metricsOf.keys()].join(', ')}`,
      );
    if (!metricIds.includes(expectation.metric)) {
      throw new ConfigError(
        `${path}.metric`,
        expectation.metric,
        `one of ${metricIds.join(', ')} (the labels reported for ${expectation.method})`,
      );
    }
  });
}

/** sha256 of the config and of every user module's source. */
function fingerprint(config: StudyConfig, sources: readonly string[]): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify(config));
  for (const source of sources) hash.update(`\u0000${source}`);
  return hash.digest('hex');
}

/**
 * Validates a parsed study config and resolves it into a {@link Study}:
 * throws a ConfigError (field path, bad value, what is allowed) before any
 * work starts. `baseDir` is where module paths resolve.
 */
export async function validateStudy(
  config: unknown,
  baseDir: string,
  options: { path?: string } = {},
): Promise<Study> {
  const issues = schemaIssues(config);
  if (issues.length > 0) throw new ConfigError(issues);
  const study = config as StudyConfig;
  const level = study.level ?? 0.95;
  const params = study.model?.params ?? {};
  const grid = study.grid ?? {};
  const gridKeys = Object.keys(grid);
  for (const key of gridKeys) {
    if (RESERVED_COLUMNS.includes(key)) {
      throw new ConfigError(
        `grid.${key}`,
        key,
        `a name other than the result columns ${RESERVED_COLUMNS.join(', ')}`,
      );
    }
    if (key in params)
      throw new ConfigError(`grid.${key}`, `is also set in model.params; set it in one place`);
  }
  const cells = expandGrid(params, grid);
  const sources: string[] = [];
  // Model, methods and metrics are checked independently and all their problems reported together.
  const problems = new IssueList();
  const model = await problems.attempt(() => resolveModel(study, cells, gridKeys, baseDir, sources));
  const modelFailed = study.model !== undefined && model === undefined;
  // With a broken model the methods are still checked, except against its data kind.
  const methods =
    (await problems.attempt(() => resolveMethods(study, model, level, baseDir, sources, modelFailed))) ?? [];
  const metrics = problems.attemptSync(() => resolveMetrics(study)) ?? [];
  problems.throwIfAny();
  if (model && methods.length > 0 && metrics.length === 0)
    throw new ConfigError('metrics', 'is required with methods');
  const formulas = resolveFormulas(study, cells, level, new Set(methods.map((m) => m.id)));
  const diagnostics = diagnosticNames(study, model);
  checkExpectations(study, cells, methods, metrics, formulas, diagnostics);
  return {
    config: study,
    name: study.name,
    baseDir,
    ...(options.path !== undefined ? { path: options.path } : {}),
    ...(model && study.seed !== undefined ? { seed: study.seed } : {}),
    ...(model && study.replications !== undefined ? { replications: study.replications } : {}),
    level,
    gridKeys,
    cells,
    ...(model ? { model } : {}),
    methods,
    metrics,
    formulas,
    expectations: study.expectations ?? [],
    diagnostics,
    fingerprint: fingerprint(study, sources),
  };
}
