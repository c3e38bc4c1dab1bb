/**
 * The bootstrap rounds on this thread and on worker threads at once. Rounds are cut into chunks
 * of CHUNK; every thread claims the next chunk from a shared counter (`Atomics.add`), computes
 * its rounds with bootstrapRounds (each round from its own seeded stream) and writes their θ*
 * into one SharedArrayBuffer, then flags the chunk done. Which thread computed a round depends on
 * timing; its numbers do not, so the replicates are the same for any thread count.
 *
 * Workers start only when they pay: this thread computes the first chunk, times it, and starts
 * them when the rest would take more than WORKERS_PAY_MS on its own (a worker costs about 50 ms
 * to start). When nothing is left to claim, this thread waits on the done counter; a chunk
 * whose worker gives no answer for STALL_MS is computed here (the same numbers again). The
 * workers are started by threads/startThread.ts (their data: the shared buffers); their
 * module is scripts/bundle.mjs's single file (dist/analysis/arena/bootstrapWorker.bundle.mjs,
 * else the plain tsc output); with neither built, every round runs here.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { simPackageFile } from '../../base/packageRoot.js';
import {
  bootstrapRounds,
  makeRefit,
  type RefitSpec,
  type Resampling,
} from '../../pairwise/resampleRatings.js';
import { SeededStream } from '../../rng/SeededStream.js';
import { type StartedThread, startThread } from '../../threads/startThread.js';

const CHUNK = 8;
const WORKERS_PAY_MS = 250;
const STALL_MS = 60_000;
export const CLAIM_SLOT = 0;
export const DONE_SLOT = 1;

/** What a bootstrap worker is given. */
export interface BootstrapWorkerData {
  readonly models: number;
  readonly resampling: Resampling;
  readonly spec: RefitSpec;
  readonly seedKey: number;
  readonly rounds: number;
  readonly battles: number;
  readonly slots: SharedArrayBuffer;
  readonly flags: SharedArrayBuffer;
  readonly out: SharedArrayBuffer;
}

export function bootstrapWorkerFile(): string | undefined {
  for (const file of [
    'dist/analysis/arena/bootstrapWorker.bundle.mjs',
    'dist/analysis/arena/bootstrapWorker.js',
  ]) {
    const path = simPackageFile(file);
    if (existsSync(path)) return path;
  }
  return undefined;
}

/** Computes chunk `c` into `out` (rounds × models) and flags it. */
export function computeChunk(
  data: BootstrapWorkerData,
  c: number,
  out: Float64Array,
  flags: Int32Array,
): void {
  const from = c * CHUNK;
  const to = Math.min(data.rounds, from + CHUNK);
  const local = new Float64Array((to - from) * data.models);
  const rng = new SeededStream(data.seedKey, 0);
  bootstrapRounds(
    data.models,
    data.resampling,
    makeRefit(data.models, data.spec),
    (r) => rng.reseed(data.seedKey, r),
    from,
    to,
    local,
    data.spec.kind === 'style',
    data.battles,
  );
  out.set(local, from * data.models);
  Atomics.store(flags, c, 1);
}

/**
 * θ* of every round (rounds × models, row-major). `threads`: extra threads at most (default: the
 * cores − 1); `onRounds(done, total)`: rounds finished, after each chunk here and on waking.
 */
export function runBootstrap(
  models: number,
  resampling: Resampling,
  spec: RefitSpec,
  seedKey: number,
  rounds: number,
  battles: number,
  threads: number = availableParallelism() - 1,
  onRounds?: (done: number, total: number) => void,
): Float64Array {
  const chunks = Math.ceil(rounds / CHUNK);
  const data: BootstrapWorkerData = {
    models,
    resampling,
    spec,
    seedKey,
    rounds,
    battles,
    slots: new SharedArrayBuffer(8),
    flags: new SharedArrayBuffer(4 * chunks),
    out: new SharedArrayBuffer(8 * rounds * models),
  };
  const slots = new Int32Array(data.slots);
  const flags = new Int32Array(data.flags);
  const out = new Float64Array(data.out);
  const workers: StartedThread<never>[] = [];
  let first = true;
  try {
    for (;;) {
      const c = Atomics.add(slots, CLAIM_SLOT, 1);
      if (c >= chunks) break;
      const start = performance.now();
      computeChunk(data, c, out, flags);
      const done = Atomics.add(slots, DONE_SLOT, 1) + 1;
      onRounds?.(Math.min(rounds, done * CHUNK), rounds);
      if (first) {
        first = false;
        const left = ((chunks - 1) * (performance.now() - start)) / 1;
        const file = threads > 0 && left > WORKERS_PAY_MS ? bootstrapWorkerFile() : undefined;
        for (let w = 0; file && w < threads; w++) {
          // A thread that cannot be started leaves its chunks to the others (and to this one).
          const started = startThread<never>(file, { data });
          if (started) workers.push(started);
        }
      }
    }
    // Wait for the chunks the workers claimed; compute here any that stalls.
    let seen = Atomics.load(slots, DONE_SLOT);
    let since = performance.now();
    while (seen < chunks) {
      Atomics.wait(slots, DONE_SLOT, seen, 1000);
      const now = Atomics.load(slots, DONE_SLOT);
      if (now !== seen) {
        seen = now;
        since = performance.now();
        onRounds?.(Math.min(rounds, seen * CHUNK), rounds);
      } else if (performance.now() - since > STALL_MS) {
        for (let c = 0; c < chunks; c++) if (Atomics.load(flags, c) === 0) computeChunk(data, c, out, flags);
        break;
      }
    }
  } finally {
    for (const w of workers) void w.close();
  }
  return Float64Array.from(out);
}
