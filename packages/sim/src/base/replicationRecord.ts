/**
 * Layout of the per-replication records a chunk returns: for each method, in
 * study order, the nine MethodResult fields (degenerate as 1/0, NaN for a
 * replication beyond the method's cap), then the model's diagnostics.
 */
import type { MethodResult } from './methodResult.js';

/** estimate, se, lower, upper, pTwoSided, pGreater, pLess, degenerate, sampleSize. */
export const RESULT_FIELDS = 9;

/** Numbers per replication for `methodCount` methods and `diagnosticCount` diagnostics. */
export function recordStride(methodCount: number, diagnosticCount: number): number {
  return methodCount * RESULT_FIELDS + diagnosticCount;
}

/** Writes `result` at `offset`. */
export function writeResult(out: Float64Array, offset: number, result: Readonly<MethodResult>): void {
  out[offset] = result.estimate;
  out[offset + 1] = result.se;
  out[offset + 2] = result.lower;
  out[offset + 3] = result.upper;
  out[offset + 4] = result.pTwoSided;
  out[offset + 5] = result.pGreater;
  out[offset + 6] = result.pLess;
  out[offset + 7] = result.degenerate ? 1 : 0;
  out[offset + 8] = result.sampleSize;
}

/** Reads the result at `offset` into `result` (reused, no allocation). */
export function readResult(records: Float64Array, offset: number, result: MethodResult): void {
  result.estimate = records[offset];
  result.se = records[offset + 1];
  result.lower = records[offset + 2];
  result.upper = records[offset + 3];
  result.pTwoSided = records[offset + 4];
  result.pGreater = records[offset + 5];
  result.pLess = records[offset + 6];
  result.degenerate = records[offset + 7] === 1;
  result.sampleSize = records[offset + 8];
}
