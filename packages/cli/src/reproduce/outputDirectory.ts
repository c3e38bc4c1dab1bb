/**
 * Where `reproduce` and `run` write when `--out` is not given. `results/` holds the committed
 * reference: the output of `reproduce` at the studies' own replication counts. Anything else —
 * a rescaled `reproduce`, any `run` (one study, perhaps with other replications or seed) —
 * writes to the git-ignored `results/local/`, so it can never overwrite the reference or its
 * report by accident. `--out results` replaces the reference on purpose.
 */
import { join } from 'node:path';

/** The committed reference results directory. */
export const REFERENCE_RESULTS_DIR = 'results';

/** The default directory of every run that is not a full-scale `reproduce` (git-ignored). */
export const LOCAL_RESULTS_DIR = join(REFERENCE_RESULTS_DIR, 'local');

/** `out` when given, else the reference directory for a full-scale reproduce and results/local otherwise. */
export function outputDirectory(out: string | undefined, fullScaleReproduce: boolean): string {
  if (out !== undefined) return out;
  return fullScaleReproduce ? REFERENCE_RESULTS_DIR : LOCAL_RESULTS_DIR;
}
