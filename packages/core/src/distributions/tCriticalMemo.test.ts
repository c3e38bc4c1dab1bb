import { describe, expect, it } from 'vitest';
import { tCritical } from './studentT.js';
import { createTCriticalMemo } from './tCriticalMemo.js';

describe('createTCriticalMemo', () => {
  it('returns the direct tCritical bits, recomputing whenever level or df changes', () => {
    const memo = createTCriticalMemo();
    for (const [level, df] of [
      [0.95, 3.7],
      [0.95, 3.7],
      [0.9, 3.7],
      [0.95, 12.25],
      [0.95, 3.7],
      [0.99, 1],
      [0.99, Number.POSITIVE_INFINITY],
    ]) {
      expect(Object.is(memo(level, df), tCritical(level, df))).toBe(true);
    }
  });

  it('two memos are independent (no module state)', () => {
    const a = createTCriticalMemo();
    const b = createTCriticalMemo();
    expect(a(0.95, 4)).toBe(tCritical(0.95, 4));
    expect(b(0.95, 9)).toBe(tCritical(0.95, 9));
    expect(a(0.95, 4)).toBe(tCritical(0.95, 4));
  });
});
