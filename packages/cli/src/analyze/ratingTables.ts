/**
 * `evalsim rate`'s terminal and Markdown text: the headline (what was fitted, the interval used
 * — named as the recommended one), the leaderboard table (Arena rank, rating, CI, simultaneous
 * rank interval, P(rank 1), battles W–T–L, online Elo), the style coefficients, the notes
 * (what each rank means and promises, when prompts repeat, unbounded ratings) and the warnings.
 */
import type { ArenaRating } from '@evalsim/sim';

const fmt = (x: number, digits = 1): string =>
  x === Number.POSITIVE_INFINITY ? '+∞' : x === Number.NEGATIVE_INFINITY ? '−∞' : x.toFixed(digits);

/** Battles W–T–L with fractional wins (weighted preferences) to one decimal. */
function record(r: ArenaRating['ratings'][number]): string {
  const w = Number.isInteger(r.wins) ? String(r.wins) : r.wins.toFixed(1);
  const l = Number.isInteger(r.losses) ? String(r.losses) : r.losses.toFixed(1);
  return `${w}-${r.ties}-${l}`;
}

export function fitSentence(a: ArenaRating): string {
  const what =
    a.fit.model === 'davidson'
      ? `Davidson ratings (ties as a third outcome, ν̂ = ${(a.fit.nu as number).toFixed(3)})`
      : a.fit.model === 'style-control'
        ? 'style-controlled Bradley–Terry ratings (FastChat style control: answer length and markdown held equal)'
        : 'Bradley–Terry ratings (ties as half wins, as LMArena counts them)';
  const anchor =
    a.anchor.kind === 'mean' ? 'mean 1000' : `anchored at ${a.anchor.model} = ${a.anchor.rating}`;
  return `${what} of ${a.models} models from ${a.battles} battles (${a.ties} ties), Elo scale (400 points = 10:1 odds, ${anchor}); Newton converged in ${a.fit.iterations} steps (relative gradient ${a.fit.gradient.toExponential(1)})${a.fit.prior > 0 && a.fit.model === 'bradley-terry' ? `, ridge λ = ${a.fit.prior.toFixed(4)}` : ''}.`;
}

export function intervalSentence(a: ArenaRating): string {
  const pct = Math.round(a.interval.level * 100);
  const extra =
    a.interval.rounds !== undefined
      ? ` ${a.interval.rounds} rounds, seed ${a.interval.seed}: each endpoint's Monte Carlo s.d. ≈ ${(a.interval.endpointMcse as number).toFixed(3)} SE.`
      : '';
  const relative =
    a.anchor.kind === 'mean'
      ? 'of each rating relative to the mean'
      : `of each rating relative to ${a.anchor.model}`;
  return `Recommended interval: ${pct}% ${a.interval.name}, ${relative}.${extra}`;
}

export interface RatingTable {
  readonly header: string[];
  readonly rows: string[][];
  readonly right: boolean[];
}

export function ratingTable(a: ArenaRating): RatingTable {
  const pct = Math.round(a.interval.level * 100);
  const header = ['rank', 'model', 'rating', `${pct}% CI`, 'ranks', 'P(1st)', 'W-T-L', 'online Elo'];
  const rows = a.ratings.map((r) => [
    String(r.arenaRank),
    r.model,
    fmt(r.rating),
    `${fmt(r.lower)}–${fmt(r.upper)}`,
    r.rankLower === r.rankUpper ? String(r.rankLower) : `${r.rankLower}–${r.rankUpper}`,
    r.pFirst.toFixed(3),
    record(r),
    fmt(r.onlineElo),
  ]);
  return { header, rows, right: [true, false, true, true, true, true, true, true] };
}

/** Notes printed under the table: what the columns promise, and the input's caveats. */
export function ratingNotes(a: ArenaRating): string[] {
  const notes: string[] = [];
  notes.push(
    `rank: the Arena rule (1 + the number of models whose lower bound is above this model's upper bound), from the ${Math.round(a.interval.level * 100)}% intervals one model at a time — no claim about all ranks at once.`,
    `ranks: simultaneous rank intervals (${a.rankIntervals.rule}, critical value ${a.rankIntervals.critical.toFixed(3)}${a.rankIntervals.criticalMcse > 0 ? ` ± ${a.rankIntervals.criticalMcse.toFixed(3)} Monte Carlo s.e.` : ''}): ${a.rankIntervals.guarantee}.`,
    `P(1st): share of ${a.interval.rounds !== undefined ? 'bootstrap replicates' : `${a.rankIntervals.draws} normal draws of the estimate`} in which the model rates highest — a plug-in probability, not a posterior.`,
    'online Elo: FastChat compute_elo (K = 4) in battle order (by tstamp when every battle has one); it depends on the order and has no standard error.',
  );
  if (
    a.prompts &&
    a.prompts.battlesPerCluster >= 1.5 &&
    a.interval.method !== 'cluster' &&
    a.interval.method !== 'cluster-sandwich'
  ) {
    notes.push(
      `battles share prompts (${a.prompts.battlesPerCluster.toFixed(1)} per ${a.prompts.field} on average, ${a.prompts.clusters} prompts): if verdicts on one prompt agree more than chance these intervals are too narrow; --ci cluster (bootstrap over prompts) or --ci cluster-sandwich allows for it, and --audit measures the coverage.`,
    );
  }
  if (a.graph.unboundedModels.length > 0) {
    notes.push(
      `${a.graph.unboundedModels.join(', ')}: the battles do not bound ${a.graph.unboundedModels.length === 1 ? 'this rating' : 'these ratings'} (no MLE); the rating printed is the prior's compromise and the open end of the interval is ±∞.`,
    );
  }
  if (a.fractional)
    notes.push(
      'scores include fractional preferences (a weighted annotator): W-T-L counts wins as fractions.',
    );
  return notes;
}

export function styleLines(a: ArenaRating): string[] {
  if (!a.style) return [];
  const pct = Math.round(a.interval.level * 100);
  return [
    'style coefficients (log-odds per s.d. of the normalised difference; > 0: the judge prefers more):',
    ...a.style.coefficients.map(
      (c) =>
        `  ${c.feature.padEnd(22)} ${c.estimate.toFixed(3)}${Number.isNaN(c.lower) ? '' : `  (${pct}% CI ${c.lower.toFixed(3)} – ${c.upper.toFixed(3)})`}`,
    ),
  ];
}
