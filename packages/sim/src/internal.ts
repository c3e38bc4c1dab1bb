/**
 * `@evalsim/sim/internal`: what the `evalsim` command (packages/cli) needs of the package besides
 * its public API (index.ts) — the output folder rules, message helpers, the default worker count,
 * the early worker thread and the thread trace, the scheduler scripts' parts. Not part of the
 * published API and not for library users: only packages/cli (and the repository's scripts and
 * tests) import it, which the floors test checks (scripts/layering/). No name is both here and in
 * index.ts.
 */

// Output folders and files as the commands write them: checked before any work, published
// together, written atomically.
export { answersFileBytes } from './output/answersArrow.js';
export { writeFileAtomic } from './output/atomicWrite.js';
export { parquetPathOf } from './output/parquetFromArrow.js';
export {
  type OutputCheckOptions,
  type PreparedOutput,
  prepareOutputDirectory,
} from './output/prepareOutputDirectory.js';
export { type Publication, publishFiles } from './output/publishFiles.js';

// Input checks and the words of messages.
export { didYouMean } from './base/closestName.js';
export { describeOption } from './base/options.js';
export { checkStudyFile, resolveStudyPath, STUDY_EXTENSIONS } from './config/loadStudy.js';
export { sourceArticle } from './config/studyConfig.js';
export { formatEvalWarning } from './evals/evalInputError.js';
export { notRegularFile } from './files/inputFile.js';
export { arrowFileProblem } from './readers/arrowFraming.js';
export { expectationFor } from './runner/expectations.js';
export { spendingName } from './yourEval/sequentialAudit.js';

// What the commands need of the generated studies: a system of an eval by its name, the
// population file of an imported eval, the arena audit's design file, a plan's look fractions.
export { ARENA_DESIGN_FILE } from './yourEval/arenaAudit.js';
export { evalSystem } from './yourEval/evalSystem.js';
export { type PopulationCsv, populationCsv } from './yourEval/populationCsv.js';
export { planLookFractions } from './yourEval/sequentialPlan.js';

// The threads, for the commands that start them early or trace them (reproduce, run --trace-threads).
export { defaultWorkerCount } from './runner/chunkExecutor.js';
export { traceBusy, traceClockMs, tracingThreads } from './runner/threadTrace.js';
export { startWorkerThread, type WorkerThread } from './runner/workerThread.js';

// Sharded runs: the merge's input check and what the scheduler scripts are made of.
export { checkPartialsAndInputs } from './runner/mergePartials.js';
export { checkShardCount, shellCommand, SLURM_SCRIPT_FILES } from './shard/index.js';
