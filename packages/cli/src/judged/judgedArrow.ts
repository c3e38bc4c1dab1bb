/**
 * A judge-scored analysis as two Arrow IPC files, one row per (system, method) and one per
 * (pair, method), full precision, with the analysis writer's typed columns (analyze/analysisArrow.ts:
 * null where a method did not apply, its reason in `skipped`). Metadata `evalsim.analysis`: task,
 * metric, label metric, level, questions, clusters and the evalsim version.
 */
import type { JudgedAnalysis } from '@evalsim/sim';
import { type Cell, ipc } from '../analyze/analysisArrow.js';

const n = (x: number | undefined): number | null => (x === undefined || Number.isNaN(x) ? null : x);

export function judgedArrow(
  a: JudgedAnalysis,
  version: string,
): { systems: Uint8Array; pairs: Uint8Array | null } {
  const meta = JSON.stringify({
    task: a.task,
    metric: a.metric,
    labels: a.labelMetric,
    level: a.level,
    questions: a.questions,
    clusters: a.clusters,
    epochs: a.epochs,
    version,
  });
  const systems: Record<string, Cell>[] = a.perSystem.flatMap((s) =>
    s.estimates.map((e) => ({
      system: s.system,
      method: e.method,
      recommended: e.method === s.recommended.method,
      estimate: n(e.estimate),
      se: n(e.se),
      lower: n(e.lower),
      upper: n(e.upper),
      lambda: n(e.lambda),
      out_of_range: e.skipped === null ? e.outOfRange : null,
      skipped: e.skipped,
      rows: s.rows,
      labelled: s.labelled,
      sensitivity: n(s.agreement?.sensitivity.estimate),
      specificity: n(s.agreement?.specificity.estimate),
      kappa: n(s.agreement?.kappa.estimate),
    })),
  );
  const pairs: Record<string, Cell>[] = a.pairs.flatMap((p) =>
    p.estimates.map((e) => ({
      first: p.first,
      second: p.second,
      method: e.method,
      recommended: e.method === p.recommended.method,
      difference: n(e.estimate),
      se: n(e.se),
      lower: n(e.lower),
      upper: n(e.upper),
      lambda_first: n(e.lambda),
      lambda_second: n(e.lambdaSecond),
      skipped: e.skipped,
      slice: p.slice,
      labelled_both: p.labelledBoth,
    })),
  );
  return { systems: ipc(systems, meta), pairs: pairs.length ? ipc(pairs, meta) : null };
}
