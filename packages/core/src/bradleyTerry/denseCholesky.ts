/**
 * Dense symmetric positive-definite solves for the Newton steps and covariances of the
 * pairwise models (m + a few unknowns, m ≈ 10–300): the Cholesky factorisation A = L·Lᵀ
 * (Golub & Van Loan 2013, Algorithm 4.2.1, the row-oriented "gaxpy" form) in place in the
 * lower triangle of a row-major n×n array, then forward and back substitution. About n³/6
 * multiply-adds; no pivoting (A is SPD by construction: a Laplacian plus J = 11ᵀ/m or a ridge).
 */

/**
 * Overwrites the lower triangle of the row-major n×n array `a` with L (A = L·Lᵀ); the strict
 * upper triangle is left untouched. Returns false (and leaves `a` partly overwritten) when a
 * pivot is not positive — A is not positive definite to working precision.
 */
export function choleskyInPlace(a: Float64Array, n: number): boolean {
  for (let i = 0; i < n; i++) {
    const ri = i * n;
    for (let j = 0; j <= i; j++) {
      const rj = j * n;
      let s = a[ri + j];
      for (let k = 0; k < j; k++) s -= a[ri + k] * a[rj + k];
      if (i === j) {
        if (!(s > 0)) return false;
        a[ri + i] = Math.sqrt(s);
      } else {
        a[ri + j] = s / a[rj + j];
      }
    }
  }
  return true;
}

/** Solves L·Lᵀ·x = b in place (`b` becomes x), L from {@link choleskyInPlace}. */
export function choleskySolveInPlace(l: Float64Array, n: number, b: Float64Array): void {
  for (let i = 0; i < n; i++) {
    const ri = i * n;
    let s = b[i];
    for (let k = 0; k < i; k++) s -= l[ri + k] * b[k];
    b[i] = s / l[ri + i];
  }
  for (let i = n - 1; i >= 0; i--) {
    let s = b[i];
    for (let k = i + 1; k < n; k++) s -= l[k * n + i] * b[k];
    b[i] = s / l[i * n + i];
  }
}

/** out = A⁻¹ (full symmetric n×n, row-major) from A's factor L; `column` is n scratch numbers. */
export function choleskyInverse(l: Float64Array, n: number, out: Float64Array): void {
  const column = new Float64Array(n);
  for (let j = 0; j < n; j++) {
    column.fill(0);
    column[j] = 1;
    choleskySolveInPlace(l, n, column);
    for (let i = 0; i < n; i++) out[i * n + j] = column[i];
  }
  // Symmetrise the rounding (the two triangles come from different solves).
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < i; j++) {
      const v = 0.5 * (out[i * n + j] + out[j * n + i]);
      out[i * n + j] = v;
      out[j * n + i] = v;
    }
  }
}
