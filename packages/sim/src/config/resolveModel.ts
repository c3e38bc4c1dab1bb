/**
 * Resolves `model`: the registered model (or the user's module), then `parse` and `truth`
 * on every grid cell. Every bad cell is reported, each field once (at its first bad cell);
 * a complaint about a grid parameter is placed at `grid.<key>`.
 */
import { ConfigError } from '../base/errors.js';
import type { ModelDefinition } from '../base/roles.js';
import { modelRegistry } from '../models/registry.js';
import { importDefinition, missingModelFields, moduleFile } from './importDefinition.js';
import { IssueList } from './issueList.js';
import { asConfigError, describeCell, placeModelError } from './placeError.js';
import type { ResolveContext } from './resolveContext.js';
import type { ResolvedModel } from './study.js';
import type { ModelConfig } from './studyConfig.js';

async function modelDefinition(context: ResolveContext, entry: ModelConfig): Promise<ModelDefinition> {
  if (entry.module === undefined) return modelRegistry.get(entry.name ?? '', 'model.name');
  const imported = await importDefinition<ModelDefinition>(
    entry.module,
    context.baseDir,
    'model',
    'model.module',
    missingModelFields,
  );
  context.sources.push(imported.source);
  return imported.definition;
}

/** A user module model left unimported (`importModules` false): its file exists; nothing more is known. */
export const MODEL_NOT_IMPORTED = 'notImported';

/**
 * The resolved model, undefined when the study has none (a formula study), or
 * {@link MODEL_NOT_IMPORTED} for a user module that is not to be imported.
 */
export async function resolveModel(
  context: ResolveContext,
): Promise<ResolvedModel | undefined | typeof MODEL_NOT_IMPORTED> {
  const entry = context.config.model;
  if (!entry) return undefined;
  if (entry.module !== undefined && !context.importModules) {
    moduleFile(entry.module, context.baseDir, 'model.module');
    context.notImported.push('model.module');
    return MODEL_NOT_IMPORTED;
  }
  const definition = await modelDefinition(context, entry);
  const parsed: unknown[] = [];
  const truths: number[] = [];
  const problems = new IssueList();
  for (const cell of context.cells) {
    let params: unknown;
    try {
      params = definition.parse(cell.params, { baseDir: context.baseDir });
    } catch (error) {
      problems.add(placeModelError(asConfigError(error, 'model.params'), cell, context.gridKeys), true);
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
  return { definition, label: entry.name ?? entry.module ?? definition.name, parsed, truths };
}
