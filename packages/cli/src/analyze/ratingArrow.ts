/**
 * ratings.arrow (one row per model, full precision; ±∞ bounds as they are) and pairs.arrow (one row
 * per ordered pair that met: battles and the win share among decisive battles) of `evalsim rate --out`.
 * Schema metadata `evalsim.rating`: the fit, the interval and the options, and the evalsim version.
 */
import type { ArenaRating } from '@evalsim/sim';
import { type Cell, ipc } from './analysisArrow.js';

export function ratingArrow(a: ArenaRating, version: string): { ratings: Uint8Array; pairs: Uint8Array } {
  const meta = JSON.stringify({
    fit: a.fit,
    interval: a.interval,
    anchor: a.anchor,
    rankIntervals: a.rankIntervals,
    battles: a.battles,
    version,
  });
  const ratings: Record<string, Cell>[] = a.ratings.map((r) => ({
    model: r.model,
    rating: r.rating,
    lower: r.lower,
    upper: r.upper,
    se: r.se,
    unbounded: r.unbounded,
    arena_rank: r.arenaRank,
    rank_lower: r.rankLower,
    rank_upper: r.rankUpper,
    p_first: r.pFirst,
    battles: r.battles,
    wins: r.wins,
    ties: r.ties,
    losses: r.losses,
    online_elo: r.onlineElo,
  }));
  const pairs: Record<string, Cell>[] = [];
  a.winShares.models.forEach((m, i) => {
    a.winShares.models.forEach((o, j) => {
      if (i === j || a.winShares.battles[i][j] === 0) return;
      pairs.push({
        model: m,
        opponent: o,
        battles: a.winShares.battles[i][j],
        win_share: a.winShares.share[i][j],
      });
    });
  });
  return { ratings: ipc(ratings, meta, 'evalsim.rating'), pairs: ipc(pairs, meta, 'evalsim.rating') };
}
