/**
 * Test helper: read a committed reference fixture, packages/sim/fixtures/<name>.json (made
 * by packages/sim/fixtures/scripts/<name>.py; the same layout as core's fixtures).
 */
import { readFileSync } from 'node:fs';

/** Parse packages/sim/fixtures/<name>.json. */
export function loadFixture<T>(name: string): T {
  return JSON.parse(readFileSync(new URL(`../../fixtures/${name}.json`, import.meta.url), 'utf8')) as T;
}
