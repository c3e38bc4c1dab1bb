export { brentRoot, type RootFunction } from './brentRoot.js';
