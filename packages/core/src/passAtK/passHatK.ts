/**
 * pass^k of one question from n samples of which c passed: the chance that all k samples
 * drawn without replacement from the n pass — the unbiased estimator of p^k, the convention of
 * tau-bench (Yao et al. 2024, "τ-bench", arXiv:2406.12045, §4; sierra-research/tau-bench
 * `tau_bench/run.py` `display_metrics`, commit 59a200c6; tau2-bench
 * `src/tau2/metrics/agent_metrics.py` `pass_hat_k`, commit a2c02472) and of inspect_ai's
 * `pass_k` reducer (`src/inspect_ai/scorer/_reducer/reducer.py`, commit 499e6152):
 *
 *   pass^k = C(c, k) / C(n, k),   = 0 when c < k.
 *
 * As a product, never with factorials: with f = n − c failures,
 * C(c, k)/C(n, k) = C(n − k, f)/C(n, f) = Π_{i<m} (1 − x/(n − i)), m = min(k, f), x = max(k, f).
 * (tau-bench divides by C(num_trials, k) with num_trials the number of distinct trials of the
 * whole run, so it assumes every task has the same n; tau2-bench and this function use each
 * question's own n.)
 */
import { checkSampleCounts } from './passAtK.js';

/** pass^k from n, c, k without checks (allocation-free). Needs 0 ≤ c ≤ n, 1 ≤ k ≤ n. */
export function passHatKValue(n: number, c: number, k: number): number {
  if (c < k) return 0;
  const f = n - c;
  if (f === 0) return 1;
  const m = Math.min(f, k);
  const x = Math.max(f, k);
  let product = 1;
  for (let i = 0; i < m; i++) product *= 1 - x / (n - i);
  return product;
}

/** pass^k of one question (checked; see the module comment). */
export function passHatK(n: number, c: number, k: number): number {
  checkSampleCounts(n, c, k, 'pass^k');
  return passHatKValue(n, c, k);
}
