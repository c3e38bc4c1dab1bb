/**
 * The models a study can name in `model.name`. Add an entry by importing the
 * model and listing it in `modelList`; the runner and `evalsim validate` look
 * names up here.
 */
import { ConfigError } from '../config/errors.js';
import type { ModelDefinition } from '../types.js';
import { betaBinomialClusters } from './betaBinomialClusters.js';
import { itemPopulation, itemPopulationPaired } from './itemPopulation.js';
import { pairedLatent } from './pairedLatent.js';
import { sequentialPaired } from './sequentialPaired.js';
import { systemCopies } from './systemCopies.js';
import { uniformDifficulty } from './uniformDifficulty.js';

// biome-ignore lint/suspicious/noExplicitAny: each model has its own parameter and data types.
type AnyModel = ModelDefinition<any, any>;

const modelList: readonly AnyModel[] = [
  betaBinomialClusters,
  pairedLatent,
  itemPopulation,
  itemPopulationPaired,
  systemCopies,
  sequentialPaired,
  uniformDifficulty,
];

/** Every registered model by name. */
export const models: Map<string, AnyModel> = new Map(modelList.map((model) => [model.name, model]));

/** The model registered as `name`; throws a ConfigError listing the known names. */
export function getModel(name: string, path = 'model.name'): AnyModel {
  const model = models.get(name);
  if (!model)
    throw ConfigError.invalid(
      path,
      name,
      `one of the models ${[...models.keys()].join(', ') || '(none registered)'}`,
    );
  return model;
}
