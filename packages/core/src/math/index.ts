export { pow } from './pow.js';
