/**
 * validateStudy: every check a study gets before any work starts — the JSON Schema (ajv,
 * all errors), the grid keys, then the model (registry or module, `parse` on every cell),
 * methods and metrics (their options), reported together; then formulas on every cell,
 * model diagnostics and expectations that would match nothing. Each failure is a
 * ConfigError naming the field path, the bad value and what is allowed. The resolvers of
 * each role live beside this file and share one ResolveContext.
 */
import { createHash } from 'node:crypto';
import { ConfigError } from '../base/errors.js';
import { RESULT_FIXED_COLUMNS } from '../output/resultRow.js';
import { checkExpectations } from './checkExpectations.js';
import { expandGrid } from './grid.js';
import { IssueList } from './issueList.js';
import type { ResolveContext } from './resolveContext.js';
import { resolveFormulas } from './resolveFormulas.js';
import { resolveMethods } from './resolveMethods.js';
import { resolveMetrics } from './resolveMetrics.js';
import { resolveModel } from './resolveModel.js';
import { schemaIssues } from './schema.js';
import { MODEL_ROW_METHOD, type ResolvedModel, type Study } from './study.js';
import type { StudyConfig } from './studyConfig.js';

/** Columns of the results table that a grid key may not shadow. */
export const RESERVED_COLUMNS: readonly string[] = RESULT_FIXED_COLUMNS;

/** Grid keys must not shadow result columns nor repeat a fixed model parameter. */
function checkGridKeys(config: StudyConfig): void {
  const params = config.model?.params ?? {};
  for (const key of Object.keys(config.grid ?? {})) {
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
}

/** The diagnostics summarised as "model" rows (`diagnostics: true`), which the model must report. */
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

/** sha256 of the config and of every user module's source. */
function fingerprint(config: StudyConfig, sources: readonly string[]): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify(config));
  for (const source of sources) hash.update(`\u0000${source}`);
  return hash.digest('hex');
}

/**
 * Validates a parsed study config and resolves it into a {@link Study}: throws a
 * ConfigError (field path, bad value, what is allowed) before any work starts. `baseDir`
 * is where module and data paths resolve.
 */
export async function validateStudy(
  input: unknown,
  baseDir: string,
  options: { readonly path?: string } = {},
): Promise<Study> {
  const issues = schemaIssues(input);
  if (issues.length > 0) throw new ConfigError(issues);
  const config = input as StudyConfig;
  checkGridKeys(config);
  const context: ResolveContext = {
    config,
    baseDir,
    level: config.level ?? 0.95,
    cells: expandGrid(config.model?.params ?? {}, config.grid ?? {}),
    gridKeys: Object.keys(config.grid ?? {}),
    ids: new Set(),
    sources: [],
  };

  // Model, methods and metrics are checked independently and their problems reported together;
  // with a broken model the methods are still checked, except against its data kind.
  const problems = new IssueList();
  const model = await problems.attempt(() => resolveModel(context));
  const state = model ? { model } : config.model !== undefined ? 'broken' : 'absent';
  const methods = (await problems.attempt(() => resolveMethods(context, state))) ?? [];
  const metrics = problems.attemptSync(() => resolveMetrics(context)) ?? [];
  problems.throwIfAny();
  if (model && methods.length > 0 && metrics.length === 0)
    throw new ConfigError('metrics', 'is required with methods');

  const formulas = resolveFormulas(context);
  const diagnostics = diagnosticNames(config, model);
  const reported = new Map<string, readonly string[]>();
  for (const method of methods)
    reported.set(
      method.id,
      metrics.map((m) => m.id),
    );
  for (const formula of formulas) reported.set(formula.id, [formula.metric]);
  if (diagnostics.length > 0) reported.set(MODEL_ROW_METHOD, diagnostics);
  checkExpectations(context, reported);

  const common = {
    config,
    name: config.name,
    baseDir,
    path: options.path,
    level: context.level,
    gridKeys: context.gridKeys,
    cells: context.cells,
    formulas,
    expectations: config.expectations ?? [],
    fingerprint: fingerprint(config, context.sources),
  };
  if (!model) return { ...common, kind: 'formula', methods: [], metrics: [], diagnostics: [] };
  if (config.seed === undefined || config.replications === undefined)
    throw new ConfigError('', 'a study with a model needs "seed" and "replications"');
  return {
    ...common,
    kind: 'simulation',
    seed: config.seed,
    replications: config.replications,
    model,
    methods,
    metrics,
    diagnostics,
  };
}
