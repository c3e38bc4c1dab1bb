/**
 * The design effect of a paired difference when whole clusters are drawn instead of
 * questions (used to place the plan's grid of cluster counts near the answer): with one
 * Bernoulli answer per system per question (or the mean of K: `epochs`), question i's difference
 * has mean d_i = p_iA − p_iB and sampling variance s_i = (p_iA(1 − p_iA) + p_iB(1 − p_iB))/K; a cluster c
 * of m_c questions contributes the total T_c − m_c d̄ (d̄ the population gap), so
 *
 *   DEFF = mean_c[(T_c − m_c d̄)² + Σ_{i∈c} s_i] / (m̄ · (ω² + σ_A² + σ_B²)),
 *
 * the variance of the ratio mean over K drawn clusters (Kish 1965, Survey Sampling §6.3,
 * the linearised ratio estimator) divided by that of n = K·m̄ questions drawn singly. Graded
 * scores: `withinA` / `withinB` give each question's variance of one answer in place of p(1 − p)
 * (powerParts.ts).
 */
export function designEffectOf(
  ratesA: Float64Array,
  ratesB: Float64Array,
  clusterOf: Int32Array,
  epochs = 1,
  withinA?: Float64Array,
  withinB?: Float64Array,
): number {
  const n = ratesA.length;
  let clusters = 0;
  for (let i = 0; i < n; i++) clusters = Math.max(clusters, clusterOf[i] + 1);
  let gap = 0;
  for (let i = 0; i < n; i++) gap += (ratesA[i] - ratesB[i]) / n;
  const totals = new Float64Array(clusters);
  const sizes = new Float64Array(clusters);
  let within = 0;
  let perQuestion = 0;
  for (let i = 0; i < n; i++) {
    const d = ratesA[i] - ratesB[i];
    const s =
      ((withinA ? withinA[i] : ratesA[i] * (1 - ratesA[i])) +
        (withinB ? withinB[i] : ratesB[i] * (1 - ratesB[i]))) /
      epochs;
    totals[clusterOf[i]] += d;
    sizes[clusterOf[i]] += 1;
    within += s;
    perQuestion += ((d - gap) ** 2 + s) / n;
  }
  let between = 0;
  for (let c = 0; c < clusters; c++) between += (totals[c] - sizes[c] * gap) ** 2;
  const perCluster = (between + within) / clusters;
  return perCluster / ((n / clusters) * perQuestion);
}
