/**
 * Summary statistics the stand-in generators match, computed the way the
 * article (seed 000) states them. Plain arrays in, numbers out.
 */

/** Mean of an array. */
export function mean(values) {
  let s = 0;
  for (const v of values) s += v;
  return s / values.length;
}

/** Sample variance (divisor n − 1). */
export function sampleVariance(values) {
  const m = mean(values);
  let s = 0;
  for (const v of values) s += (v - m) ** 2;
  return s / (values.length - 1);
}

/**
 * Two-sided exact McNemar p-value: 2·P(X ≤ min(b, c)) for X ~ Binomial(b + c, 1/2),
 * capped at 1 (McNemar 1947; the binomial form as in scipy.stats.binomtest).
 */
export function mcnemarExactP(b, c) {
  const n = b + c;
  if (n === 0) return 1;
  const k = Math.min(b, c);
  let pmf = 0.5 ** n;
  let cdf = pmf;
  for (let i = 1; i <= k; i++) {
    pmf = (pmf * (n - i + 1)) / i;
    cdf += pmf;
  }
  return Math.min(1, 2 * cdf);
}

/**
 * Clustered standard error of mean(s) (Miller 2024, eq. 4, as coded in the article):
 * sqrt( s.var(ddof=1)/n + Σ_g [ (Σ_{i∈g} r_i)² − Σ_{i∈g} r_i² ] / n² ), r = s − mean(s).
 */
export function clusteredStandardError(scores, groups) {
  const n = scores.length;
  const m = mean(scores);
  const sums = new Map();
  let squares = 0;
  for (let i = 0; i < n; i++) {
    const r = scores[i] - m;
    sums.set(groups[i], (sums.get(groups[i]) ?? 0) + r);
    squares += r * r;
  }
  let cross = -squares;
  for (const s of sums.values()) cross += s * s;
  return Math.sqrt(sampleVariance(scores) / n + cross / (n * n));
}

/** Naive binomial standard error sqrt(p(1 − p)/n) of a mean of 0/1 scores. */
export function naiveStandardError(scores) {
  const p = mean(scores);
  return Math.sqrt((p * (1 - p)) / scores.length);
}

/** Unbiased within-question variance of one question's k answers, c right: c(k − c)/(k(k − 1)). */
export function withinVariance(c, k) {
  return (c * (k - c)) / (k * (k - 1));
}

/**
 * Miller's (2024) split of the variance of per-question scores: E[σ²] = mean of the unbiased
 * within-question variances, and Var(x) = Var(c_i/k_i; ddof 1) − E[σ²]/K, the variance of
 * the true per-question rates with the sampling noise of the K-answer means removed.
 */
export function varianceSplit(correct, k) {
  const n = correct.length;
  const rates = correct.map((c, i) => c / k[i]);
  let within = 0;
  for (let i = 0; i < n; i++) within += withinVariance(correct[i], k[i]);
  const meanWithin = within / n;
  return { between: sampleVariance(rates) - meanWithin / k[0], within: meanWithin };
}

/**
 * Share of the variance of per-question values between clusters: the one-way ANOVA
 * η² = SS_between / SS_total, SS_between = Σ_g n_g (ȳ_g − ȳ)².
 */
export function betweenClusterShare(values, groups) {
  const m = mean(values);
  const sums = new Map();
  const counts = new Map();
  let total = 0;
  for (let i = 0; i < values.length; i++) {
    sums.set(groups[i], (sums.get(groups[i]) ?? 0) + values[i]);
    counts.set(groups[i], (counts.get(groups[i]) ?? 0) + 1);
    total += (values[i] - m) ** 2;
  }
  let between = 0;
  for (const [g, s] of sums) between += counts.get(g) * (s / counts.get(g) - m) ** 2;
  return between / total;
}
