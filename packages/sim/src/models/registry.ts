/**
 * The models a study can name in `model.name`. Add an entry by importing the model and
 * listing it here; a user's own model is loaded from `model.module` instead.
 */
import { createRegistry, type Registry } from '../base/registry.js';
import type { ModelDefinition } from '../base/roles.js';
import { battleArena } from './battleArena.js';
import { betaBinomialClusters } from './betaBinomialClusters.js';
import { evalReruns } from './evalReruns.js';
import { itemPopulation, itemPopulationPaired } from './itemPopulationModel.js';
import { itemPopulationSequential } from './itemPopulationSequential.js';
import { itemPopulationShifted } from './itemPopulationShifted.js';
import { judgedAnswers } from './judgedAnswers.js';
import { pairedLatent } from './pairedLatent.js';
import { pairedMultinomial } from './pairedMultinomial.js';
import { passAtKSamples } from './passAtKSamples.js';
import { populationSystems } from './populationSystems.js';
import { sequentialPaired } from './sequentialPaired.js';
import { systemCopies } from './systemCopies.js';
import { uniformDifficulty } from './uniformDifficulty.js';

/** Every registered model, in listing order. */
export const modelRegistry: Registry<ModelDefinition> = createRegistry<ModelDefinition>('model', [
  betaBinomialClusters,
  pairedLatent,
  pairedMultinomial,
  itemPopulation,
  itemPopulationPaired,
  itemPopulationShifted,
  systemCopies,
  populationSystems,
  evalReruns,
  sequentialPaired,
  itemPopulationSequential,
  uniformDifficulty,
  judgedAnswers,
  passAtKSamples,
  battleArena,
]);
