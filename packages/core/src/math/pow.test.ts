/**
 * pow against mpmath (packages/core/fixtures/pow.json, script fixtures/scripts/pow.py: x^y at 400
 * bits as the correctly rounded double plus its residual), at the accuracy the module comment
 * claims: within 1.5 ulp for normal results, within one 2^−1074 for subnormal ones, ±∞ and ±0
 * exactly, exact when x^y is a double and |y| ≤ 64 is an integer (≤ 0.5 ulp + 2^−95 there);
 * ECMAScript's special values against Math.pow (the standard fixes those); and the bits of a few
 * thousand results pinned (fixtures/powBits.json, written on Node 20 by fixtures/scripts/powBits.mjs),
 * which CI checks again on Node 24.
 */
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../test-utils/fixtures.js';
import { pow } from './pow.js';

interface Case {
  kind: string;
  x: string;
  y: string;
  hi: string;
  lo: string;
}

const MIN_NORMAL = 2.2250738585072014e-308;

/** The spacing of doubles at |v| (2^−1074 below the normal range). */
function ulp(v: number): number {
  const a = Math.abs(v);
  if (a < MIN_NORMAL) return 5e-324;
  let m = 1;
  while (m * 2 <= a) m *= 2;
  while (m > a) m /= 2;
  return m * 2.220446049250313e-16;
}

/** |r − (hi + lo)| in units of the last place of hi (exact: r − hi is exact when they are close). */
function ulpError(r: number, hi: number, lo: number): number {
  return Math.abs(r - hi - lo) / ulp(hi);
}

describe('pow against mpmath', () => {
  const { cases } = loadFixture<{ cases: Case[] }>('pow');

  it('has every kind of case', () => {
    const kinds = new Set(cases.map((c) => c.kind));
    for (const kind of [
      'spread',
      'moderate',
      'near one',
      'integer',
      'subnormal result',
      'overflow',
      'underflow',
      'edge max',
      'edge zero',
      'subnormal x',
      'power of two',
      'large integer',
      'tiny y',
    ])
      expect(kinds.has(kind), kind).toBe(true);
    expect(cases.length).toBeGreaterThan(3000);
  });

  it('is within 1.5 ulp of x^y for normal results, one 2^-1074 for subnormal ones, and exact at ±∞ and 0', () => {
    const failures: string[] = [];
    let worstNormal = 0;
    let worstRelative = 0;
    let subnormals = 0;
    for (const c of cases) {
      const x = Number(c.x);
      const y = Number(c.y);
      const hi = Number(c.hi);
      const lo = Number(c.lo);
      const r = pow(x, y);
      const label = `${c.kind}: pow(${c.x}, ${c.y}) = ${r}, mpmath ${c.hi} + ${c.lo}`;
      if (!Number.isFinite(hi) || hi === 0) {
        if (!Object.is(r, hi)) failures.push(label);
        continue;
      }
      const err = ulpError(r, hi, lo);
      if (Math.abs(hi) < MIN_NORMAL) {
        subnormals++;
        if (err > 1) failures.push(`${label} (${err} × 2^-1074)`);
        continue;
      }
      worstNormal = Math.max(worstNormal, err);
      worstRelative = Math.max(worstRelative, Math.abs((r - hi - lo) / hi));
      if (err > 1.5) failures.push(`${label} (${err} ulp)`);
    }
    expect(failures).toEqual([]);
    expect(subnormals).toBeGreaterThan(100);
    expect(worstRelative).toBeLessThan(3.4e-16);
    // The claim is not loose: the worst case reaches past 1 ulp (Math.exp's error plus one rounding).
    expect(worstNormal).toBeGreaterThan(0.5);
  });

  it('powers integer |y| ≤ 64 to within 0.5 ulp + 2^-95 (exact when x^y is a double)', () => {
    const failures: string[] = [];
    let exact = 0;
    for (const c of cases.filter((c) => c.kind === 'integer')) {
      const x = Number(c.x);
      const y = Number(c.y);
      const hi = Number(c.hi);
      const lo = Number(c.lo);
      // The double-double path needs every power of x within [2^-960, 2^960].
      if (Math.abs(y) * (Math.abs(Math.floor(Math.log2(Math.abs(x)))) + 1) > 960 || Math.abs(hi) < MIN_NORMAL)
        continue;
      const r = pow(x, y);
      if (lo === 0) {
        exact++;
        if (!Object.is(r, hi)) failures.push(`pow(${c.x}, ${c.y}) = ${r}, exactly ${c.hi}`);
      } else if (ulpError(r, hi, lo) > 0.5 + 2 ** -40)
        failures.push(`pow(${c.x}, ${c.y}) = ${r}, mpmath ${c.hi} + ${c.lo}`);
    }
    expect(failures).toEqual([]);
    expect(exact).toBeGreaterThan(50);
    expect(pow(10, 3)).toBe(1000);
    expect(pow(10, 22)).toBe(1e22);
    expect(pow(10, -5)).toBe(1e-5);
    expect(pow(3, -2)).toBe(1 / 9);
    expect(pow(-2, 63)).toBe(-9223372036854776000);
  });

  it('gives powers of two exactly, to the ends of the range', () => {
    expect(pow(2, -1074)).toBe(5e-324);
    expect(pow(2, -1075)).toBe(0);
    expect(pow(2, 1023)).toBe(8.98846567431158e307);
    expect(pow(2, 1024)).toBe(Infinity);
    expect(pow(0.5, 1074)).toBe(5e-324);
    expect(pow(4, -537)).toBe(5e-324);
    expect(pow(-2, -1073)).toBe(-1e-323);
    let power = 1;
    for (let e = 0; e <= 1023; e++, power *= 2) expect(pow(2, e)).toBe(power);
    power = 1;
    for (let e = 0; e >= -1074; e--, power /= 2) expect(pow(2, e)).toBe(power);
  });
});

