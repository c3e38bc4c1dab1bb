/**
 * For the paired-bounds memo tests: calls a direct bounds function and its memo on every 2×2 table
 * of n questions (n11-major, then n10, then n01) and lists the tables whose answers differ
 * (bounds compared with Object.is, so the memo must give the direct call's bits).
 */
import { createMarkedBounds, type PairedBoundsAtLevel } from '@evalsim/core';

export function differences(direct: PairedBoundsAtLevel, memo: PairedBoundsAtLevel, n: number): string[] {
  const a = createMarkedBounds();
  const b = createMarkedBounds();
  const wrong: string[] = [];
  for (let n11 = 0; n11 <= n; n11++)
    for (let n10 = 0; n10 <= n - n11; n10++)
      for (let n01 = 0; n01 <= n - n11 - n10; n01++) {
        const n00 = n - n11 - n10 - n01;
        direct(n11, n10, n01, n00, a);
        memo(n11, n10, n01, n00, b);
        const same =
          Object.is(a.lower, b.lower) && Object.is(a.upper, b.upper) && a.degenerate === b.degenerate;
        if (!same) wrong.push(`${n11},${n10},${n01},${n00}`);
      }
  return wrong;
}
