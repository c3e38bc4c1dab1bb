/**
 * A study's formula values computed in this thread in slices of about FORMULA_SLICE_SECONDS,
 * yielding to the event loop between slices, so they interleave with the chunks this thread runs
 * while the worker threads simulate (a slice well below a chunk's CHUNK_SECONDS keeps this thread
 * handing out work to them without delay). Computed before the run instead, they would keep every
 * worker thread waiting (an exact coverage sum is a large part of a study). Values are the same wherever they are computed (each cell's
 * value is one call, ResolvedFormula.valueIn), and a formula's problem rejects with its ConfigError.
 */
import { threadId } from 'node:worker_threads';
import type { Study } from '../config/study.js';
import { traceBusy, traceClockMs, tracingThreads } from './threadTrace.js';

/** Seconds of formula values computed between two turns of the event loop. */
export const FORMULA_SLICE_SECONDS = 0.005;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Computes every formula value of `study` not computed yet, in slices of `sliceSeconds`; stops
 * early (resolves) once `signal` is aborted.
 */
export async function computeFormulasBetweenChunks(
  study: Study,
  { sliceSeconds = FORMULA_SLICE_SECONDS, signal }: { sliceSeconds?: number; signal?: AbortSignal } = {},
): Promise<void> {
  let sliceStart = performance.now();
  let traced = tracingThreads() ? traceClockMs() : 0;
  const endSlice = () => {
    if (traced)
      traceBusy({
        thread: threadId,
        startMs: traced,
        endMs: traceClockMs(),
        kind: 'formula',
        label: study.name,
      });
  };
  for (const formula of study.formulas) {
    for (let cell = 0; cell < study.cells.length; cell++) {
      if (performance.now() - sliceStart >= sliceSeconds * 1000) {
        endSlice();
        await nextTurn();
        if (signal?.aborted) return;
        sliceStart = performance.now();
        traced = tracingThreads() ? traceClockMs() : 0;
      }
      formula.valueIn(cell);
    }
  }
  endSlice();
}