describe('pow: the values ECMAScript fixes', () => {
  const values = [
    Number.NaN,
    0,
    -0,
    1,
    -1,
    0.5,
    -0.5,
    2,
    -2,
    3,
    -3,
    1.5,
    -1.5,
    1e300,
    -1e300,
    Infinity,
    -Infinity,
    1e-310,
    -1e-310,
  ];
  const fixed = new Set([Number.NaN, 0, Infinity, -Infinity]); // Set compares −0 as 0
  it('pow(x, y) is Math.pow(x, y) where x or y is NaN, ±0, ±∞, or x < 0 with a non-integer y', () => {
    let checked = 0;
    for (const x of values)
      for (const y of values) {
        if (!(fixed.has(x) || fixed.has(y) || (x < 0 && !Number.isInteger(y)))) continue;
        checked++;
        expect(Object.is(pow(x, y), x ** y), `pow(${x}, ${y})`).toBe(true);
      }
    expect(checked).toBeGreaterThan(200);
  });
  it('returns NaN for a negative base with a non-integer exponent, ±1 for |x| = 1', () => {
    expect(pow(-8, 1 / 3)).toBeNaN();
    expect(pow(-1, 1e300)).toBe(1);
    expect(pow(-1, 3)).toBe(-1);
    expect(pow(1, -1e300)).toBe(1);
    expect(pow(-1, Infinity)).toBeNaN();
  });
  it('keeps the sign of a negative base to an odd power, through underflow', () => {
    expect(Object.is(pow(-1e-200, 3), -0)).toBe(true);
    expect(pow(-1e200, 3)).toBe(-Infinity);
    expect(Object.is(pow(-1e-200, 4), 0)).toBe(true);
    expect(Object.is(pow(-0, 3), -0)).toBe(true);
    expect(pow(-0, -3)).toBe(-Infinity);
  });
});

describe('pow: the same bits on every Node version', () => {
  const { node, cases } = loadFixture<{ node: string; cases: [string, string, string][] }>('powBits');
  const view = new DataView(new ArrayBuffer(8));
  const fromHex = (h: string): number => {
    view.setBigUint64(0, BigInt(`0x${h}`));
    return view.getFloat64(0);
  };
  const toHex = (v: number): string => {
    view.setFloat64(0, v);
    return view.getBigUint64(0).toString(16).padStart(16, '0');
  };

  it(`returns the bits written on Node ${node} (on ${process.version})`, () => {
    expect(cases.length).toBeGreaterThan(3000);
    const differing: string[] = [];
    for (const [xh, yh, rh] of cases) {
      const got = toHex(pow(fromHex(xh), fromHex(yh)));
      if (got !== rh) differing.push(`pow(${fromHex(xh)}, ${fromHex(yh)}): ${got}, fixture ${rh}`);
    }
    expect(differing).toEqual([]);
  });
});
