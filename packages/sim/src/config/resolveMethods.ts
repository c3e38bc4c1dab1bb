/**
 * Resolves `methods`: each entry's registered method (or the user's module), a unique id,
 * the data kind against the model's, and its options (checked by building an analyser
 * once). Problems of every entry are reported together.
 */
import { ConfigError } from '../base/errors.js';
import type { MethodDefinition } from '../base/roles.js';
import { methodRegistry } from '../methods/registry.js';
import { importDefinition, missingMethodFields, moduleFile } from './importDefinition.js';
import { IssueList } from './issueList.js';
import { asConfigError } from './placeError.js';
import type { ResolveContext } from './resolveContext.js';
import { MODEL_ROW_METHOD, type ResolvedMethod, type ResolvedModel } from './study.js';
import type { MethodConfig } from './studyConfig.js';

/** Method entry fields the runner reads; the rest are the method's options. */
const RUNNER_FIELDS: readonly string[] = ['id', 'method', 'module', 'replications', 'level'];

/**
 * The model the methods analyse: resolved, broken (checked elsewhere), a user module not
 * imported (its data kind unknown), or absent.
 */
export type ModelState = { readonly model: ResolvedModel } | 'broken' | 'notImported' | 'absent';

function optionsOf(entry: MethodConfig): Record<string, unknown> {
  return Object.fromEntries(Object.entries(entry).filter(([key]) => !RUNNER_FIELDS.includes(key)));
}

async function methodDefinition(
  context: ResolveContext,
  entry: MethodConfig,
  path: string,
): Promise<MethodDefinition> {
  if (entry.module === undefined) return methodRegistry.get(entry.method ?? '', `${path}.method`);
  const imported = await importDefinition<MethodDefinition>(
    entry.module,
    context.baseDir,
    'method',
    `${path}.module`,
    missingMethodFields,
  );
  context.sources.push(imported.source);
  return imported.definition;
}

/** Takes `id` as methods[i]'s label, refusing one already taken. */
function claimId(context: ResolveContext, id: string, path: string): void {
  if (context.ids.has(id) || id === MODEL_ROW_METHOD) {
    throw new ConfigError(
      `${path}.id`,
      id,
      `an id not used by another method nor "${MODEL_ROW_METHOD}" (set "id" to tell two entries of the same method apart)`,
    );
  }
  context.ids.add(id);
}

/**
 * Resolves methods[i]: registry or module, unique id, data kind, options; undefined for a
 * user module left unimported (its file checked, its id claimed when given).
 */
async function resolveMethod(
  context: ResolveContext,
  entry: MethodConfig,
  path: string,
  state: ModelState,
): Promise<ResolvedMethod | undefined> {
  if (entry.module !== undefined && !context.importModules) {
    moduleFile(entry.module, context.baseDir, `${path}.module`);
    context.notImported.push(`${path}.module`);
    if (entry.id !== undefined) claimId(context, entry.id, path);
    return undefined;
  }
  const definition = await methodDefinition(context, entry, path);
  const id = entry.id ?? entry.method ?? definition.name;
  claimId(context, id, path);
  if (typeof state === 'object') {
    const { definition: model, label } = state.model;
    if (!definition.accepts.includes(model.dataKind)) {
      throw new ConfigError(
        entry.module !== undefined ? `${path}.module` : `${path}.method`,
        `${definition.name} analyses ${definition.accepts.join(', ')} data, but model ${label} produces ${model.dataKind}`,
      );
    }
  }
  const level = entry.level ?? context.level;
  const options = optionsOf(entry);
  try {
    const analyser = definition.create(options, { level });
    if (typeof analyser !== 'function')
      throw new ConfigError('', `${definition.name}.create did not return an analyser function`);
  } catch (error) {
    throw asConfigError(error, path);
  }
  return entry.replications === undefined
    ? { id, definition, options, level }
    : { id, definition, options, level, replications: entry.replications };
}

/** Every method entry, resolved; all problems reported together. */
export async function resolveMethods(context: ResolveContext, state: ModelState): Promise<ResolvedMethod[]> {
  const entries = context.config.methods ?? [];
  if (entries.length > 0 && state === 'absent')
    throw new ConfigError('methods', 'need a model to analyse; add "model" or remove "methods"');
  const resolved: ResolvedMethod[] = [];
  const problems = new IssueList();
  for (const [i, entry] of entries.entries()) {
    const method = await problems.attempt(() => resolveMethod(context, entry, `methods[${i}]`, state));
    if (method) resolved.push(method);
  }
  problems.throwIfAny();
  return resolved;
}
