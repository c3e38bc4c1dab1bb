/**
 * x^y with the same bits on every JavaScript engine: `Math.pow` (and `**`, which V8 compiles to
 * it) is implementation-defined, and V8 changed it between Node 20 (V8 11.3) and Node 24 (V8 13):
 * on random inputs the two differ in the last bit in 5–8% of cases, so any result that depends on
 * `Math.pow` changes its bytes with the Node version. This function is built only from IEEE-754
 * +, −, ×, ÷ and sqrt (correctly rounded by the standard, so identical everywhere) and
 * `Math.exp` on |t| ≤ ln2/2 (V8's port of fdlibm's e_exp.c, unchanged since 2016 and identical in
 * Node 20 and 24); its logarithm is its own.
 *
 * Cases, in order (x^y as ECMAScript's Number::exponentiate defines it for NaN, ±0, ±∞, a
 * negative base and |x| = 1 with y = ±∞):
 * - y = 0 → 1, y = 1 → x, y = 2 → x·x, y = −1 → 1/x, y = ½ with 0 < x < ∞ → √x: exact or
 *   correctly rounded.
 * - x < 0 with integer y: ±|x|^y, negative for odd y; x < 0 with non-integer y: NaN.
 * - x = ±2^k with integer y: 2^(k·y) exactly (0 or ∞ beyond the range).
 * - Integer |y| ≤ 64 (when no intermediate power leaves [2^−960, 2^960]): binary powering in
 *   double-double arithmetic (Dekker's product with Veltkamp's split), a reciprocal for y < 0:
 *   correctly rounded but within ≈ 2^−95 relative of a rounding midpoint (tested: within
 *   0.5 ulp + 2^−40 ulp), so exact whenever x^y is a double (10^3 = 1000; 3^−2 is 1/9 rounded).
 * - Otherwise e^(y·ln x): ln x to ≈ 2^−68 relative in double-double, from x = 2^k·m,
 *   m ∈ [√½, √2), m = c_j·(1 + r) with c_j = 1 + j/128 (ln c_j tabulated in double-double at load
 *   by the atanh series) and ln(m/c_j) = 2 atanh(s), s = (m − c_j)/(m + c_j), |s| < 2^−8, by its
 *   series; the product y·ln x in double-double; then e^(z + ζ) = 2^n · e^t · (1 + τ) with
 *   n = round(z/ln2) and t + τ = z − n·ln2 + ζ in double-double (Cody–Waite ln2 split).
 *
 * Accuracy (checked against mpmath at 400 bits, packages/core/fixtures/scripts/pow.py; worst of
 * its 3,185 cases 1.09 ulp, set by Math.exp's own error and one rounding):
 * within 1.5 ulp of x^y for every normal result (relative error below 3.4e-16 even where
 * |y·ln x| ≈ 745, for x near 1 with |y| ~ 10^15, and for subnormal x), within 1 unit of 2^−1074
 * for subnormal results; ∞ and ±0 exactly where x^y rounds to them. Exact where ECMAScript
 * defines the value. Cost ≈ 2–3 × Math.pow.
 *
 * Sources: T. J. Dekker, "A floating-point technique for extending the available precision",
 * Numer. Math. 18 (1971) (two-product, double-double); W. J. Cody and W. Waite, Software Manual for
 * the Elementary Functions (1980) (argument reduction); fdlibm e_pow.c / e_exp.c (the ln2 split).
 */

/** 2^27 + 1: Veltkamp's splitter for 53-bit doubles. */
const SPLITTER = 134217729;
/** ln 2 split (fdlibm's ln2_hi, ln2_lo): LN2_HI has 32 significant bits, so n·LN2_HI is exact for |n| < 2^21. */
const LN2_HI = 0.6931471803691238;
const LN2_LO = 1.9082149292705877e-10;
/** Integer exponents up to this are powered in double-double. */
const MAX_POWERED = 64;

const bits = new Float64Array(1);
const words = new Uint32Array(bits.buffer);
/** Index of the word holding the sign, exponent and top mantissa bits. */
const HIGH = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 1 : 0;
const LOW = 1 - HIGH;

/** 2^e for e ∈ [−1074, 1023] (index e + 1074), by exact doubling and halving. */
const POWERS_OF_TWO = new Float64Array(2098);
{
  let v = 1;
  for (let e = 0; e <= 1023; e++, v *= 2) POWERS_OF_TWO[e + 1074] = v;
  v = 1;
  for (let e = 0; e >= -1074; e--, v /= 2) POWERS_OF_TWO[e + 1074] = v;
}

