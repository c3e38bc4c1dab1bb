export { agrestiCaffoBounds, agrestiCaffoInterval } from './agrestiCaffo.js';
export { miettinenNurminenBounds, miettinenNurminenInterval } from './miettinenNurminen.js';
export { newcombeHybridBounds, newcombeHybridInterval } from './newcombeHybrid.js';
export type { TwoSampleBoundsFunction } from './twoSample.js';
