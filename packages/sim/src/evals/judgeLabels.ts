/**
 * Human labels beside a judge's verdicts, as a second metric of the same rows (no new column of
 * the canonical table). The `labels` import option, and `evalsim analyze --labels`, name them:
 *
 * - `COLUMN` — a long table's column: each row with a value there also gets a row of metric
 *   `label:COLUMN` (same task, system, question, cluster, epoch; score = the label), and a row
 *   with the cell empty gets none (it is unlabelled);
 * - `scorer:NAME` — an inspect_ai log's scorer (e.g. a gold scorer run on some samples): imported
 *   as its own metric `NAME`, the samples it did not score being unlabelled;
 * - `metric:NAME` — a metric already in the table (an evalsim Arrow, a long table's metric
 *   column): nothing more is imported.
 */

/** The metric holding the labels that `labels` names (module comment). */
export function labelMetricName(labels: string): string {
  if (labels.startsWith('scorer:')) return labels.slice(7);
  if (labels.startsWith('metric:')) return labels.slice(7);
  return `label:${labels}`;
}

/** The inspect_ai scorer `labels` names (`scorer:NAME`), else undefined. */
export function labelScorer(labels: string | undefined): string | undefined {
  return labels?.startsWith('scorer:') ? labels.slice(7) : undefined;
}

/** The long-table column `labels` names (neither `scorer:` nor `metric:`), else undefined. */
export function labelColumn(labels: string | undefined): string | undefined {
  if (labels === undefined || labels.startsWith('scorer:') || labels.startsWith('metric:')) return undefined;
  return labels;
}
