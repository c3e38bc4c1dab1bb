/**
 * validateStudy: every check a study gets before any work starts — the JSON Schema (ajv,
 * all errors), the grid keys and its cell count (base/limits.ts), then the model (registry or module, `parse` on every cell),
 * methods and metrics (their options), reported together; then formulas on every cell,
 * model diagnostics and expectations that would match nothing. Each failure is a
 * ConfigError naming the field path, the bad value and what is allowed. The resolvers of
 * each role live beside this file and share one ResolveContext. checkStudy runs the same
 * checks without importing user modules (`evalsim validate --no-modules`).
 */
import { createHash } from 'node:crypto';
import { ConfigError } from '../base/errors.js';
import { MAX_GRID_CELLS } from '../base/limits.js';
import type { DataSource } from '../base/roles.js';
import { RESULT_FIXED_COLUMNS } from '../output/resultRow.js';
import { evalsimVersion } from '../output/version.js';
import { checkExpectations } from './checkExpectations.js';
import { expandGrid } from './grid.js';
import { collectStudyInputs, inputDigest } from './inputs/studyInputs.js';
import { IssueList } from './issueList.js';
import type { ResolveContext } from './resolveContext.js';
import { resolveFormulas } from './resolveFormulas.js';
import { type ModelState, resolveMethods } from './resolveMethods.js';
import { resolveMetrics } from './resolveMetrics.js';
import { MODEL_NOT_IMPORTED, resolveModel } from './resolveModel.js';
import {
  MODEL_ROW_METHOD,
  type ResolvedFormula,
  type ResolvedMethod,
  type ResolvedMetric,
  type ResolvedModel,
  type Study,
} from './study.js';
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

/** The data files the model read, over every cell (its `dataSources`). */
function dataSources(model: ResolvedModel | undefined): DataSource[] {
  const read = model?.definition.dataSources;
  return read ? model.parsed.flatMap((params) => [...read(params)]) : [];
}

/** The grid's cell count, from its list lengths, refused above {@link MAX_GRID_CELLS} before any expansion. */
function checkGridSize(config: StudyConfig): void {
  const lengths = Object.values(config.grid ?? {}).map((values) => values.length);
  const cells = lengths.reduce((product, length) => product * length, 1);
  if (cells > MAX_GRID_CELLS) {
    throw new ConfigError(
      'grid',
      `has ${cells.toLocaleString('en-US')} cells (${lengths.join(' × ')}); allowed: at most ${MAX_GRID_CELLS.toLocaleString('en-US')} (split the study)`,
    );
  }
}

/** Every part of a study, resolved (a user module model may be left unimported). */
interface ResolvedParts {
  readonly config: StudyConfig;
  readonly context: ResolveContext;
  readonly model: ResolvedModel | undefined | typeof MODEL_NOT_IMPORTED;
  readonly methods: readonly ResolvedMethod[];
  readonly metrics: readonly ResolvedMetric[];
  readonly formulas: readonly ResolvedFormula[];
  readonly diagnostics: readonly string[];
}

