/**
 * Test helpers: read a committed reference fixture (packages/core/fixtures/<name>.json)
 * and compare numbers with a relative tolerance that falls back to an absolute one near 0.
 */
import { readFileSync } from 'node:fs';

/** Parse packages/core/fixtures/<name>.json. */
export function loadFixture<T>(name: string): T {
  const url = new URL(`../../fixtures/${name}.json`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')) as T;
}

/** |actual − expected| / max(|expected|, absFloor / relTol); 0 when both are equal (incl. ±Infinity). */
export function relativeError(actual: number, expected: number, absFloor = 0): number {
  if (actual === expected) return 0;
  const scale = Math.max(Math.abs(expected), absFloor);
  return Math.abs(actual - expected) / scale;
}

/**
 * True when actual matches expected to `relTol` relative, or to `absTol` absolute
 * (the absolute branch only matters for expected values near 0).
 */
export function close(actual: number, expected: number, relTol: number, absTol = 0): boolean {
  if (actual === expected) return true;
  const diff = Math.abs(actual - expected);
  return diff <= relTol * Math.abs(expected) || diff <= absTol;
}

/** Tracks the largest relative error seen, with the case that produced it. */
export class ErrorTracker {
  worst = 0;
  worstCase = '';
  failures: string[] = [];
  constructor(
    readonly relTol: number,
    readonly absTol = 0,
  ) {}
  check(label: string, actual: number, expected: number): void {
    const ok = close(actual, expected, this.relTol, this.absTol);
    const diff = Math.abs(actual - expected);
    const rel = actual === expected ? 0 : expected === 0 ? diff : diff / Math.abs(expected);
    const scored = Math.abs(expected) * this.relTol < this.absTol ? 0 : rel;
    if (scored > this.worst) {
      this.worst = scored;
      this.worstCase = label;
    }
    if (!ok)
      this.failures.push(`${label}: got ${actual}, expected ${expected} (rel ${rel.toExponential(2)})`);
  }
}
