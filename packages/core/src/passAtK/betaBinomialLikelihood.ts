/**
 * The beta-binomial marginal likelihood of per-question pass counts, shared by the posterior
 * interval (betaBinomialPassAtKInterval.ts) and the fit behind `plan --samples`
 * (fitBetaBinomial.ts). Question i passed c_i of its n_i samples; with p_i ~ Beta(a, b),
 * a = μd, b = (1 − μ)d,
 *
 *   log L(μ, d) = Σ_i [R(a, c_i) + R(b, n_i − c_i) − R(d, n_i)] + const,
 *   R(x, m) = log Γ(x + m) − log Γ(x) = Σ_{j<m} log(x + j)
 *
 * (the binomial coefficients are constant). Questions are grouped by (c, n) and R is read
 * from prefix sums of log(x + j), j < max n, so one evaluation costs 3·max n logarithms plus
 * one term per group, whatever the number of questions. Coordinates: u = logit μ, s = log d.
 */

/** Questions grouped by (c, n): `size` distinct pairs, each with its count. */
export interface CountGroups {
  size: number;
  readonly c: Int32Array;
  readonly n: Int32Array;
  readonly weight: Float64Array;
  /** Largest n among the groups. */
  maxN: number;
}

/** Empty groups with room for `capacity` pairs. */
export function createCountGroups(capacity: number): CountGroups {
  return {
    size: 0,
    c: new Int32Array(capacity),
    n: new Int32Array(capacity),
    weight: new Float64Array(capacity),
    maxN: 0,
  };
}

/** Groups per-question counts into `out` (O(Q·G); G, the distinct pairs, is small). */
export function groupCounts(correct: ArrayLike<number>, asks: ArrayLike<number>, out: CountGroups): void {
  out.size = 0;
  out.maxN = 0;
  for (let i = 0; i < asks.length; i++) addCount(out, correct[i], asks[i], 1);
}

/** Adds `weight` questions with counts (c, n) to the groups. */
export function addCount(out: CountGroups, c: number, n: number, weight: number): void {
  for (let g = 0; g < out.size; g++) {
    if (out.c[g] === c && out.n[g] === n) {
      out.weight[g] += weight;
      return;
    }
  }
  const g = out.size++;
  out.c[g] = c;
  out.n[g] = n;
  out.weight[g] = weight;
  if (n > out.maxN) out.maxN = n;
}

/** Prefix tables of log(x + j) for the three shapes a, b, d. */
export interface LikelihoodScratch {
  readonly pa: Float64Array;
  readonly pb: Float64Array;
  readonly pd: Float64Array;
}

export function createLikelihoodScratch(maxN: number): LikelihoodScratch {
  return {
    pa: new Float64Array(maxN + 1),
    pb: new Float64Array(maxN + 1),
    pd: new Float64Array(maxN + 1),
  };
}

function prefix(x: number, m: number, out: Float64Array): void {
  let s = 0;
  out[0] = 0;
  for (let j = 0; j < m; j++) {
    s += Math.log(x + j);
    out[j + 1] = s;
  }
}

/** log L at (u, s) = (logit μ, log d), without the binomial coefficients. */
export function betaBinomialLogLikelihood(
  u: number,
  s: number,
  g: CountGroups,
  w: LikelihoodScratch,
): number {
  const d = Math.exp(s);
  const a = d / (1 + Math.exp(-u));
  const b = d / (1 + Math.exp(u));
  prefix(a, g.maxN, w.pa);
  prefix(b, g.maxN, w.pb);
  prefix(d, g.maxN, w.pd);
  let total = 0;
  for (let k = 0; k < g.size; k++) {
    const c = g.c[k];
    const n = g.n[k];
    total += g.weight[k] * (w.pa[c] + w.pb[n - c] - w.pd[n]);
  }
  return total;
}

/**
 * log prior density at (u, s) of μ ~ Uniform(0, 1) and ρ = 1/(1 + d) ~ Uniform(0, 1) — the
 * intra-question correlation of two samples of a question (Jacobians included:
 * dμ/du = μ(1 − μ), |dρ/ds| = d/(1 + d)²).
 */
export function uniformMeanIccLogPrior(u: number, s: number): number {
  const logMu = -Math.log1p(Math.exp(-u));
  const logOneMinus = -Math.log1p(Math.exp(u));
  const log1pd = s > 0 ? s + Math.log1p(Math.exp(-s)) : Math.log1p(Math.exp(s));
  return logMu + logOneMinus + s - 2 * log1pd;
}

/** The maximiser found by {@link maximizeLogDensity}, with the Hessian there. */
export interface ModeResult {
  u: number;
  s: number;
  value: number;
  /** Hessian entries (second derivatives of the log density). */
  huu: number;
  hus: number;
  hss: number;
}

export function createModeResult(): ModeResult {
  return { u: 0, s: 0, value: 0, huu: 0, hus: 0, hss: 0 };
}

const H = 1e-3;

function hessianAt(
  f: (u: number, s: number) => number,
  u: number,
  s: number,
  f0: number,
  out: ModeResult,
): void {
  const fup = f(u + H, s);
  const fum = f(u - H, s);
  const fsp = f(u, s + H);
  const fsm = f(u, s - H);
  out.huu = (fup - 2 * f0 + fum) / (H * H);
  out.hss = (fsp - 2 * f0 + fsm) / (H * H);
  out.hus = (f(u + H, s + H) - f(u + H, s - H) - f(u - H, s + H) + f(u - H, s - H)) / (4 * H * H);
}

/**
 * Maximises f(u, s) by damped Newton steps from (u0, s0) within the box |u| ≤ 30, s ∈ [−20, 25]
 * (central-difference derivatives; a step that does not increase f is halved, and a saddle or
 * flat direction falls back to a gradient step). Fills `out` with the maximiser, f there and
 * the Hessian.
 */
export function maximizeLogDensity(
  f: (u: number, s: number) => number,
  u0: number,
  s0: number,
  out: ModeResult,
): void {
  let u = u0;
  let s = s0;
  let fu = f(u, s);
  for (let iter = 0; iter < 60; iter++) {
    const gu = (f(u + H, s) - f(u - H, s)) / (2 * H);
    const gs = (f(u, s + H) - f(u, s - H)) / (2 * H);
    hessianAt(f, u, s, fu, out);
    const det = out.huu * out.hss - out.hus * out.hus;
    let du: number;
    let ds: number;
    if (out.huu < 0 && det > 0) {
      du = -(out.hss * gu - out.hus * gs) / det;
      ds = -(-out.hus * gu + out.huu * gs) / det;
    } else {
      du = gu;
      ds = gs;
    }
    const len = Math.hypot(du, ds);
    if (len > 2) {
      du *= 2 / len;
      ds *= 2 / len;
    }
    let step = 1;
    let moved = false;
    for (let half = 0; half < 30; half++) {
      const un = Math.max(-30, Math.min(30, u + step * du));
      const sn = Math.max(-20, Math.min(25, s + step * ds));
      const fn = f(un, sn);
      if (fn > fu) {
        const done = Math.abs(un - u) < 1e-9 && Math.abs(sn - s) < 1e-9;
        u = un;
        s = sn;
        fu = fn;
        moved = !done;
        break;
      }
      step /= 2;
    }
    if (!moved) break;
  }
  out.u = u;
  out.s = s;
  out.value = fu;
  hessianAt(f, u, s, fu, out);
}
