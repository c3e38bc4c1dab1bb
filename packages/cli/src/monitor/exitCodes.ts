/**
 * The exit status of `evalsim monitor`, one per decision, so that a CI gate can branch on it
 * (2, as for every command, is an error: bad input, a usage mistake). Without `--baseline`
 * either system being better is a difference found (0); with it, the candidate worse than the
 * baseline is 12.
 */
import type { MonitorDecision } from '@evalsim/sim';

export const MONITOR_EXIT_CODES = {
  'stop-better': 0,
  continue: 10,
  'stop-equivalent': 11,
  'stop-worse': 12,
  'stop-planned-maximum': 13,
  'stop-budget': 14,
} as const satisfies Record<MonitorDecision, number>;

/** The status for a decision; `stop-worse` is 0 when no baseline was named (either side is a difference). */
export function monitorExitCode(decision: MonitorDecision, hasBaseline: boolean): number {
  if (decision === 'stop-worse' && !hasBaseline) return 0;
  return MONITOR_EXIT_CODES[decision];
}

/** The exit codes as `--help` lists them. */
export const MONITOR_EXIT_HELP = [
  'exit 0: stop, a difference (with --baseline: the candidate is better)',
  'exit 10: continue (no decision yet)',
  'exit 11: stop, no difference of --delta (the interval lies inside ±delta)',
  'exit 12: stop, the candidate is worse than the --baseline',
  'exit 13: stop, the planned maximum (last look) reached without a difference',
  'exit 14: stop, --max-questions used without a decision',
  'exit 2: error (bad input or flags)',
];
