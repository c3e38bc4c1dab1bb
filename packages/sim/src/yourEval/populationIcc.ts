/**
 * The intra-cluster correlation of one-answer scores in an item population, for the
 * audit's parametric (beta-binomial) mode: a question i of cluster c answered once is
 * Bernoulli(r_i), so with cluster means μ_c the score's variance p(1 − p) splits into the
 * between-cluster part σ_b² = Var_c(μ_c) and the rest, and the beta-binomial's
 *
 *   ρ = σ_b² / (p(1 − p)),   p = mean_i r_i.
 *
 * σ_b² is the one-way ANOVA (method-of-moments) estimate from the rates themselves, which
 * carry no answer noise: σ_b² = (MSB − MSW)/m₀ with m₀ = (N − Σ m_c²/N)/(K − 1) for unequal
 * sizes (Searle, Casella & McCulloch 1992, Variance Components §3.6), clipped at 0; K = 1 or
 * N = K (every cluster a single question) gives ρ = 0 (no clustering to measure).
 */
export function populationIcc(rates: Float64Array, clusterOf: Int32Array): number {
  const n = rates.length;
  let clusters = 0;
  for (let i = 0; i < n; i++) clusters = Math.max(clusters, clusterOf[i] + 1);
  if (clusters < 2 || clusters >= n) return 0;
  const sums = new Float64Array(clusters);
  const sizes = new Float64Array(clusters);
  let p = 0;
  for (let i = 0; i < n; i++) {
    sums[clusterOf[i]] += rates[i];
    sizes[clusterOf[i]] += 1;
    p += rates[i] / n;
  }
  if (p <= 0 || p >= 1) return 0;
  let ssb = 0;
  let sumSquaredSizes = 0;
  for (let c = 0; c < clusters; c++) {
    ssb += sizes[c] * (sums[c] / sizes[c] - p) ** 2;
    sumSquaredSizes += sizes[c] * sizes[c];
  }
  let ssw = 0;
  for (let i = 0; i < n; i++) {
    const c = clusterOf[i];
    ssw += (rates[i] - sums[c] / sizes[c]) ** 2;
  }
  const msb = ssb / (clusters - 1);
  const msw = ssw / (n - clusters);
  const m0 = (n - sumSquaredSizes / n) / (clusters - 1);
  const between = Math.max(0, (msb - msw) / m0);
  return Math.min(0.999, between / (p * (1 - p)));
}
