export * from './arrowResults.js';
export * from './atomicWrite.js';
export * from './formatResults.js';
export * from './resultRow.js';
export * from './runInfo.js';
export * from './version.js';
