/**
 * The analysis as a Markdown report: what was analysed, the verdict paragraph per pair, the
 * forest plot, every table of analysisTables.ts, the eval-level power, and every method that
 * was skipped with its reason.
 */
import type { EvalAnalysis } from '@evalsim/sim';
import { markdownTable } from '../format/alignedTable.js';
import { analysisTables } from './analysisTables.js';
import { analysisUnits } from './analysisUnits.js';
import { comparisonParagraph } from './comparisonParagraph.js';

/** The method-skipped lines, one per (system or pair, method). */
export function skippedLines(a: EvalAnalysis): string[] {
  const lines: string[] = [];
  const seen = new Set<string>();
  const add = (who: string, method: string, reason: string) => {
    const key = `${method}\u0000${reason}`;
    if (seen.has(key)) return;
    seen.add(key);
    lines.push(`${method}: skipped (${reason}; first seen for ${who})`);
  };
  for (const s of a.systems) for (const k of s.skipped) add(s.system, k.method, k.reason);
  for (const p of a.pairs)
    for (const k of p.skipped) add(`${p.first} \u2212 ${p.second}`, k.method, k.reason);
  return lines;
}

/** One paragraph saying what the eval could resolve overall. */
export function powerSentence(a: EvalAnalysis): string | null {
  if (!a.power) return null;
  const u = analysisUnits(a);
  const need = a.power.questionsFor
    .map((g) => `${u.value(g.gap)} ${u.unit}: ${g.questions.toLocaleString('en-US')}`)
    .join('; ');
  return (
    `With the median measured paired variance over the ${a.pairs.length} pair${a.pairs.length === 1 ? '' : 's'} ` +
    `(s_d\u00b2 = ${Number(a.power.variance.toPrecision(3))}), this eval's ${a.questions} questions detect a true paired difference ` +
    `of ${u.value(a.power.mde)} ${u.unit} with ${Math.round(a.options.power * 100)}% power at \u03b1 = ${Number(a.options.alpha.toPrecision(3))} ` +
    `(ignoring clusters)` +
    (a.pairs.length > 1
      ? `; at Holm\u2019s first threshold \u03b1/${a.pairs.length} it detects ${u.value(a.power.mdeCorrected)} ${u.unit}`
      : '') +
    `. Questions needed per gap \u2014 ${need}.`
  );
}

/** The Markdown document; `forest` is the SVG file name to embed, if written. */
export function analysisMarkdown(a: EvalAnalysis, inputs: readonly string[], forest?: string): string {
  const out: string[] = [];
  out.push(`# Eval analysis: ${a.task}, ${a.metric}`, '');
  out.push(
    `Inputs: ${inputs.map((p) => `\`${p}\``).join(', ')}. ${a.systems.length} systems \u00d7 ${a.questions} questions` +
      `${a.clusters ? ` in ${a.clusters} clusters` : ''} \u00d7 up to ${a.epochs} epoch${a.epochs === 1 ? '' : 's'}; ` +
      `${a.binary ? '0/1 scores' : 'graded scores'}. Continuous methods: ${a.basis.scores}; 0/1 methods: ${a.basis.answers}.`,
    '',
  );
  for (const w of a.warnings) out.push(`> warning: ${w}`, '');
  if (a.pairs.length) {
    out.push('## Comparisons', '');
    for (const p of a.pairs) out.push(comparisonParagraph(a, p), '');
    if (forest) out.push(`![Forest plot of the paired differences](${forest})`, '');
  }
  const power = powerSentence(a);
  if (power) out.push('## What this eval can resolve', '', power, '');
  for (const t of analysisTables(a)) {
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
  const skipped = skippedLines(a);
  if (skipped.length) {
    out.push('## Methods not applied', '');
    for (const s of skipped) out.push(`- ${s}`);
    out.push('');
  }
  return `${out.join('\n').trimEnd()}\n`;
}
