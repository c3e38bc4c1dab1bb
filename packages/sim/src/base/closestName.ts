/**
 * "Did you mean …?": the known name closest to a mistyped one, for every "unknown name"
 * complaint (registry names, study names, flags). A candidate is suggested when it differs
 * from the name only in case, when one is the other plus a suffix or prefix (a
 * `wilsonInterval` for `wilson`, a `clusteredT` for `clustered`), or when the optimal string
 * alignment distance (Levenshtein with adjacent transpositions) is at most ⌈length / 3⌉,
 * capped at 3 (0 for a name of one or two letters, where any other letter would be "close") — to the whole candidate, or (a little less close) to its beginning, so a typo
 * in a shortened name still finds it (`betaBinomal` → `betaBinomialClusters`). Ties go to the
 * earlier candidate.
 */

/** Optimal string alignment distance between `a` and `b` (edits: insert, delete, substitute, swap neighbours). */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array(rows * cols);
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(
        d[(i - 1) * cols + j] + 1,
        d[i * cols + j - 1] + 1,
        d[(i - 1) * cols + j - 1] + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, d[(i - 2) * cols + j - 2] + 1);
      d[i * cols + j] = best;
    }
  }
  return d[rows * cols - 1];
}

/** The candidate closest to `name` (see the module comment), or undefined when none is close. */
export function closestName(name: string, candidates: Iterable<string>): string | undefined {
  const lower = name.toLowerCase();
  let best: string | undefined;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    if (candidate === name) continue;
    const other = candidate.toLowerCase();
    let score: number;
    if (other === lower) score = 0;
    else if (lower.length >= 3 && other.length >= 3 && (lower.startsWith(other) || other.startsWith(lower)))
      score = 0.5;
    else {
      const limit = lower.length <= 2 ? 0 : Math.min(3, Math.ceil(lower.length / 3));
      const distance = editDistance(lower, other);
      score = distance <= limit ? distance : Number.POSITIVE_INFINITY;
      if (lower.length >= 4 && other.length > lower.length) {
        const head = Math.min(
          editDistance(lower, other.slice(0, lower.length)),
          editDistance(lower, other.slice(0, lower.length + 1)),
        );
        if (head <= limit) score = Math.min(score, head + 0.75);
      }
    }
    if (score < bestScore) {
      best = candidate;
      bestScore = score;
    }
  }
  return best;
}

/** `; did you mean X?` for the closest candidate, or '' when none is close. */
export function didYouMean(name: string, candidates: Iterable<string>, quote = ''): string {
  const match = closestName(name, candidates);
  return match === undefined ? '' : `; did you mean ${quote}${match}${quote}?`;
}

/**
 * The `count` candidates nearest to `name` by edit distance (case-insensitive; ties in
 * candidate order), for an unknown name among names the user chose (systems, clusters), where
 * any of them may be what was meant: "no system "gpt_x"; closest: gpt-x, gpt-4".
 */
export function nearestNames(name: string, candidates: Iterable<string>, count = 3): string[] {
  const lower = name.toLowerCase();
  return [...candidates]
    .map((candidate, i) => ({ candidate, i, d: editDistance(lower, candidate.toLowerCase()) }))
    .sort((a, b) => a.d - b.d || a.i - b.i)
    .slice(0, count)
    .map((x) => x.candidate);
}

/** `; closest: a, b, c` (the nearest names), or '' when there are none. */
export function closestList(name: string, candidates: Iterable<string>, count = 3): string {
  const near = nearestNames(name, candidates, count);
  return near.length ? `; closest: ${near.join(', ')}` : '';
}
