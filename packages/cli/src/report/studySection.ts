/**
 * One study's section of REPORT.md: source, reading, the published values beside
 * the reproduced ones (± Monte Carlo SE, tolerance, ✓ / ✗ explained / ✗ unexplained),
 * each explained miss with its reason and the other values of its cell, the plots,
 * and the full tidy table folded away. Nothing here depends on the run (no timings).
 */
import type { ResultRow, Study } from '@evalsim/sim';
import { sourceArticle } from '@evalsim/sim/internal';
import { formatEstimate, formatResultsTable, partialCounts } from '../format/formatResults.js';
import {
  countStatuses,
  type ExpectationStatus,
  type JudgedRow,
  judgeRows,
  missesText,
  statusMark,
} from './expectationStatus.js';
import type { RenderedPlot } from './renderPlots.js';
import { isRescaled, type ReportStudy } from './reportStudy.js';

/** Metric name whose rows count intervals reaching outside the parameter space. */
const OUT_OF_RANGE_METRIC = 'boundsOutOfRange';

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function paramText(row: ResultRow, keys: readonly string[]): string {
  return keys.map((key) => `${key} = ${String(row.params[key])}`).join(', ');
}

function sameCellKey(row: ResultRow, method = row.method): string {
  return `${row.cell}\u0000${method}`;
}

/** Share of out-of-range intervals per (cell, method), from the study's boundsOutOfRange rows. */
function outOfRangeShares(report: ReportStudy): Map<string, ResultRow> {
  const ids = new Set(
    report.study.metrics.filter((m) => m.definition.name === OUT_OF_RANGE_METRIC).map((m) => m.id),
  );
  const shares = new Map<string, ResultRow>();
  for (const row of report.rows) if (ids.has(row.metric)) shares.set(sameCellKey(row), row);
  return shares;
}

function percent(share: number): string {
  const digits = share < 0.001 ? 2 : 1;
  return `${(share * 100).toFixed(digits)}%`;
}

/** Markdown table of the rows that carry a published value. */
export function comparisonTable(report: ReportStudy, judged: readonly JudgedRow[]): string {
  if (judged.length === 0) return '_No published values for this study._';
  const gridKeys = report.study.gridKeys;
  const over = partialCounts(report.rows);
  const counts = new Map(report.rows.map((row, i) => [row, over[i]]));
  const outside = outOfRangeShares(report);
  const showOutside = judged.some((j) => (outside.get(sameCellKey(j.row))?.value ?? 0) > 0);
  const header = ['cell', 'method', 'metric', 'reproduced ± MCSE', 'published', 'tolerance', ''];
  if (showOutside) header.splice(6, 0, 'bounds outside [0, 1]');
  const align = header.map((h) =>
    h.startsWith('reproduced') || h === 'published' || h === 'tolerance' || h.startsWith('bounds')
      ? '---:'
      : h === ''
        ? ':-:'
        : '---',
  );
  const lines = [`| ${header.join(' | ')} |`, `| ${align.join(' | ')} |`];
  for (const { row, status } of judged) {
    const partial = counts.get(row);
    const cells = [
      paramText(row, gridKeys) || '—',
      row.method,
      row.metric,
      `${formatEstimate(row.value, row.mcse)}${partial ? ` (over ${partial} replications)` : ''}`,
      String(row.published),
      `± ${row.tolerance}`,
      statusMark(status),
    ];
    if (showOutside) {
      const share = outside.get(sameCellKey(row));
      cells.splice(6, 0, share && share.value > 0 ? percent(share.value) : '');
    }
    lines.push(`| ${cells.map(escapeCell).join(' | ')} |`);
  }
  return lines.join('\n');
}

/** Why each tolerance is what it is: one bullet per expectation, folded away. */
function toleranceBases(report: ReportStudy): string {
  const expectations = report.config.expectations ?? [];
  if (expectations.length === 0) return '';
  const bullets = expectations.map((e) => {
    const where = Object.entries(e.cell ?? {})
      .map(([key, value]) => `${key} = ${Array.isArray(value) ? value.join(',') : String(value)}`)
      .join(', ');
    return `- ${where ? `${where}, ` : ''}${e.method} ${e.metric} (± ${e.tolerance}): ${e.basis}`;
  });
  return ['<details><summary>Basis of each tolerance</summary>', '', ...bullets, '', '</details>'].join('\n');
}

