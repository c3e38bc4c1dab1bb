/**
 * `--target-mcse t`: replications per cell chosen by precision, deterministically. Every cell
 * first runs the study's R replications (the batch); after each batch, a cell whose largest
 * Monte Carlo SE over its method × metric rows (finite ones; model diagnostics aside) is still
 * above t runs another batch of R, until it is at or below t or reaches the cap. Batches are
 * whole blocks continuing the cell's replication sequence, and the decision reads only the
 * cell's own folded blocks, so the count per cell — recorded in each row's `replications` and
 * in the metadata (`evalsim.targetMcse`, `evalsim.maxReplications`) — is a pure function of
 * (study, seed, R, t, cap), whatever the worker count or chunk size.
 *
 * Cap: `maxReplications`, by default min(MAX_REPLICATIONS, TARGET_CAP_FACTOR × R) (100 batches);
 * a cell stopped there is reported (its MCSE is the honest one, above t).
 */
import { MAX_REPLICATIONS } from '../base/limits.js';
import { MODEL_ROW_METHOD } from '../config/study.js';
import type { ResultRow } from '../output/resultRow.js';

/** Default cap of a targeted run: this many batches of the study's replications. */
export const TARGET_CAP_FACTOR = 100;

/** The default cap for batches of `replications`. */
export function defaultTargetCap(replications: number): number {
  return Math.min(MAX_REPLICATIONS, TARGET_CAP_FACTOR * replications);
}

/** The largest finite MCSE of a cell's method rows (0 when none is finite). */
export function largestMcse(rows: readonly ResultRow[]): number {
  let largest = 0;
  for (const row of rows) {
    if (row.method !== MODEL_ROW_METHOD && Number.isFinite(row.mcse) && row.mcse > largest)
      largest = row.mcse;
  }
  return largest;
}
