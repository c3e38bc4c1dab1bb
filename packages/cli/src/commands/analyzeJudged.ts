/**
 * `evalsim analyze … --labels COLUMN | scorer:NAME | metric:NAME`: the judge-scored analysis
 * (sim analyzeJudged) of the imported eval — the recommended estimate per system and pair first,
 * then every estimate, the judge's agreement and the random-slice checks; `--json` one document,
 * `--out DIR` analysis.md, analysis.json, systems.arrow (and pairs.arrow), each built first and
 * written atomically. Called by analyze.ts when `--labels` is given.
 */

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { analyzeJudged, evalsimVersion, type ImportedEval, type JudgedAnalysis } from '@evalsim/sim';
import { writeFileAtomic } from '@evalsim/sim/internal';
import { formatTable, tableWidth } from '../format/printRows.js';
import { wrapText } from '../format/wrapText.js';
import { autoView } from '../html/autoView.js';
import type { CliIo } from '../io.js';
import { judgedArrow } from '../judged/judgedArrow.js';
import { judgedMarkdown } from '../judged/judgedMarkdown.js';
import { judgedHeadlines, judgedTables } from '../judged/judgedTables.js';
import { writeHtmlOutput } from './htmlOutput.js';

export interface JudgedArgs {
  readonly labels: string;
  readonly metric?: string | undefined;
  readonly task?: string | undefined;
  readonly systems: readonly string[];
  readonly baseline?: string | undefined;
  readonly level: number;
  readonly json: boolean;
  readonly out?: string | undefined;
  /** `--html FILE`: its checked absolute path, and the path as given. */
  readonly html?: { readonly path: string; readonly shown: string } | undefined;
}

/** The JSON document. */
export function judgedDocument(a: JudgedAnalysis, inputs: readonly string[]): Record<string, unknown> {
  return {
    evalsim: evalsimVersion(),
    inputs,
    ...a,
    headlines: judgedHeadlines(a),
    notes: [
      'null: a method that does not apply (its reason in skipped) or an undefined value',
      'differences are first − second; estimates on the metric scale (0–1 for accuracy)',
    ],
  };
}

function print(io: CliIo, a: JudgedAnalysis): void {
  const width = tableWidth(io.stdout);
  const say = (text: string) => io.stdout.write(`${wrapText(text, width).join('\n')}\n`);
  say(
    `${a.task}, ${a.metric} (judge) corrected with ${a.labelMetric} (human labels): ${a.systems.length} system${a.systems.length === 1 ? '' : 's'} \u00d7 ${a.questions.toLocaleString('en-US')} questions` +
      `${a.clusters ? ` in ${a.clusters} clusters` : ''} \u00d7 up to ${a.epochs} epoch${a.epochs === 1 ? '' : 's'} (${a.binary ? '0/1' : 'graded'} verdicts)`,
  );
  io.stdout.write('\n');
  for (const line of judgedHeadlines(a)) say(line);
  for (const t of judgedTables(a)) {
    io.stdout.write('\n');
    say(`${t.title} \u2014 ${t.note}`);
    io.stdout.write(formatTable(t.rows, { maxWidth: width }));
  }
}

/** Analyses `imported` (module comment). */
export async function runJudgedAnalysis(
  io: CliIo,
  imported: ImportedEval,
  paths: readonly string[],
  args: JudgedArgs,
): Promise<void> {
  const analysis = analyzeJudged(imported.table, {
    labels: args.labels,
    level: args.level,
    ...(args.metric !== undefined ? { metric: args.metric } : {}),
    ...(args.task !== undefined ? { task: args.task } : {}),
    ...(args.systems.length ? { systems: args.systems } : {}),
    ...(args.baseline !== undefined ? { baseline: args.baseline } : {}),
  });
  const doc = judgedDocument(analysis, paths);
  const jsonText = `${JSON.stringify(doc, null, 2)}\n`;
  if (args.out !== undefined) {
    const outDir = io.resolve(args.out);
    const arrow = judgedArrow(analysis, evalsimVersion());
    const files: [string, string | Uint8Array][] = [
      ['analysis.md', judgedMarkdown(analysis, paths)],
      ['analysis.json', jsonText],
      ['systems.arrow', arrow.systems],
    ];
    if (arrow.pairs) files.push(['pairs.arrow', arrow.pairs]);
    mkdirSync(outDir, { recursive: true });
    for (const [name, data] of files) writeFileAtomic(join(outDir, name), data);
  }
  if (args.html)
    await writeHtmlOutput(io, args.html.path, args.html.shown, jsonText, (d) =>
      autoView('evalsim analyze --labels', d),
    );
  if (args.json) io.stdout.write(jsonText);
  else print(io, analysis);
  for (const w of imported.warnings) io.stderr.write(`warning: ${w.file ? `${w.file}: ` : ''}${w.message}\n`);
  for (const w of analysis.warnings) io.stderr.write(`warning: ${w}\n`);
  if (args.out !== undefined)
    io.stderr.write(
      `wrote ${args.out}: analysis.md, analysis.json, systems.arrow${analysis.pairs.length ? ', pairs.arrow' : ''}\n`,
    );
}