/** The other values of a row's cell and metric (other methods, formula rows), for context. */
function cellContext(report: ReportStudy, row: ResultRow): string {
  const others = report.rows.filter(
    (other) => other.cell === row.cell && other.metric === row.metric && other.method !== row.method,
  );
  return others
    .map(
      (other) =>
        `${other.method} ${formatEstimate(other.value, other.mcse)}${other.replications === 0 && other.mcse === 0 ? ' (formula)' : ''}`,
    )
    .join(', ');
}

/** "study: cell, method metric = value ± mcse vs published p ± tolerance". */
export function describeJudgedRow(study: Study, row: ResultRow): string {
  const where = paramText(row, study.gridKeys);
  return `${study.name}: ${where ? `${where}, ` : ''}${row.method} ${row.metric} = ${formatEstimate(row.value, row.mcse)} vs published ${row.published} ± ${row.tolerance}`;
}

/** One line per miss, for the report's summary: where, values, and the explanation or its absence. */
export function missLines(study: Study, judged: readonly JudgedRow[]): string[] {
  return judged
    .filter((j) => j.status !== 'within')
    .map(({ row, status }) =>
      status === 'explained'
        ? `${describeJudgedRow(study, row)} — explained in the study's section`
        : `${describeJudgedRow(study, row)} — **unexplained**: fix the code or the tolerance, or establish why (explainedMiss)`,
    );
}

function explainedMisses(report: ReportStudy, judged: readonly JudgedRow[]): string[] {
  const parts: string[] = [];
  for (const { row, status, expectation } of judged) {
    if (status !== 'explained' || !expectation?.explainedMiss) continue;
    const where = paramText(row, report.study.gridKeys);
    const context = cellContext(report, row);
    parts.push(
      `**Explained miss** — ${where ? `${where}, ` : ''}${row.method} ${row.metric}: reproduced ${formatEstimate(row.value, row.mcse)}, published ${row.published} (± ${row.tolerance}). ${expectation.explainedMiss}${context ? ` In the same cell: ${context}.` : ''}`,
      '',
    );
  }
  return parts;
}

export function studySection(report: ReportStudy, plots: readonly RenderedPlot[]): string {
  const { config, study } = report;
  const judged = judgeRows(study, report.rows);
  const counts = countStatuses(judged);
  const statuses = new Map<ResultRow, ExpectationStatus>(judged.map((j) => [j.row, j.status]));
  const parts: string[] = [`## ${config.title}`, ''];
  const source = config.source
    ? `\`${sourceArticle(config.source)}\`${config.source.section ? ` — ${config.source.section}` : ''}`
    : 'not stated';
  const replications =
    report.replications === undefined
      ? 'computed by formula (no simulation)'
      : `${report.replications.toLocaleString('en-US')} replications per cell${isRescaled(report) ? ` (**rescaled**: the study asks for ${study.replications?.toLocaleString('en-US')})` : ''}`;
  parts.push(
    `Study \`${study.name}\` · source ${source} · ${replications}${report.seed !== undefined ? ` · seed ${report.seed}` : ''} · ${counts.total ? `**${counts.within} of ${counts.total}** published values within tolerance${missesText(counts) ? ` (${missesText(counts)})` : ''}` : 'no published values'}`,
    '',
  );
  if (config.description) parts.push(config.description, '');
  if (config.report?.reading) parts.push(`**Reading.** ${config.report.reading}`, '');
  parts.push(comparisonTable(report, judged), '');
  parts.push(...explainedMisses(report, judged));
  const bases = toleranceBases(report);
  if (bases) parts.push(bases, '');
  for (const plot of plots) parts.push(`![${plot.title}](${plot.file})`, '');
  parts.push(
    '<details><summary>Full results table</summary>',
    '',
    formatResultsTable(report.rows, {
      format: 'markdown',
      gridKeys: study.gridKeys,
      mark: (row) => {
        const status = statuses.get(row);
        return status ? statusMark(status) : '';
      },
    }),
    '',
    '</details>',
    '',
  );
  return parts.join('\n');
}
