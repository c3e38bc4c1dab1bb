/**
 * The rank of one entry on a simulated leaderboard (method `leaderboardRank`, data
 * `systemCopiesScores`): entry j's place when the board is sorted by right answers, best
 * first,
 *
 *   rank_j = 1 + #{l : k_l > k_j} + U,   U uniform on {0, …, #{l ≠ j : k_l = k_j}}
 *
 * (ties broken at random, one draw from the replication's stream: each entry of a tied group
 * is equally likely to take any of the group's places, so every entry's rank distribution is
 * exact and P(rank = r) sums to 1 over r. The draw is made per entry, so within one
 * replication two tied entries may both be placed first: Σ_j P(entry j first) = 1 holds in
 * expectation, not replication by replication.)
 * Metrics: estimateShare with equals: 1 → P(rank first); equals: r → the rank
 * distribution; estimateQuantile q 0.025 / 0.975 → a 95% rank interval; meanEstimate.
 * Result: estimate = the rank; se, bounds and p-values NaN. Allocation-free.
 */
import { defineMethod } from '../base/defineMethod.js';
import { clearPValues } from '../base/methodResult.js';

export const leaderboardRank = defineMethod({
  name: 'leaderboardRank',
  description:
    'Rank (1 = most right answers; ties broken at random) of one entry of a leaderboard: option entry (0-based). estimate = the rank.',
  kind: 'interval',
  accepts: ['systemCopiesScores'],
  options: {
    entry: {
      type: 'integer',
      min: 0,
      required: true,
      description: 'The entry ranked (0-based board position).',
    },
  },
  create(options) {
    const j = options.entry;
    return (data, rng, out) => {
      const { totals } = data;
      if (j >= data.copies)
        throw new RangeError(`entry: ${j} is not below the board's ${data.copies} entries`);
      let greater = 0;
      let tied = 0;
      const mine = totals[j];
      for (let l = 0; l < data.copies; l++) {
        if (l === j) continue;
        if (totals[l] > mine) greater++;
        else if (totals[l] === mine) tied++;
      }
      out.estimate = 1 + greater + (tied > 0 ? rng.index(tied + 1) : 0);
      out.se = Number.NaN;
      out.lower = Number.NaN;
      out.upper = Number.NaN;
      clearPValues(out);
      out.degenerate = false;
    };
  },
});
