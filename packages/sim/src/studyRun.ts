/**
 * The third entry of @evalsim/sim, `@evalsim/sim/run`: what `evalsim run` needs to load, check,
 * run and print a study, importable without initializing the rest of the package (the eval
 * importers, analysis, audit and plan, the shard scripts). index.ts re-exports most modules of
 * the package, and a bundle evaluates each module a barrel re-exports when it is first imported.
 * Like internal.ts, an entry of the CLI's: what a library user needs of it is in index.ts.
 */
export { ConfigError } from './base/errors.js';
export { MAX_REPLICATIONS } from './base/limits.js';
export { loadStudy, resolveStudyPath, STUDY_EXTENSIONS } from './config/loadStudy.js';
export type { Study } from './config/study.js';
export { studyWarnings } from './config/studyWarnings.js';
export { answersFileBytes } from './output/answersArrow.js';
export type { KeptKind } from './output/keptMetadata.js';
export { RESULT_VALUE_COLUMNS, type ResultRow } from './output/resultRow.js';
export { expectationSummary } from './runner/expectations.js';
export { KEEP_KINDS, runMode } from './runner/runOptions.js';
export type { RunProgress } from './runner/runProgress.js';
export { runStudy } from './runner/runStudy.js';
export {
  type BusyInterval,
  type BusyKind,
  startThreadTrace,
  stopThreadTrace,
  threadSchedule,
  traceBusy,
  traceClockMs,
  tracingThreads,
} from './runner/threadTrace.js';
export type { WorkerThread } from './runner/workerThread.js';
export { resolveShard } from './shard/resolveShard.js';
