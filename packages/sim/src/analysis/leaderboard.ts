/**
 * The leaderboard: systems ranked by score, with what the eval can and cannot separate.
 *
 * Two systems are SEPARATED when their pair's Holm-adjusted p-value (across every pair
 * compared) is below α; a pair that was not compared (with a baseline, only pairs with the
 * baseline are) counts as not separated.
 *
 * - `rank`: 1 + the number of systems with a strictly higher score (equal scores share a rank);
 * - `rankRange`: [1 + #systems separated from it and above it, S − #systems separated from
 *   it and below it] — the ranks the system could hold given what was separated;
 * - `group`: the compact letter display (Piepho 2004, "An algorithm for a letter-based
 *   representation of all-pairwise comparisons", J Comput Graph Stat 13:456; the
 *   insert-and-absorb algorithm): start with one letter shared by all; for each separated
 *   pair, split every letter set holding both into one without the first and one without
 *   the second, then drop any set contained in another. Afterwards two systems share a
 *   letter if and only if they are not separated. Letters are assigned a, b, c… in order
 *   of each set's best-ranked member. Systems in one tie group cannot be told apart at the
 *   corrected level; a system can sit in several groups ("ab"; beyond 26 groups the letters
 *   run "aa", "ab", … and a system's are separated by commas).
 */

export interface LeaderboardRow {
  readonly system: string;
  readonly score: number;
  readonly rank: number;
  readonly rankRange: readonly [number, number];
  readonly group: string;
}

function letters(i: number): string {
  let s = '';
  let k = i;
  do {
    s = String.fromCharCode(97 + (k % 26)) + s;
    k = Math.floor(k / 26) - 1;
  } while (k >= 0);
  return s;
}

/**
 * `separated[i * S + j]` (symmetric) says systems i and j were separated; `scores` per
 * system. Rows come back best first (ties by input order).
 */
export function leaderboard(
  systems: readonly string[],
  scores: ArrayLike<number>,
  separated: Uint8Array,
): LeaderboardRow[] {
  const S = systems.length;
  const order = Array.from({ length: S }, (_, i) => i).sort((i, j) => scores[j] - scores[i] || i - j);
  const position = new Int32Array(S);
  order.forEach((s, p) => {
    position[s] = p;
  });
  // Insert and absorb (Piepho 2004).
  let sets: Uint8Array[] = [new Uint8Array(S).fill(1)];
  for (let i = 0; i < S; i++) {
    for (let j = i + 1; j < S; j++) {
      if (!separated[i * S + j]) continue;
      const next: Uint8Array[] = [];
      for (const set of sets) {
        if (set[i] && set[j]) {
          const without = (k: number) => {
            const c = set.slice();
            c[k] = 0;
            return c;
          };
          next.push(without(i), without(j));
        } else next.push(set);
      }
      sets = absorb(next);
    }
  }
  const firstMember = (set: Uint8Array) => {
    for (const s of order) if (set[s]) return position[s];
    return S;
  };
  sets.sort((u, v) => firstMember(u) - firstMember(v));
  return order.map((s) => {
    let above = 0;
    let below = 0;
    let higher = 0;
    for (let t = 0; t < S; t++) {
      if (t === s) continue;
      if (scores[t] > scores[s]) higher++;
      if (!separated[s * S + t]) continue;
      if (position[t] < position[s]) above++;
      else below++;
    }
    const group = sets
      .map((set, k) => (set[s] ? letters(k) : ''))
      .filter((l) => l !== '')
      .join(sets.length > 26 ? ',' : '');
    return {
      system: systems[s],
      score: scores[s],
      rank: 1 + higher,
      rankRange: [1 + above, S - below] as const,
      group,
    };
  });
}

/** Drops empty sets, duplicates and sets contained in another. */
function absorb(sets: Uint8Array[]): Uint8Array[] {
  const subset = (u: Uint8Array, v: Uint8Array) => u.every((x, k) => !x || v[k]);
  const kept: Uint8Array[] = [];
  sets.forEach((u, i) => {
    if (!u.some((x) => x)) return;
    const covered = sets.some((v, j) => j !== i && subset(u, v) && (!subset(v, u) || j < i));
    if (!covered) kept.push(u);
  });
  return kept;
}