async function resolveParts(
  input: unknown,
  baseDir: string,
  importModules: boolean,
  schemaChecked = false,
  evaluateFormulas = true,
): Promise<ResolvedParts> {
  // A worker resolves a config the main thread already checked: no schema compile there, and
  // schema.js (with the validator generated at build time) is imported only when needed, so the
  // worker bundle leaves it out.
  const issues = schemaChecked ? [] : (await import('./schema.js')).schemaIssues(input);
  if (issues.length > 0) throw new ConfigError(issues);
  const config = input as StudyConfig;
  checkGridKeys(config);
  checkGridSize(config);
  const context: ResolveContext = {
    config,
    baseDir,
    level: config.level ?? 0.95,
    cells: expandGrid(config.model?.params ?? {}, config.grid ?? {}),
    gridKeys: Object.keys(config.grid ?? {}),
    ids: new Set(),
    sources: [],
    importModules,
    notImported: [],
  };

  // Model, methods and metrics are checked independently and their problems reported together;
  // with a broken model the methods are still checked, except against its data kind.
  const problems = new IssueList();
  const model = await problems.attempt(() => resolveModel(context));
  const state: ModelState =
    model === MODEL_NOT_IMPORTED
      ? MODEL_NOT_IMPORTED
      : model
        ? { model }
        : config.model !== undefined
          ? 'broken'
          : 'absent';
  const methods = (await problems.attempt(() => resolveMethods(context, state))) ?? [];
  const metrics =
    problems.attemptSync(() =>
      resolveMetrics(
        context,
        methods.map((m) => m.id),
      ),
    ) ?? [];
  problems.throwIfAny();
  const methodCount = (config.methods ?? []).length;
  if (model && methodCount > 0 && metrics.length === 0)
    throw new ConfigError('metrics', 'is required with methods');

  const formulas = resolveFormulas(context, evaluateFormulas);
  const diagnostics = model === MODEL_NOT_IMPORTED ? [] : diagnosticNames(config, model);
  const reported = new Map<string, readonly string[]>();
  const metricIds = metrics.map((m) => m.id);
  for (const method of methods) reported.set(method.id, metricIds);
  // A module method left unimported still reports the study's metrics under its given id.
  for (const entry of importModules ? [] : (config.methods ?? []))
    if (entry.module !== undefined && entry.id !== undefined) reported.set(entry.id, metricIds);
  for (const formula of formulas) reported.set(formula.id, [formula.metric]);
  if (diagnostics.length > 0) reported.set(MODEL_ROW_METHOD, diagnostics);
  checkExpectations(context, reported, context.notImported.length > 0);
  return { config, context, model, methods, metrics, formulas, diagnostics };
}

/**
 * Validates a parsed study config and resolves it into a {@link Study}: throws a
 * ConfigError (field path, bad value, what is allowed) before any work starts. `baseDir`
 * is where module and data paths resolve.
 */
export async function validateStudy(
  input: unknown,
  baseDir: string,
  options: {
    readonly path?: string;
    /** The config passed this same check already (the runner's workers): skip the JSON Schema check. */
    readonly schemaChecked?: boolean;
    /**
     * False: resolve the formulas without computing their values, which are computed when first
     * read (ResolvedFormula.values) — the runner computes them between its chunks, and its
     * workers, which only simulate, never.
     */
    readonly evaluateFormulas?: boolean;
  } = {},
): Promise<Study> {
  const { config, context, model, methods, metrics, formulas, diagnostics } = await resolveParts(
    input,
    baseDir,
    true,
    options.schemaChecked,
    options.evaluateFormulas,
  );
  if (model === MODEL_NOT_IMPORTED) throw new Error('validateStudy: every module is imported');
  const inputs = collectStudyInputs({
    config,
    baseDir,
    studyPath: options.path,
    dataSources: dataSources(model),
  });
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
    inputs,
    inputDigest: inputDigest(config, inputs, evalsimVersion()),
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

/** What {@link checkStudy} found: the study's size, and the user modules it did not import. */
export interface StudyCheck {
  readonly name: string;
  readonly kind: 'simulation' | 'formula';
  readonly cells: number;
  readonly methods: number;
  readonly metrics: number;
  readonly replications: number | undefined;
  readonly formulas: number;
  readonly expectations: number;
  /** Field paths of user modules whose files exist but were not imported (so not checked further). */
  readonly notImported: readonly string[];
}

/**
 * Every check of {@link validateStudy} that runs no user code: a study naming a `module`
 * names code, which is imported only to run it (or by a plain `validate`). Here a module's
 * file must exist, and what depends on its contents (a module model's parameters, a module
 * method's options and data kind, the labels and diagnostics only the module knows) is not
 * checked. For `evalsim validate --no-modules`.
 */
export async function checkStudy(input: unknown, baseDir: string): Promise<StudyCheck> {
  const { config, context, model, metrics, formulas } = await resolveParts(input, baseDir, false);
  return {
    name: config.name,
    kind: model ? 'simulation' : 'formula',
    cells: context.cells.length,
    methods: (config.methods ?? []).length,
    metrics: metrics.length,
    replications: model ? config.replications : undefined,
    formulas: formulas.length,
    expectations: (config.expectations ?? []).length,
    notImported: [...context.notImported],
  };
}
