export { fmix32, murmur3Words3 } from './murmur3.js';
export { SeededStream } from './SeededStream.js';
export { streamSeed } from './streamSeed.js';
