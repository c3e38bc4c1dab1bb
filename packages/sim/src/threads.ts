/**
 * The fourth entry of @evalsim/sim, `@evalsim/sim/threads`: starting threads, importable without
 * loading the runner — the study runner's worker thread (`evalsim run --workers n` starts one
 * before it loads the runner and validates the study: runner/workerThread.ts) and the one way to
 * start any other thread and talk to it (threads/: the plot render thread uses it). Only these
 * modules and piscina load.
 */

export { startWorkerThread, type WorkerThread } from './runner/workerThread.js';
export { type StartedThread, startThread, type ThreadOptions } from './threads/startThread.js';
export { type ThreadPort, threadPort } from './threads/threadPort.js';
