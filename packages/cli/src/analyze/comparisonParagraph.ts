/**
 * A plain-language paragraph per comparison, in the spirit of seed 002's honest report:
 * "Prompt B scored 75% versus prompt A's 71% on the frozen 100-item set (paired difference
 * +4 points, 95% CI [−2.2, +10.2], McNemar p ≈ 0.34). We could not detect a difference;
 * this design could only have resolved differences larger than about 10 points."
 *
 * The verdict, from the headline interval and the Holm-adjusted test:
 * - the interval excludes 0 and the pair survives Holm: the leader is ahead, by the interval;
 * - the interval excludes 0 but Holm does not separate them: not established once the
 *   other comparisons are counted;
 * - the interval includes 0: no difference detected, and the MDE says what the design could
 *   have resolved (and how many questions a smaller gap would need).
 */
import type { AdjustedPair, EvalAnalysis } from '@evalsim/sim';
import { analysisUnits, formatP, intervalLabel, testLabel } from './analysisUnits.js';

function score(u: ReturnType<typeof analysisUnits>, x: number): string {
  return u.unit === 'points' ? `${u.value(x)}%` : u.value(x);
}

/** The paragraph for one pair of `analysis`. */
export function comparisonParagraph(analysis: EvalAnalysis, p: AdjustedPair): string {
  const u = analysisUnits(analysis);
  const pct = Math.round(analysis.options.level * 100);
  const unit = u.unit;
  const parts: string[] = [];
  const clusters = analysis.clusters > 0 ? `, in ${analysis.clusters} clusters` : '';
  parts.push(
    `${p.first} scored ${score(u, p.firstScore)} versus ${p.second}\u2019s ${score(u, p.secondScore)} on the same ${analysis.questions} questions${clusters} (${analysis.basis.scores}).`,
  );
  const method = p.test.method;
  const counts =
    p.mcnemar && method.startsWith('mcnemar')
      ? ` (${p.mcnemar.n10} questions only ${p.first} got right, ${p.mcnemar.n01} only ${p.second}; ${analysis.basis.answers})`
      : '';
  const test = `${testLabel(method)} p = ${formatP(p.test.pValue)}${counts}`;
  parts.push(
    `Paired difference ${u.signed(p.difference)} ${unit}, ${pct}% CI ${u.range(p.interval.lower, p.interval.upper)} (${intervalLabel(p.interval.method)}${p.interval.fallback ? `, because ${p.interval.fallback}` : ''}); ${test}.`,
  );
  if (!p.agreement.agrees && p.agreement.note) parts.push(`Note: ${p.agreement.note}.`);
  const others: string[] = [];
  if (analysis.clusters > 0)
    others.push(`ignoring the clusters the paired CI would be ${u.range(p.pairedZ.lower, p.pairedZ.upper)}`);
  others.push(`treated as unpaired, ${u.range(p.unpaired.lower, p.unpaired.upper)}`);
  parts.push(`For contrast: ${others.join('; ')}.`);
  const m = analysis.pairs.length;
  const excludesZero = p.interval.lower > 0 || p.interval.upper < 0;
  const leader = p.difference >= 0 ? p.first : p.second;
  const trailer = p.difference >= 0 ? p.second : p.first;
  const holm =
    m > 1
      ? ` (${testLabel(p.test.method)} p = ${formatP(p.test.pValue)}, Holm-adjusted over ${m} comparisons ${formatP(p.holmPValue)})`
      : '';
  if (excludesZero && p.separated) {
    const [lo, hi] =
      p.difference >= 0 ? [p.interval.lower, p.interval.upper] : [-p.interval.upper, -p.interval.lower];
    parts.push(
      `${leader} is ahead of ${trailer}, by between ${u.value(lo)} and ${u.value(hi)} ${unit}${holm}.`,
    );
  } else if (excludesZero) {
    parts.push(
      `The interval excludes zero, but ${leader}\u2019s lead is not established once the other comparisons are counted${holm}.`,
    );
  } else {
    const mde = p.power ? (p.power.mdeClustered ?? p.power.mde) : null;
    const could =
      mde !== null
        ? ` this design could only have resolved differences larger than about ${u.value(mde)} ${unit} (${Math.round(analysis.options.power * 100)}% power, \u03b1 = ${Number(analysis.options.alpha.toPrecision(3))}${p.power?.mdeClustered != null ? ', clustered' : ''})`
        : '';
    const smaller = p.power?.questionsFor.filter((g) => g.gap < (mde ?? 0)).at(-1);
    const need =
      smaller !== undefined
        ? ` Resolving ${u.value(smaller.gap)} ${unit} would take about ${(smaller.clusteredQuestions ?? smaller.questions).toLocaleString('en-US')} questions.`
        : '';
    const alike =
      p.difference === 0
        ? ''
        : ` ${trailer} is not shown to be worse, and ${leader} may be modestly better; the eval did not establish it.`;
    const clusteredOnly =
      p.interval.method.startsWith('clustered') && (p.pairedZ.lower > 0 || p.pairedZ.upper < 0)
        ? ` Ignoring the ${analysis.clusters} clusters the paired interval excludes zero${p.mcnemar && p.mcnemar.exactPValue < analysis.options.alpha ? ` (and McNemar gives p = ${formatP(p.mcnemar.exactPValue)})` : ''}; the clustered one does not, so the difference may sit in a few clusters and is not shown for questions like these in general.`
        : '';
    parts.push(`We could not detect a difference${could ? `;${could}` : ''}.${clusteredOnly}${need}${alike}`);
  }
  return parts.join(' ');
}
