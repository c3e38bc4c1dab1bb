/**
 * The per-question success rates of a leaderboard of `copies` entries on Q questions, shared by
 * systemCopies (one system, optional per-copy gaps) and populationSystems (several systems,
 * each copied): rates[i·copies + j] = rateOf(i, j), each entry's accuracy Σ_i rates / Q, the
 * questions whose rate lies strictly between 0 and 1 for some entry (only they need a draw),
 * and the number of entry pairs whose true accuracies differ (the pairs a test may rightly
 * separate).
 */
export interface CopyRates {
  readonly rates: Float64Array;
  readonly accuracies: Float64Array;
  /** Per question, 1 when some rate lies in (0, 1). */
  readonly varies: Uint8Array;
  /** Questions with some rate in (0, 1), ascending. */
  readonly varying: number[];
  /** Pairs j < l of entries with different accuracies. */
  readonly truth: number;
}

export function copyRates(Q: number, copies: number, rateOf: (i: number, j: number) => number): CopyRates {
  const rates = new Float64Array(Q * copies);
  const accuracies = new Float64Array(copies);
  const varies = new Uint8Array(Q);
  const varying: number[] = [];
  for (let i = 0; i < Q; i++) {
    for (let j = 0; j < copies; j++) {
      const p = rateOf(i, j);
      rates[i * copies + j] = p;
      accuracies[j] += p / Q;
      if (p > 0 && p < 1) varies[i] = 1;
    }
    if (varies[i]) varying.push(i);
  }
  let truth = 0;
  for (let j = 0; j < copies; j++)
    for (let l = j + 1; l < copies; l++) if (accuracies[j] !== accuracies[l]) truth++;
  return { rates, accuracies, varies, varying, truth };
}
