/**
 * One study's section of REPORT.md: source, reading, the published values beside
 * the reproduced ones (± Monte Carlo SE, tolerance, ✓/✗), the plots, and the full
 * tidy table folded away.
 */
import { expectationSummary, type ResultRow, type StudyRun, sourceArticle } from '@evalsim/sim';
import { expectationMark, formatEstimate, formatResultsTable } from '../format/formatResults.js';
import type { RenderedPlot } from './renderPlots.js';

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function paramText(row: ResultRow, keys: readonly string[]): string {
  return keys.map((key) => `${key} = ${String(row.params[key])}`).join(', ');
}

/** Markdown table of the rows that carry a published value. */
export function comparisonTable(rows: readonly ResultRow[], gridKeys: readonly string[]): string {
  const checked = rows.filter((row) => row.published !== null);
  if (checked.length === 0) return '_No published values for this study._';
  const header = ['cell', 'method', 'metric', 'reproduced ± MCSE', 'published', 'tolerance', ''];
  const lines = [
    `| ${header.join(' | ')} |`,
    `| ${header.map((h, i) => (i >= 3 && i <= 5 ? '---:' : h === '' ? ':-:' : '---')).join(' | ')} |`,
  ];
  for (const row of checked) {
    lines.push(
      `| ${[
        paramText(row, gridKeys) || '—',
        row.method,
        row.metric,
        formatEstimate(row.value, row.mcse),
        String(row.published),
        `± ${row.tolerance}`,
        expectationMark(row),
      ]
        .map(escapeCell)
        .join(' | ')} |`,
    );
  }
  return lines.join('\n');
}

/** Why each tolerance is what it is: one bullet per expectation, folded away. */
function toleranceBases(run: StudyRun): string {
  const expectations = run.config.expectations ?? [];
  if (expectations.length === 0) return '';
  const bullets = expectations.map((e) => {
    const where = Object.entries(e.cell ?? {})
      .map(([key, value]) => `${key} = ${Array.isArray(value) ? value.join(',') : String(value)}`)
      .join(', ');
    return `- ${where ? `${where}, ` : ''}${e.method} ${e.metric} (± ${e.tolerance}): ${e.basis}`;
  });
  return ['<details><summary>Basis of each tolerance</summary>', '', ...bullets, '', '</details>'].join('\n');
}

/** Misses with the expectation's note, if any. */
export function missList(run: StudyRun): string[] {
  const notes = new Map(
    (run.config.expectations ?? []).map((e) => [
      `${e.method}\u0000${e.metric}\u0000${JSON.stringify(e.cell ?? {})}`,
      e,
    ]),
  );
  const misses: string[] = [];
  for (const row of run.rows) {
    if (row.within !== false) continue;
    const expectation = [...notes.values()].find(
      (e) =>
        e.method === row.method &&
        e.metric === row.metric &&
        Object.entries(e.cell ?? {}).every(([k, v]) => row.params[k] === v),
    );
    const where = paramText(row, run.study.gridKeys);
    misses.push(
      `${run.study.name}: ${where ? `${where}, ` : ''}${row.method} ${row.metric} = ${formatEstimate(row.value, row.mcse)} vs published ${row.published} ± ${row.tolerance}${expectation?.note ? ` — ${expectation.note}` : ''}`,
    );
  }
  return misses;
}

export function studySection(run: StudyRun, plots: readonly RenderedPlot[]): string {
  const { config } = run;
  const { within, total } = expectationSummary(run.rows);
  const parts: string[] = [`## ${config.title}`, ''];
  const source = config.source
    ? `\`${sourceArticle(config.source)}\`${config.source.section ? ` — ${config.source.section}` : ''}`
    : 'not stated';
  const replications =
    run.replications !== undefined
      ? `${run.replications.toLocaleString('en-US')} replications per cell`
      : 'computed by formula (no simulation)';
  parts.push(
    `Study \`${run.study.name}\` · source ${source} · ${replications}${run.seed !== undefined ? ` · seed ${run.seed}` : ''} · ${(run.wallTimeMs / 1000).toFixed(2)} s · ${total ? `**${within} of ${total}** published values within tolerance` : 'no published values'}`,
    '',
  );
  if (config.description) parts.push(config.description, '');
  if (config.report?.reading) parts.push(`**Reading.** ${config.report.reading}`, '');
  parts.push(comparisonTable(run.rows, run.study.gridKeys), '');
  const bases = toleranceBases(run);
  if (bases) parts.push(bases, '');
  for (const plot of plots) parts.push(`![${plot.title}](${plot.file})`, '');
  parts.push(
    '<details><summary>Full results table</summary>',
    '',
    formatResultsTable(run.rows, { format: 'markdown', gridKeys: run.study.gridKeys }),
    '',
    '</details>',
    '',
  );
  return parts.join('\n');
}
