/**
 * Assertion wrapper over `close` (fixtures.ts) for
 * the paired/, multiplicity/ and power/ tests: the failure message prints Δ and the
 * tolerance, stdlib-js style (vitest's `toBeCloseTo` is absolute).
 */
import { expect } from 'vitest';
import { close } from './fixtures.js';

/** Asserts |actual − expected| ≤ rel·|expected| or ≤ abs; equal infinities pass. */
export function expectRelative(actual: number, expected: number, rel = 1e-9, abs = 0, label = ''): void {
  if (close(actual, expected, rel, abs)) return;
  const delta = Math.abs(actual - expected);
  const tol = Math.max(rel * Math.abs(expected), abs);
  expect.fail(
    `${label} actual ${actual}, expected ${expected}: Δ = ${delta.toExponential(3)} > tol ${tol.toExponential(3)}`,
  );
}
