import { describe, expect, it } from 'vitest';
import { SeededStream } from '../../rng/SeededStream.js';
import { DENSE_ROWS, HASHED_FIRST_SLOTS, TriangleMemo, type TriangleMemoOptions } from './triangleMemo.js';

/** A pure function of (i, j) with three distinct numbers (−0 and NaN among them, to check bits). */
function f(i: number, j: number): [number, number, number] {
  if (j === 0) return [-0, Number.NaN, i];
  return [i + j / 7, (i * 31 + j) % 97, i - j];
}

/** Looks (i, j) up as a caller does: reads on a hit, computes and stores on a miss; returns the numbers and whether it computed. */
function lookUp(memo: TriangleMemo, i: number, j: number): { values: number[]; computed: boolean } {
  if (memo.find(i, j))
    return { values: Array.from({ length: memo.width }, (_, k) => memo.value(k)), computed: false };
  const values = f(i, j).slice(0, memo.width);
  memo.store(values[0]!, values[1], values[2]);
  return { values, computed: true };
}

describe('TriangleMemo', () => {
  it.each<[number, TriangleMemoOptions]>([
    [1, {}],
    [2, { denseRows: 50 }],
    [3, { denseRows: 0, maxHashed: 300 }],
    [3, { denseRows: 40, maxHashed: 1000 }],
  ])(
    'width %i, %o: against a Map on random keys — same bits, each key computed once while held',
    (width, options) => {
      const memo = new TriangleMemo(width, options);
      const denseRows = options.denseRows ?? DENSE_ROWS;
      const maxHashed = options.maxHashed ?? Number.POSITIVE_INFINITY;
      const rng = new SeededStream(28, width);
      // The reference: what the memo must hold (a hashed key may be forgotten when the hashed part starts again).
      let held = new Map<string, number>();
      let hashedHeld = 0;
      let recomputed = 0;
      for (let r = 0; r < 30_000; r++) {
        if (r % 9_000 === 8_999) {
          memo.clear();
          held = new Map();
          hashedHeld = 0;
        }
        const i = r % 3 === 0 ? rng.index(2_000) : rng.index(60);
        const j = rng.index(i + 1);
        const { values, computed } = lookUp(memo, i, j);
        const want = f(i, j).slice(0, width);
        expect(values.every((v, k) => Object.is(v, want[k]))).toBe(true);
        const key = `${i},${j}`;
        if (held.has(key)) {
          if (computed) recomputed++;
        } else {
          expect(computed).toBe(true);
          if (i >= denseRows && hashedHeld >= maxHashed) {
            // The hashed part started again: only the dense keys are still held.
            held = new Map([...held].filter(([, row]) => row < denseRows));
            hashedHeld = 0;
          }
          held.set(key, i);
          if (i >= denseRows) hashedHeld++;
        }
      }
      expect(recomputed).toBe(0);
    },
  );

  it('grows its hashed part past the first slots and keeps every entry', () => {
    const memo = new TriangleMemo(1, { denseRows: 0 });
    let computed = 0;
    const keys = 4 * HASHED_FIRST_SLOTS;
    for (let pass = 0; pass < 2; pass++)
      for (let i = 0; i < keys; i++) if (lookUp(memo, 1e12 + i, i).computed) computed++;
    expect(computed).toBe(keys);
  });

  it('holds rows up to the safe integers exactly; a key that is not a row and a place in it is computed every time', () => {
    const memo = new TriangleMemo(1);
    const big = Number.MAX_SAFE_INTEGER;
    // rows above 2³² with the same low half are told apart
    expect(lookUp(memo, 2 ** 33 + 5, 7).computed).toBe(true);
    expect(lookUp(memo, 2 ** 34 + 5, 7).computed).toBe(true);
    expect(lookUp(memo, 2 ** 33 + 5, 7)).toEqual({ values: [f(2 ** 33 + 5, 7)[0]], computed: false });
    expect(lookUp(memo, big, 2 ** 31 - 1).computed).toBe(true);
    expect(lookUp(memo, big, 2 ** 31 - 2).computed).toBe(true);
    expect(lookUp(memo, big, 2 ** 31 - 1)).toEqual({ values: [f(big, 2 ** 31 - 1)[0]], computed: false });
    for (const [i, j] of [
      [3, 4],
      [3, -1],
      [Number.NaN, 0],
      [2.5, 1],
      [10, 2.5],
      [1000, 2.5],
      [2 ** 53, 1],
      [2 ** 40, 2 ** 31],
      [Number.POSITIVE_INFINITY, 0],
    ]) {
      for (let pass = 0; pass < 2; pass++) expect(memo.find(i!, j!), `${i}, ${j}`).toBe(false);
      memo.store(-1);
    }
    // Nothing was stored by those: every held entry is still its own.
    expect(lookUp(memo, 10, 2)).toMatchObject({ computed: true });
    expect(lookUp(memo, 3, 3)).toMatchObject({ computed: true });
    expect(lookUp(memo, 10, 2)).toEqual({ values: [f(10, 2)[0]], computed: false });
    expect(lookUp(memo, big, 2 ** 31 - 2)).toEqual({ values: [f(big, 2 ** 31 - 2)[0]], computed: false });
  });
});

describe('TriangleMemo growth with both parts in use', () => {
  it('dense rows met after hashed keys: every entry kept, in either part (a dense growth moves the hashed block)', () => {
    const memo = new TriangleMemo(2, { denseRows: 300 });
    const keys: [number, number][] = [];
    // hashed keys first, then ever larger dense rows (each a growth), then more hashed keys (a hashed growth)
    for (let i = 300; i < 340; i++) keys.push([i, i >> 1]);
    for (const i of [5, 40, 70, 150, 299]) keys.push([i, i >> 2]);
    for (let i = 340; i < 600; i++) keys.push([i, 3]);
    let computed = 0;
    for (let pass = 0; pass < 2; pass++) {
      for (const [i, j] of keys) {
        const { values, computed: c } = lookUp(memo, i, j);
        if (c) computed++;
        const want = f(i, j).slice(0, 2);
        expect(
          values.every((v, k) => Object.is(v, want[k])),
          `${i}, ${j}`,
        ).toBe(true);
      }
    }
    expect(computed).toBe(keys.length);
  });
});
