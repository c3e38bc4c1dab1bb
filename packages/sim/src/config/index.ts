export * from './errors.js';
export * from './grid.js';
export * from './importDefinition.js';
export * from './loadStudy.js';
export * from './schema.js';
export * from './study.js';
export * from './studyConfig.js';
export * from './validateStudy.js';
