/**
 * Brent's root finder (Brent 1973, "Algorithms for Minimization without Derivatives",
 * ch. 4, procedure `zero`; the same algorithm as R's `uniroot` / netlib `zeroin`):
 * inverse quadratic interpolation and secant steps, falling back to bisection, on a
 * bracket [a, b] with f(a)·f(b) ≤ 0. Converges to |b − a| ≤ 4·ε·|b| + tol.
 *
 * Allocation-free: `f` receives up to six numeric parameters instead of being a closure,
 * so callers pass a module-level function and their numbers.
 */

/** A function of x and up to six fixed parameters. */
export type RootFunction = (
  x: number,
  p1: number,
  p2: number,
  p3: number,
  p4: number,
  p5: number,
  p6: number,
) => number;

const EPS = Number.EPSILON;

/**
 * A root of f in [a, b]. Requires f(a) and f(b) of opposite signs (or one of them 0);
 * otherwise returns NaN (callers check the bracket first). `fa`, `fb` are f(a), f(b)
 * when already known.
 */
export function brentRoot(
  f: RootFunction,
  a: number,
  b: number,
  p1 = 0,
  p2 = 0,
  p3 = 0,
  p4 = 0,
  p5 = 0,
  p6 = 0,
  tol = 1e-15,
  fa = f(a, p1, p2, p3, p4, p5, p6),
  fb = f(b, p1, p2, p3, p4, p5, p6),
): number {
  if (fa === 0) return a;
  if (fb === 0) return b;
  if ((fa > 0 && fb > 0) || (fa < 0 && fb < 0) || Number.isNaN(fa) || Number.isNaN(fb)) return Number.NaN;
  let c = a;
  let fc = fa;
  let d = b - a;
  let e = d;
  for (let iter = 0; iter < 200; iter++) {
    if ((fb > 0 && fc > 0) || (fb < 0 && fc < 0)) {
      c = a;
      fc = fa;
      d = b - a;
      e = d;
    }
    if (Math.abs(fc) < Math.abs(fb)) {
      a = b;
      b = c;
      c = a;
      fa = fb;
      fb = fc;
      fc = fa;
    }
    const tol1 = 2 * EPS * Math.abs(b) + 0.5 * tol;
    const xm = 0.5 * (c - b);
    if (Math.abs(xm) <= tol1 || fb === 0) return b;
    if (Math.abs(e) >= tol1 && Math.abs(fa) > Math.abs(fb)) {
      let p: number;
      let q: number;
      const s = fb / fa;
      if (a === c) {
        p = 2 * xm * s;
        q = 1 - s;
      } else {
        const qa = fa / fc;
        const r = fb / fc;
        p = s * (2 * xm * qa * (qa - r) - (b - a) * (r - 1));
        q = (qa - 1) * (r - 1) * (s - 1);
      }
      if (p > 0) q = -q;
      else p = -p;
      if (2 * p < Math.min(3 * xm * q - Math.abs(tol1 * q), Math.abs(e * q))) {
        e = d;
        d = p / q;
      } else {
        d = xm;
        e = d;
      }
    } else {
      d = xm;
      e = d;
    }
    a = b;
    fa = fb;
    b += Math.abs(d) > tol1 ? d : xm > 0 ? tol1 : -tol1;
    fb = f(b, p1, p2, p3, p4, p5, p6);
  }
  return b;
}
