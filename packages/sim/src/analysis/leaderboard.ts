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

/**
 * The compact letter display is drawn only while it needs at most this many letters per
 * system on the board (max(100, 2S) in all): separations that are not nested — a system
 * separated from some but not from others in between — make the letter sets multiply (200
 * systems in 25 clusters gave 11,578 letters, one system in 11,304 of them), which is no longer
 * a display; the groups are then left empty and the rank ranges carry the information.
 */
export const MAX_LETTERS_PER_SYSTEM = 2;

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
 * `separated` lists the separated pairs of system indices (either order, each once); `scores`
 * per system. Rows come back best first (ties by input order). Memory is linear in the systems
 * and the separated pairs (no S × S table: 10,000 systems against a baseline stay small).
 *
 * Letter sets are bitsets (32 systems a word). Absorbing after each split only checks the new
 * sets: the family before a split is an antichain, so an unsplit set is never inside a new one
 * (that would put it inside the set it came from), and only the new sets can be redundant — the
 * same result as absorbing the whole family each time, in O(#sets · S/32) per split instead of
 * O(#sets² · S) (200 systems, 19,900 pairs: milliseconds instead of 14 s).
 */
export function leaderboard(
  systems: readonly string[],
  scores: ArrayLike<number>,
  separated: readonly (readonly [number, number])[],
): LeaderboardRow[] & { readonly groupsOmitted?: string } {
  const S = systems.length;
  // The pairs as i < j in the order the insert-and-absorb visits them (by i, then j).
  const pairs = separated
    .map(([a, b]) => (a < b ? [a, b] : [b, a]) as [number, number])
    .sort((u, v) => u[0] - v[0] || u[1] - v[1]);
  const order = Array.from({ length: S }, (_, i) => i).sort((i, j) => scores[j] - scores[i] || i - j);
  const position = new Int32Array(S);
  order.forEach((s, p) => {
    position[s] = p;
  });
  const words = Math.ceil(S / 32);
  const has = (set: Uint32Array, k: number) => (set[k >>> 5] >>> (k & 31)) & 1;
  const subset = (u: Uint32Array, v: Uint32Array) => {
    for (let w = 0; w < words; w++) if ((u[w] & ~v[w]) !== 0) return false;
    return true;
  };
  const full = new Uint32Array(words);
  for (let k = 0; k < S; k++) full[k >>> 5] |= 1 << (k & 31);
  // Insert and absorb (Piepho 2004), while the letters stay a display (MAX_LETTERS_PER_SYSTEM).
  const maxSets = Math.max(100, MAX_LETTERS_PER_SYSTEM * S);
  let sets: Uint32Array[] = [full];
  let tooMany = false;
  for (const [i, j] of pairs) {
    if (sets.length > maxSets) {
      tooMany = true;
      break;
    }
    {
      if (!sets.some((set) => has(set, i) && has(set, j))) continue;
      const next: Uint32Array[] = [];
      const fresh: boolean[] = [];
      for (const set of sets) {
        if (has(set, i) && has(set, j)) {
          const a = set.slice();
          a[i >>> 5] &= ~(1 << (i & 31));
          const b = set.slice();
          b[j >>> 5] &= ~(1 << (j & 31));
          next.push(a, b);
          fresh.push(true, true);
        } else {
          next.push(set);
          fresh.push(false);
        }
      }
      const kept = new Uint8Array(next.length).fill(1);
      for (let u = 0; u < next.length; u++) {
        if (!fresh[u]) continue;
        for (let v = 0; v < next.length; v++) {
          if (v === u || !kept[v]) continue;
          // Drop u inside another set; of two equal sets keep the first.
          if (subset(next[u], next[v]) && (!subset(next[v], next[u]) || v < u)) {
            kept[u] = 0;
            break;
          }
        }
      }
      sets = next.filter((_, u) => kept[u]);
    }
  }
  const firstMember = (set: Uint32Array) => {
    for (const s of order) if (has(set, s)) return position[s];
    return S;
  };
  const first = sets.map(firstMember);
  const sorted = sets.map((set, k) => ({ set, at: first[k], k })).sort((u, v) => u.at - v.at || u.k - v.k);
  const letterSets = tooMany ? [] : sorted.map((x) => x.set);
  const above = new Int32Array(S);
  const below = new Int32Array(S);
  for (const [i, j] of pairs) {
    const [hi, lo] = position[i] < position[j] ? [i, j] : [j, i];
    above[lo]++;
    below[hi]++;
  }
  // rank = 1 + the number of strictly higher scores: the position of the first equal score.
  const rankOf = new Int32Array(S);
  for (let p = 0; p < S; p++) {
    const s = order[p];
    rankOf[s] = p > 0 && scores[order[p - 1]] === scores[s] ? rankOf[order[p - 1]] : p + 1;
  }
  const rows = order.map((s) => {
    const group = letterSets
      .map((set, k) => (has(set, s) ? letters(k) : ''))
      .filter((l) => l !== '')
      .join(letterSets.length > 26 ? ',' : '');
    return {
      system: systems[s],
      score: scores[s],
      rank: rankOf[s],
      rankRange: [1 + above[s], S - below[s]] as const,
      group,
    };
  });
  return tooMany
    ? Object.assign(rows, {
        groupsOmitted: `the tie groups would need more than ${maxSets} letters (the separations are not nested), so no letters are shown; the rank ranges say what was separated`,
      })
    : rows;
}
