export { brentRoot, type RootFunction } from './brentRoot.js';
export { scoreIntervalLimit } from './scoreLimit.js';
