import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { discardStaleCheckpoints } from './staleCheckpoints.js';

const dir = mkdtempSync(join(tmpdir(), 'evalsim-stale-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function checkpoints(folder: string, cells: number): void {
  mkdirSync(join(dir, '.checkpoints', folder), { recursive: true });
  for (let i = 0; i < cells; i++) writeFileSync(join(dir, '.checkpoints', folder, `cell-${i}.json`), '{}');
}

describe('discardStaleCheckpoints', () => {
  test("removes the study's folders of other keys only, counting their cells", () => {
    const key = '0123456789abcdef';
    checkpoints(`a-${key}`, 2); // the current run's
    checkpoints('a-fedcba9876543210', 3); // stale
    checkpoints('a-1111111111111111', 1); // stale
    checkpoints('a-b-2222222222222222', 4); // another study, "a-b"
    checkpoints('ab-3333333333333333', 1); // another study, "ab"
    expect(discardStaleCheckpoints(dir, 'a', key)).toBe(4);
    expect(readdirSync(join(dir, '.checkpoints')).sort()).toEqual([
      `a-${key}`,
      'a-b-2222222222222222',
      'ab-3333333333333333',
    ]);
    expect(discardStaleCheckpoints(dir, 'a', key)).toBe(0);
    expect(discardStaleCheckpoints(join(dir, 'nowhere'), 'a', key)).toBe(0);
  });
});