// Double-double results of the helpers below (module scratch: nothing allocated per call).
let outHi = 0;
let outLo = 0;

/** outHi + outLo = a·b exactly (Dekker; |a|, |b| < 2^996). */
function twoProduct(a: number, b: number): void {
  const p = a * b;
  let t = SPLITTER * a;
  const ah = t - (t - a);
  const al = a - ah;
  t = SPLITTER * b;
  const bh = t - (t - b);
  const bl = b - bh;
  outHi = p;
  outLo = ah * bh - p + ah * bl + al * bh + al * bl;
}

/** outHi + outLo = a + b exactly (Knuth's two-sum). */
function twoSum(a: number, b: number): void {
  const s = a + b;
  const bb = s - a;
  outHi = s;
  outLo = a - (s - bb) + (b - bb);
}

/** (ah + al)·(bh + bl) in double-double, normalized. */
function ddMultiply(ah: number, al: number, bh: number, bl: number): void {
  twoProduct(ah, bh);
  const p = outHi;
  const e = outLo + (ah * bl + al * bh);
  const s = p + e;
  outHi = s;
  outLo = e - (s - p);
}

/** ln(1 + j/128) in double-double by 2·atanh(s), s = j/(256 + j), summed until the terms vanish. */
function tabulatedLog(j: number): void {
  const d = 256 + j;
  const sh = j / d;
  twoProduct(sh, d);
  const sl = (j - outHi - outLo) / d;
  ddMultiply(sh, sl, sh, sl);
  const wh = outHi;
  const wl = outLo;
  let th = sh;
  let tl = sl;
  let accHi = sh;
  let accLo = sl;
  for (let i = 1; i < 60 && th !== 0; i++) {
    ddMultiply(th, tl, wh, wl);
    th = outHi;
    tl = outLo;
    const q = th / (2 * i + 1);
    twoProduct(q, 2 * i + 1);
    const ql = (th - outHi - outLo + tl) / (2 * i + 1);
    twoSum(accHi, q);
    const lo = outLo + accLo + ql;
    accHi = outHi + lo;
    accLo = lo - (accHi - outHi);
    if (Math.abs(th) < 1e-34 * Math.abs(accHi)) break;
  }
  outHi = 2 * accHi;
  outLo = 2 * accLo;
}

/** ln c_j, c_j = 1 + j/128, j ∈ [−64, 63] (index j + 64), high and low parts. */
const LOG_TABLE_HI = new Float64Array(128);
const LOG_TABLE_LO = new Float64Array(128);
for (let j = -64; j < 64; j++) {
  tabulatedLog(j);
  LOG_TABLE_HI[j + 64] = outHi;
  LOG_TABLE_LO[j + 64] = outLo;
}

/** r·2^n for r ∈ [½, 2] and n ∈ [−1080, 1030], with a single rounding (in the subnormal range). */
function scaleByPowerOfTwo(r: number, n: number): number {
  if (n > 1023) return r * POWERS_OF_TWO[1023 + 1074] * POWERS_OF_TWO[n - 1023 + 1074];
  if (n < -1022) return r * POWERS_OF_TWO[n + 1000 + 1074] * POWERS_OF_TWO[-1000 + 1074];
  return r * POWERS_OF_TWO[n + 1074];
}

/** y is an odd integer (every double ≥ 2^53 is even). */
function isOddInteger(y: number): boolean {
  return Math.abs(y) < 9007199254740992 && Number.isInteger(y) && y % 2 !== 0;
}

