/**
 * The worker thread of bootstrapThreads.ts: claims chunks of bootstrap rounds from the shared
 * counter until none is left, computes each (the same rounds, from the same seeded streams, as
 * on the main thread) into the shared replicate matrix, flags it and counts it done.
 */
import { threadPort } from '../../threads/threadPort.js';
import { type BootstrapWorkerData, CLAIM_SLOT, computeChunk, DONE_SLOT } from './bootstrapThreads.js';

// Started by threads/startThread.ts: no requests, no answers, only its data (the shared buffers).
const port = threadPort<never>();
const data = port.data as BootstrapWorkerData;
const slots = new Int32Array(data.slots);
const flags = new Int32Array(data.flags);
const out = new Float64Array(data.out);
const chunks = flags.length;
for (;;) {
  const c = Atomics.add(slots, CLAIM_SLOT, 1);
  if (c >= chunks) break;
  computeChunk(data, c, out, flags);
  Atomics.add(slots, DONE_SLOT, 1);
  Atomics.notify(slots, DONE_SLOT);
}
port.close();
