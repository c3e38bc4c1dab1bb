/**
 * The worker thread of importThreads.ts: takes log numbers from the shared counter until
 * none is left, imports each inspect_ai `.eval` log on its own and posts the result (its
 * typed columns transferred, not copied), then counts the answer on the shared counter
 * that the importing thread waits on.
 */
import { workerData } from 'node:worker_threads';
import { importInspectEval } from './formats/inspectEval.js';
import { CLAIM_SLOT, DONE_SLOT, type ImportWorkerAnswer, type ImportWorkerData } from './importThreads.js';
import { importUnitAlone, resultTransferList, unitReader } from './unitImport.js';

const { units, options, slots: shared, port } = workerData as ImportWorkerData;
const slots = new Int32Array(shared);
const reader = unitReader();
for (;;) {
  const index = Atomics.add(slots, CLAIM_SLOT, 1);
  if (index >= units.length) break;
  const result = importUnitAlone(importInspectEval, units[index], options, reader);
  const answer: ImportWorkerAnswer = { index, result };
  port.postMessage(answer, resultTransferList(result));
  Atomics.add(slots, DONE_SLOT, 1);
  Atomics.notify(slots, DONE_SLOT);
}
port.close();
