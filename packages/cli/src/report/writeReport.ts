/**
 * Writes results/REPORT.md: a summary (published values reproduced within
 * tolerance, wall time, machine, replications used), the list of misses, then
 * one section per study.
 */
import { join } from 'node:path';
import {
  expectationSummary,
  machineDescription,
  type StudyRun,
  sourceArticle,
  writeFileAtomic,
} from '@evalsim/sim';
import type { RenderedPlot } from './renderPlots.js';
import { missList, studySection } from './studySection.js';

export interface ReportInput {
  readonly runs: readonly { run: StudyRun; plots: readonly RenderedPlot[] }[];
  readonly wallTimeMs: number;
  readonly workers: number;
  readonly replicationsScale: number;
  readonly version: string;
}

/** The report's Markdown text. */
export function reportMarkdown(input: ReportInput): string {
  let within = 0;
  let total = 0;
  for (const { run } of input.runs) {
    const s = expectationSummary(run.rows);
    within += s.within;
    total += s.total;
  }
  const misses = input.runs.flatMap(({ run }) => missList(run));
  const lines: string[] = [
    '# evalsim: the articles’ tables, reproduced',
    '',
    `**${within} of ${total} published values reproduced within tolerance** across ${input.runs.length} studies · wall time ${(input.wallTimeMs / 1000).toFixed(1)} s with ${input.workers} worker${input.workers === 1 ? '' : 's'} · ${machineDescription()} · Node ${process.version} · evalsim ${input.version}`,
    '',
    input.replicationsScale === 1
      ? 'Replications: the articles’ own counts (each study states its count).'
      : `Replications: **${input.replicationsScale}× the articles’ counts** (a preview; each study states the count actually used). Tolerances were set for the full counts, so expect more misses.`,
    '',
    'Each value is shown as reproduced ± its Monte Carlo standard error beside the published value; ✓ means |reproduced − published| ≤ tolerance, ✗ a miss. Each study states the basis of its tolerances. Plots show reproduced values with ±1.96 MCSE bars, published values as hollow diamonds and the nominal level as a dashed line. Regenerate with `npm run reproduce`.',
    '',
    '| study | source | replications | within tolerance | wall time |',
    '| --- | --- | ---: | ---: | ---: |',
    ...input.runs.map(({ run }) => {
      const s = expectationSummary(run.rows);
      const anchor = run.config.title
        .toLowerCase()
        .replace(/[^a-z0-9 -]/g, '')
        .replace(/ /g, '-');
      return `| [${run.study.name}](#${anchor}) | ${run.config.source ? (sourceArticle(run.config.source) ?? '') : ''} | ${run.replications?.toLocaleString('en-US') ?? 'formula'} | ${s.total ? `${s.within}/${s.total}` : '—'} | ${(run.wallTimeMs / 1000).toFixed(2)} s |`;
    }),
    '',
  ];
  if (misses.length) lines.push('### Misses', '', ...misses.map((m) => `- ${m}`), '');
  for (const { run, plots } of input.runs) lines.push(studySection(run, plots));
  return `${lines.join('\n')}\n`;
}

/** Write `<outDir>/REPORT.md` atomically; returns its path. */
export function writeReport(outDir: string, input: ReportInput): string {
  const path = join(outDir, 'REPORT.md');
  writeFileAtomic(path, reportMarkdown(input));
  return path;
}
