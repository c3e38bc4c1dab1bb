export {
  type AlphaSpending,
  alphaSpent,
  assertSpending,
  SPENDING_FAMILIES,
  type SpendingFamily,
} from './alphaSpending.js';
export { type BoundaryCrossing, boundaryCrossing } from './boundaryCrossing.js';
export { type DesignCharacteristics, designCharacteristics } from './designCharacteristics.js';
export {
  DEFAULT_GRID,
  equalInformationRates,
  type GroupSequentialDesign,
  type GroupSequentialOptions,
  groupSequentialDesign,
  MAX_LOOKS,
} from './groupSequentialDesign.js';
export { type StagewisePValue, stagewisePValues } from './stagewisePValues.js';
