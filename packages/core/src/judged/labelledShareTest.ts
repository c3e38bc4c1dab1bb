/**
 * Is the labelled slice a random sample? PPI and the Rogan–Gladen correction assume the
 * labelled rows are drawn at random from the judged ones; a slice whose share of labelled rows
 * differs by group (cluster, system) is not. Pearson's χ² test of homogeneity of the 2 × G
 * table (labelled, unlabelled) × group, without continuity correction (scipy
 * `chi2_contingency(table, correction=False)`):
 *
 *   X² = Σ_g Σ_{c ∈ {L, U}} (O_gc − E_gc)²/E_gc,  E_gc = R_g·C_c/R,  df = G − 1,
 *
 * over the groups with at least one row; p = P(χ²_df ≥ X²). Degenerate (p = 1, X² = 0) when
 * fewer than two groups have rows or every row (or none) is labelled. The χ² approximation wants
 * expected counts of about 5 or more; `smallExpected` counts the cells below 5.
 */
import { chiSquareSf } from '../distributions/index.js';
import { assertSameLength, InputError } from '../validate.js';

export interface LabelledShareTest {
  readonly statistic: number;
  readonly df: number;
  readonly pValue: number;
  /** Groups with at least one row. */
  readonly groups: number;
  /** Cells with an expected count below 5. */
  readonly smallExpected: number;
  readonly degenerate: boolean;
}

/** The test on `labelled[g]` labelled rows out of `rows[g]` per group (module comment). */
export function labelledShareTest(labelled: ArrayLike<number>, rows: ArrayLike<number>): LabelledShareTest {
  assertSameLength('labelled', labelled, 'rows', rows);
  let total = 0;
  let totalLabelled = 0;
  let groups = 0;
  for (let g = 0; g < rows.length; g++) {
    const r = rows[g];
    const l = labelled[g];
    if (!Number.isInteger(r) || r < 0)
      throw new InputError('rows', `group ${g} is ${r}; counts are integers ≥ 0`);
    if (!Number.isInteger(l) || l < 0 || l > r)
      throw new InputError('labelled', `group ${g} is ${l}; allowed: an integer in [0, ${r}]`);
    if (r > 0) groups++;
    total += r;
    totalLabelled += l;
  }
  if (groups < 2 || totalLabelled === 0 || totalLabelled === total) {
    return {
      statistic: 0,
      df: Math.max(0, groups - 1),
      pValue: 1,
      groups,
      smallExpected: 0,
      degenerate: true,
    };
  }
  const share = totalLabelled / total;
  let statistic = 0;
  let smallExpected = 0;
  for (let g = 0; g < rows.length; g++) {
    const r = rows[g];
    if (r === 0) continue;
    const eL = r * share;
    const eU = r - eL;
    const dL = labelled[g] - eL;
    statistic += (dL * dL) / eL + (dL * dL) / eU;
    if (eL < 5) smallExpected++;
    if (eU < 5) smallExpected++;
  }
  const df = groups - 1;
  return { statistic, df, pValue: chiSquareSf(statistic, df), groups, smallExpected, degenerate: false };
}
