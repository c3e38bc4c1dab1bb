/** A judge-scored analysis as a Markdown report: the headlines, every table, the conventions, the warnings. */
import type { JudgedAnalysis } from '@evalsim/sim';
import { markdownTable } from '../format/alignedTable.js';
import { judgedHeadlines, judgedTables } from './judgedTables.js';

export function judgedMarkdown(a: JudgedAnalysis, inputs: readonly string[]): string {
  const out: string[] = [];
  out.push(`# Judge-scored eval: ${a.task}, ${a.metric} corrected with ${a.labelMetric}`, '');
  out.push(
    `Inputs: ${inputs.map((p) => `\`${p}\``).join(', ')}. ${a.systems.length} system${a.systems.length === 1 ? '' : 's'} \u00d7 ${a.questions.toLocaleString('en-US')} questions` +
      `${a.clusters ? ` in ${a.clusters} clusters` : ''} \u00d7 up to ${a.epochs} epoch${a.epochs === 1 ? '' : 's'}; ${a.binary ? '0/1 verdicts' : 'graded verdicts'}.`,
    '',
  );
  for (const w of a.warnings) out.push(`> warning: ${w}`, '');
  out.push('## Headline', '');
  for (const line of judgedHeadlines(a)) out.push(`- ${line}`);
  out.push('');
  for (const t of judgedTables(a)) {
    out.push(`## ${t.title}`, '', `_${t.note}_`, '');
    const header = Object.keys(t.rows[0] ?? {});
    out.push(
      markdownTable(
        header,
        t.rows.map((r) => header.map((h) => String(r[h] ?? ''))),
      ),
      '',
    );
  }
  out.push('## Conventions', '');
  for (const c of a.conventions) out.push(`- ${c}`);
  return `${out.join('\n').trimEnd()}\n`;
}
