/**
 * The worker thread of importThreads.ts: takes log numbers from the shared counter until
 * none is left, imports each inspect_ai `.eval` log on its own and posts the result (its
 * typed columns transferred, not copied) on its port (threads/threadPort.ts), which counts it
 * on the shared counter the importing thread waits on.
 */
import { threadPort } from '../threads/threadPort.js';
import { importInspectEval } from './formats/inspectEval.js';
import { CLAIM_SLOT, type ImportWorkerAnswer, type ImportWorkerData } from './importThreads.js';
import { importUnitAlone, resultTransferList, unitReader } from './unitImport.js';

const port = threadPort<never>();
const { units, options, slots: shared, digests } = port.data as ImportWorkerData;
const slots = new Int32Array(shared);
const reader = unitReader(digests);
for (;;) {
  const index = Atomics.add(slots, CLAIM_SLOT, 1);
  if (index >= units.length) break;
  const result = importUnitAlone(importInspectEval, units[index], options, reader);
  const answer: ImportWorkerAnswer = { index, result };
  port.answer(answer, resultTransferList(result));
}
port.close();
