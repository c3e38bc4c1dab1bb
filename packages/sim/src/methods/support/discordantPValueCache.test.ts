/**
 * The pair tests' memos (discordantPValueCache.ts): every p-value and every decision is the
 * computing function's own (the same bits, p ≤ threshold as the direct comparison), computed once
 * per (n, b, c), forgotten when n changes; large counts (many questions, or the unpaired test's
 * totals) are held without a triangle of their size.
 */
import { describe, expect, test } from 'vitest';
import { createPairTestScratch, pairedZPValue, unpairedZPValue } from './discordantPairTests.js';
import { DiscordantDecisionTable, DiscordantPValueCache } from './discordantPValueCache.js';

/** A counting wrapper of `f`. */
function counted(f: (n: number, b: number, c: number) => number) {
  const calls = { count: 0 };
  return {
    calls,
    f: (n: number, b: number, c: number) => {
      calls.count++;
      return f(n, b, c);
    },
  };
}

const scratch = createPairTestScratch();
const pairedZ = (n: number, b: number, c: number) => pairedZPValue(n, b, c, 0.95, scratch);
const unpairedZ = (n: number, kA: number, kB: number) => unpairedZPValue(kA, kB, n, 0.95, scratch);

describe('DiscordantPValueCache', () => {
  test("the computing function's p-value, once per (n, b, c); cleared when n changes", () => {
    const { calls, f } = counted(pairedZ);
    const cache = new DiscordantPValueCache(f);
    for (let round = 0; round < 3; round++)
      for (let b = 0; b <= 20; b++)
        for (let c = 0; c <= 20; c++) expect(Object.is(cache.pValue(60, b, c), pairedZ(60, b, c))).toBe(true);
    expect(calls.count).toBe(21 * 21);
    cache.pValue(61, 3, 4);
    cache.pValue(60, 3, 4);
    expect(calls.count).toBe(21 * 21 + 2);
  });
});

describe('DiscordantDecisionTable', () => {
  test('the decision p ≤ threshold of the direct p-value, once per (n, b, c), for both z tests', () => {
    for (const [name, test] of [
      ['pairedZ', pairedZ],
      ['unpairedZ', unpairedZ],
    ] as const) {
      const { calls, f } = counted(test);
      const table = new DiscordantDecisionTable(f, 0.05);
      let rejected = 0;
      for (let round = 0; round < 2; round++)
        for (let b = 0; b <= 30; b++)
          for (let c = 0; c <= 30; c++) {
            const decision = table.rejects(100, b, c);
            expect(decision, `${name} (${b}, ${c})`).toBe(test(100, b, c) <= 0.05 ? 1 : 0);
            rejected += decision;
          }
      // Both outcomes occur (the check is not vacuous), and each key was computed once.
      expect(rejected).toBeGreaterThan(0);
      expect(rejected).toBeLessThan(2 * 31 * 31);
      expect(calls.count).toBe(31 * 31);
    }
  });

  test('a new n forgets the decisions; a threshold is its own table', () => {
    const { calls, f } = counted(pairedZ);
    const table = new DiscordantDecisionTable(f, 0.05);
    table.rejects(50, 10, 2);
    table.rejects(51, 10, 2);
    table.rejects(50, 10, 2);
    expect(calls.count).toBe(3);
    // At α/m (Bonferroni) the same counts may be accepted that α rejects.
    expect(new DiscordantDecisionTable(pairedZ, 0.05).rejects(50, 10, 2)).toBe(1);
    expect(new DiscordantDecisionTable(pairedZ, 0.05 / 190).rejects(50, 10, 2)).toBe(0);
  });

  test("large counts (an eval of 100,000 questions, the unpaired test's totals) are decided without a triangle of their size", () => {
    const n = 100_000;
    const table = new DiscordantDecisionTable(unpairedZ, 0.05);
    // k_A + k_B = 160,000: a dense triangle of that many rows would be 1.3 × 10¹⁰ entries.
    expect(table.rejects(n, 80_000, 80_000)).toBe(0);
    expect(table.rejects(n, 80_000, 79_000)).toBe(1);
    expect(table.rejects(n, 80_000, 80_000)).toBe(0);
  });
});