/** x^y for finite x > 0, x ≠ 1, and finite y ∉ {0, 1}. */
function positivePower(x: number, y: number): number {
  bits[0] = x;
  let high = words[HIGH];
  let k = (high >>> 20) - 1023;
  if (high >>> 20 === 0) {
    bits[0] = x * 18014398509481984; // subnormal: × 2^54 (exact)
    high = words[HIGH];
    k = (high >>> 20) - 1023 - 54;
  }
  const integer = Number.isInteger(y);
  if (integer && (high & 0xfffff) === 0 && words[LOW] === 0) {
    // x = 2^k: 2^(k·y) exactly.
    const e = k * y;
    return e > 1023 ? Infinity : e < -1074 ? 0 : POWERS_OF_TWO[e + 1074];
  }
  const ay = Math.abs(y);
  if (integer && ay <= MAX_POWERED && ay * (Math.abs(k) + 1) <= 960) return poweredInteger(x, y);
  // x ≠ 1 has |ln x| ≥ 2^−53, so |y| > 2^64 puts |y·ln x| past 2048: certain overflow or underflow.
  if (ay > 18446744073709552000) return x > 1 === y > 0 ? Infinity : 0;

  // x = 2^k·m with m ∈ [√½, √2).
  words[HIGH] = (high & 0xfffff) | 0x3ff00000;
  let m = bits[0];
  if (m >= Math.SQRT2) {
    m *= 0.5;
    k += 1;
  }
  // m = c·(1 + r), c = 1 + j/128; ln(m/c) = 2 atanh(s), s = (m − c)/(m + c), |s| < 2^−8.
  const j = Math.round((m - 1) * 128);
  const c = 1 + j / 128;
  const d = m - c; // exact (Sterbenz)
  twoSum(m, c);
  const ah = outHi;
  const al = outLo;
  const sh = d / ah;
  twoProduct(sh, ah);
  const sl = (d - outHi - outLo - sh * al) / ah;
  const w = sh * sh;
  const series = sh * w * (2 / 3 + w * (2 / 5 + w * (2 / 7 + w * (2 / 9))));
  // ln x = k·ln2 + ln c + 2s + series, in double-double.
  twoSum(k * LN2_HI, LOG_TABLE_HI[j + 64]);
  let hi = outHi;
  let lo = outLo;
  twoSum(hi, 2 * sh);
  hi = outHi;
  lo += outLo + (k * LN2_LO + LOG_TABLE_LO[j + 64] + 2 * sl + series);
  const logHi = hi + lo;
  const logLo = lo - (logHi - hi);

  // z + ζ = y·ln x.
  twoProduct(y, logHi);
  const zp = outHi;
  const ze = outLo + y * logLo;
  const z = zp + ze;
  const zeta = ze - (z - zp);
  if (z > 710) return Infinity;
  if (z < -746) return 0;

  // e^(z + ζ) = 2^n · e^(t + τ), t + τ = z − n·ln2 + ζ.
  const n = Math.round(z * Math.LOG2E);
  twoSum(z - n * LN2_HI, -(n * LN2_LO)); // z − n·LN2_HI is exact
  const t = outHi;
  const tau = outLo + zeta;
  const e = Math.exp(t);
  return scaleByPowerOfTwo(e + e * tau, n);
}

/** x^y for integer 3 ≤ |y| ≤ 64 by binary powering in double-double (no intermediate out of range). */
function poweredInteger(x: number, y: number): number {
  let n = Math.abs(y);
  let bh = x;
  let bl = 0;
  let rh = 1;
  let rl = 0;
  for (;;) {
    if (n & 1) {
      ddMultiply(rh, rl, bh, bl);
      rh = outHi;
      rl = outLo;
    }
    n >>>= 1;
    if (n === 0) break;
    ddMultiply(bh, bl, bh, bl);
    bh = outHi;
    bl = outLo;
  }
  if (y > 0) return rh + rl;
  // 1/(rh + rl): q + q·(1 − q·(rh + rl)).
  const q = 1 / rh;
  twoProduct(q, rh);
  const residual = 1 - outHi - outLo - q * rl;
  return q + q * residual;
}

/**
 * x^y (ECMAScript's Number::exponentiate), identical on every engine; see the module comment for
 * the method and its accuracy (within 1.5 ulp; exact or correctly rounded in the cases listed).
 */
export function pow(x: number, y: number): number {
  if (y === 2) return x * x;
  if (y === 1) return x;
  if (y === 0) return 1;
  if (Number.isNaN(y) || Number.isNaN(x)) return Number.NaN;
  if (y === -1) return 1 / x;
  if (y === 0.5 && x > 0 && x < Infinity) return Math.sqrt(x);
  if (y === Infinity || y === -Infinity) {
    const ax = Math.abs(x);
    if (ax === 1) return Number.NaN;
    return ax > 1 === y > 0 ? Infinity : 0;
  }
  if (x === 0) {
    // ±0: the sign survives an odd exponent.
    if (y > 0) return isOddInteger(y) ? x : 0;
    return isOddInteger(y) ? 1 / x : Infinity;
  }
  if (x === Infinity) return y > 0 ? Infinity : 0;
  if (x === -Infinity) {
    const odd = isOddInteger(y);
    if (y > 0) return odd ? -Infinity : Infinity;
    return odd ? -0 : 0;
  }
  if (x < 0) {
    if (!Number.isInteger(y)) return Number.NaN;
    const magnitude = x === -1 ? 1 : positivePower(-x, y);
    return isOddInteger(y) ? -magnitude : magnitude;
  }
  if (x === 1) return 1;
  return positivePower(x, y);
}
