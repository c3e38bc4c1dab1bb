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

/**
 * The CopyRates of rateOf. `identical`: the caller states that rateOf(i, j) does not depend on j
 * (copies of one system with equal gaps), so it is called once per question and its value copied
 * to the entries; each entry's accuracy is the same sum, in the same order, so it is summed once.
 * The arrays are those of calling rateOf for every entry (tested).
 */
export function copyRates(
  Q: number,
  copies: number,
  rateOf: (i: number, j: number) => number,
  identical = false,
): CopyRates {
  const rates = new Float64Array(Q * copies);
  const accuracies = new Float64Array(copies);
  const varies = new Uint8Array(Q);
  const varying: number[] = [];
  let accuracy = 0;
  for (let i = 0; i < Q; i++) {
    if (identical) {
      const p = rateOf(i, 0);
      rates.fill(p, i * copies, (i + 1) * copies);
      accuracy += p / Q;
      if (p > 0 && p < 1) varies[i] = 1;
    } else {
      for (let j = 0; j < copies; j++) {
        const p = rateOf(i, j);
        rates[i * copies + j] = p;
        accuracies[j] += p / Q;
        if (p > 0 && p < 1) varies[i] = 1;
      }
    }
    if (varies[i]) varying.push(i);
  }
  if (identical) accuracies.fill(accuracy);
  let truth = 0;
  for (let j = 0; j < copies; j++)
    for (let l = j + 1; l < copies; l++) if (accuracies[j] !== accuracies[l]) truth++;
  return { rates, accuracies, varies, varying, truth };
}
