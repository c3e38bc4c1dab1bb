/**
 * Writes `<out>/REPORT.md`: a summary (published values reproduced within tolerance,
 * explained and unexplained misses, replications used), the list of misses, then one
 * section per study. A pure function of the results files and the study files — no wall
 * time, machine or date — so rerunning an unchanged study leaves the committed report
 * byte-identical (timings go to the terminal and to `.runs/`).
 */
import { join } from 'node:path';
import { sourceArticle, writeFileAtomic } from '@evalsim/sim/internal';
import { countStatuses, countsText, judgeRows, missesText } from './expectationStatus.js';
import type { RenderedPlot } from './renderPlots.js';
import { isRescaled, type ReportEntry, type ReportStudy } from './reportStudy.js';
import { missLines, studySection } from './studySection.js';

export interface ReportInput {
  /** Every study of the studies directory, in file order, with its results or why there are none. */
  readonly entries: readonly ReportEntry[];
  /** Plots rendered for each current study, by study name. */
  readonly plots: ReadonlyMap<string, readonly RenderedPlot[]>;
}

function anchor(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .replace(/ /g, '-');
}

/** The report's Markdown text. */
export function reportMarkdown(input: ReportInput): string {
  const reports: ReportStudy[] = input.entries.flatMap((e) => (e.status === 'current' ? [e.report] : []));
  const judged = reports.map((report) => judgeRows(report.study, report.rows));
  const counts = countStatuses(judged.flat());
  const misses = reports.flatMap((report, i) => missLines(report.study, judged[i]));
  const versions = [...new Set(reports.map((r) => r.version))];
  const rescaled = reports.filter(isRescaled).map((r) => r.study.name);
  const absent = input.entries.filter((e) => e.status !== 'current');
  const missesSummary = missesText(counts);
  const lines: string[] = [
    '# evalsim: the articles’ tables, reproduced',
    '',
    `**${counts.within} of ${counts.total} published values reproduced within tolerance**${missesSummary ? ` (${missesSummary})` : ''} across ${reports.length} studies · evalsim ${versions.join(', ') || 'unknown'}`,
    '',
    rescaled.length === 0
      ? 'Replications: the articles’ own counts (each study states its count).'
      : `Replications: **rescaled** for ${rescaled.join(', ')} (a preview; each study states the count actually used). Tolerances were set for the full counts, so expect more misses.`,
    '',
    'Each value is shown as reproduced ± its Monte Carlo standard error beside the published value; ✓ means |reproduced − published| ≤ tolerance, “✗ explained” a miss whose cause is established and stated in the study’s section (the published value cannot be reproduced as described), “✗ unexplained” a miss nobody has explained (`reproduce --strict` fails on it). Each study states the basis of its tolerances. Plots show reproduced values with ±1.96 MCSE bars, published values as hollow diamonds and the nominal level as a dashed line. Regenerate with `npm run reproduce`; timings are printed there, not recorded here.',
    '',
    '| study | source | replications | within tolerance |',
    '| --- | --- | ---: | ---: |',
    ...reports.map((report, i) => {
      const replications = report.replications?.toLocaleString('en-US') ?? 'formula';
      return `| [${report.study.name}](#${anchor(report.config.title)}) | ${report.config.source ? (sourceArticle(report.config.source) ?? '') : ''} | ${replications}${isRescaled(report) ? ' (rescaled)' : ''} | ${countsText(countStatuses(judged[i]))} |`;
    }),
    '',
  ];
  if (absent.length) {
    lines.push(
      'Not in this report:',
      ...absent.map((e) =>
        e.status === 'missing'
          ? `- ${e.name}: no results (no \`${e.name}.arrow\` here)`
          : `- ${e.name}: \`${e.name}.arrow\` was made from another version of the study file; rerun it`,
      ),
      '',
    );
  }
  if (misses.length) lines.push('### Misses', '', ...misses.map((m) => `- ${m}`), '');
  for (const report of reports) lines.push(studySection(report, input.plots.get(report.study.name) ?? []));
  return `${lines.join('\n')}\n`;
}

/** Write `<outDir>/REPORT.md` atomically; returns its path. */
export function writeReport(outDir: string, input: ReportInput): string {
  const path = join(outDir, 'REPORT.md');
  writeFileAtomic(path, reportMarkdown(input));
  return path;
}
