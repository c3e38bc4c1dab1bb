/**
 * Reads inspect_ai `.eval` logs on this thread and on worker threads at once. The logs to
 * share are numbered; every thread takes the next number from a shared counter
 * (`Atomics.add`), imports that log on its own (unitImport.ts) and keeps or posts the
 * result. The import asks for the results in file order (`result(i)`); while the one asked
 * for is not there, this thread takes and imports the next unclaimed log itself, and waits
 * only when none is left. Which thread read which log depends on timing; the merged result
 * does not (unitImport.ts), so output is identical for any number of threads.
 *
 * Answers come on each worker's port, counted on one shared AnswerCounter
 * (threads/startThread.ts), read synchronously so the import stays synchronous. A worker that
 * gives no answer for STALL_MS (crashed, or stopped) has the log it holds read here instead — the
 * same result, later. The worker module is the single-file bundle scripts/bundle.mjs makes
 * (dist/evals/importWorker.bundle.mjs, else the plain tsc output); with neither built, no
 * worker is started and this thread reads every log.
 */
import { AnswerCounter } from '../threads/answerCounter.js';
import { type StartedThread, startThread } from '../threads/startThread.js';
import type { EvalImportOptions } from './importOptions.js';
import type { LogUnit } from './logUnits.js';
import { importUnitAlone, type UnitImporter, type UnitResult, unitReader } from './unitImport.js';
import { evalsWorkerFile } from './workerFile.js';

/** The shared Int32 slot of the next log number to claim. */
export const CLAIM_SLOT = 0;
const STALL_MS = 60_000;

/** What a worker is given. */
export interface ImportWorkerData {
  readonly units: readonly LogUnit[];
  readonly options: EvalImportOptions;
  readonly slots: SharedArrayBuffer;
  /** Hash the files read (importEval's `digests`). */
  readonly digests: boolean;
}

/** What a worker posts for each log it read. */
export interface ImportWorkerAnswer {
  readonly index: number;
  readonly result: UnitResult;
}

/** The worker module, or undefined when it is not built. */
export function importWorkerFile(): string | undefined {
  return evalsWorkerFile('importWorker', 'importWorker');
}

export class ImportThreads {
  private readonly slots: Int32Array;
  private readonly counter = new AnswerCounter();
  private readonly workers: StartedThread<ImportWorkerAnswer>[] = [];
  private readonly results: (UnitResult | undefined)[];
  private readonly taken: boolean[];
  private readonly reader: ReturnType<typeof unitReader>;
  private received = 0;
  /** Logs read on this thread so far. */
  readHere = 0;

  /**
   * `units`: the logs to share; `importer` reads one on this thread; `threads`: workers to
   * start; `helpHere` false: this thread only waits (it still reads a log whose worker stalled).
   */
  constructor(
    private readonly units: readonly LogUnit[],
    private readonly options: EvalImportOptions,
    private readonly importer: UnitImporter,
    threads: number,
    private readonly helpHere = true,
    digests = true,
  ) {
    this.reader = unitReader(digests);
    const shared = new SharedArrayBuffer(4);
    this.slots = new Int32Array(shared);
    this.results = new Array(units.length).fill(undefined);
    this.taken = new Array(units.length).fill(false);
    const file = threads > 0 ? importWorkerFile() : undefined;
    if (!file) return;
    const data: ImportWorkerData = { units, options, slots: shared, digests };
    for (let w = 0; w < threads; w++) {
      // A worker that fails is replaced by this thread (see `result`); its error is not the import's.
      const worker = startThread<ImportWorkerAnswer>(file, { data, counter: this.counter });
      // Options that cannot be sent to a thread (or no thread to be had): this thread reads them all.
      if (!worker) break;
      this.workers.push(worker);
    }
  }

  /** Worker threads started. */
  get threads(): number {
    return this.workers.length;
  }

  /** Takes every answer already posted. */
  private drain(): void {
    for (const worker of this.workers) {
      for (let answer = worker.take(); answer; answer = worker.take()) {
        this.received++;
        if (!this.taken[answer.index]) this.results[answer.index] = answer.result;
      }
    }
  }

  /** The result of log `i` (each asked for once), reading other logs here while it is not there. */
  result(i: number): UnitResult {
    let idle = 0;
    for (;;) {
      this.drain();
      const done = this.results[i];
      if (done) {
        this.results[i] = undefined;
        this.taken[i] = true;
        return done;
      }
      const next = this.helpHere || this.workers.length === 0 ? Atomics.add(this.slots, CLAIM_SLOT, 1) : -1;
      if (next >= 0 && next < this.units.length) {
        this.results[next] = this.readOne(next);
        continue;
      }
      // Every log is claimed and log i is being read by a worker: wait for an answer.
      if (!this.counter.waitBeyond(this.received, 1000)) {
        idle += 1000;
        if (idle >= STALL_MS) this.results[i] = this.readOne(i);
      } else idle = 0;
    }
  }

  private readOne(i: number): UnitResult {
    this.readHere++;
    return importUnitAlone(this.importer, this.units[i], this.options, this.reader);
  }

  /** Stops the workers. */
  close(): void {
    Atomics.store(this.slots, CLAIM_SLOT, this.units.length);
    for (const worker of this.workers) void worker.close();
    this.workers.length = 0;
  }
}
