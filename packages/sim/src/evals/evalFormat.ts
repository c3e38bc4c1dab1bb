/**
 * The formats `importEval` reads, with the tool that writes each and the version of its
 * format that the importer follows (see fixtures/README.md for the sources read).
 */
export const EVAL_FORMATS = {
  'lm-eval':
    'lm-evaluation-harness --log_samples: <out>/<model>/samples_<task>_<date>.jsonl with results_<date>.json',
  'inspect-eval':
    'inspect_ai .eval log (ZIP: header.json, summaries.json, samples/<id>_epoch_<n>.json, _journal/)',
  'inspect-json': 'inspect_ai .json log (one EvalLog document with samples)',
  helm: 'HELM run directory: per_instance_stats.json with run_spec.json',
  'openai-evals': 'openai/evals recorder JSON Lines (spec line, match events, final_report)',
  'long-csv': 'long CSV: one row per scored sample (columns question, system, score[, cluster, epoch, task])',
  'long-jsonl': 'long JSON Lines: one object per scored sample (same fields as long CSV)',
  'long-arrow': 'long Arrow IPC table (same columns as long CSV)',
  'wide-population':
    'wide item population (question, cluster, correct_<system>, k_<system>, answers_<system>)',
  'evalsim-arrow': 'evalsim canonical eval table (.arrow written by evalsim import)',
  'tau-bench': 'tau-bench results: a JSON list of {task_id, reward, info, traj, trial} (run.py)',
  'tau2-bench': 'tau2-bench results.json (info, tasks, simulations or simulation_index)',
  'swe-bench':
    'SWE-bench evaluation report <model>.<run_id>.json (resolved_ids, unresolved_ids, …); one run per file',
} as const;

export type EvalFormat = keyof typeof EVAL_FORMATS;

/** One input file, with its content hash and what wrote it (stored in the Arrow metadata). */
export interface EvalSourceInfo {
  /** The path as given (or as found when walking a directory). */
  readonly path: string;
  /**
   * SHA-256 (hex) of the file's bytes; null when imported with `digests: false` (analyze, audit,
   * plan, leaderboard and monitor, whose outputs do not record it; an eval table is never written
   * without it).
   */
  readonly sha256: string | null;
  readonly bytes: number;
  readonly format: EvalFormat;
  /** The format version recorded in the file, or the one the importer follows. */
  readonly formatVersion: string;
  /** The tool that wrote it: lm-evaluation-harness, inspect_ai, helm, openai/evals, evalsim or table. */
  readonly tool: string;
  readonly toolVersion?: string;
}
