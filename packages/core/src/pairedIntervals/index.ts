export { agrestiMinBounds, agrestiMinInterval } from './agrestiMin.js';
export { bonettPriceBounds, bonettPriceInterval } from './bonettPrice.js';
export {
  isPairedIntervalMethod,
  type PairedBoundsAtLevel,
  type PairedIntervalFunction,
  type PairedIntervalMethod,
  pairedBoundsFor,
  pairedBoundsForN,
  pairedIntervalMethodNames,
  pairedIntervalMethods,
  pairedMethodUsesConcordant,
} from './methods.js';
export { newcombePairedBounds, newcombePairedBoundsOfN, newcombePairedInterval } from './newcombePaired.js';
export type { PairedBoundsFunction, PairedTable } from './pairedTable.js';
export { pairedWaldBounds, pairedWaldInterval } from './pairedWald.js';
export { tangoScoreBounds, tangoScoreInterval } from './tangoScore.js';
