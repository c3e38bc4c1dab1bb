/**
 * ratings.md of `evalsim rate --out`: the headline, the leaderboard, the notes, the style
 * coefficients, the win shares among decisive battles (FastChat's heat map as a table, top 25)
 * and the inputs.
 */
import type { ArenaRating } from '@evalsim/sim';
import { markdownTable } from '../format/alignedTable.js';
import { fitSentence, intervalSentence, ratingNotes, ratingTable, styleLines } from './ratingTables.js';

export function ratingMarkdown(a: ArenaRating, inputs: readonly string[], plot: string | undefined): string {
  const t = ratingTable(a);
  const out: string[] = ['# Ratings', '', fitSentence(a), '', `**${intervalSentence(a)}**`, ''];
  out.push(markdownTable(t.header, t.rows), '');
  if (plot) out.push(`![ratings with their intervals](${plot})`, '');
  for (const note of ratingNotes(a)) out.push(`- ${note}`);
  out.push('');
  const style = styleLines(a);
  if (style.length) out.push('## Style control', '', '```', ...style, '```', '');
  const top = a.winShares.models.slice(0, 25);
  out.push('## Win shares among decisive battles (row beats column; ties left out)', '');
  out.push(
    markdownTable(
      ['', ...top],
      top.map((m, i) => [
        m,
        ...top.map((_, j) =>
          a.winShares.share[i][j] === null ? '' : (a.winShares.share[i][j] as number).toFixed(2),
        ),
      ]),
    ),
    '',
  );
  if (a.warnings.length) out.push('## Warnings', '', ...a.warnings.map((w) => `- ${w}`), '');
  out.push('## Inputs', '', ...inputs.map((f) => `- \`${f}\``), '');
  return out.join('\n');
}
