import { describe, expect, it } from 'vitest';
import { leaderboard } from './leaderboard.js';

function sep(S: number, pairs: [number, number][]): Uint8Array {
  const m = new Uint8Array(S * S);
  for (const [i, j] of pairs) {
    m[i * S + j] = 1;
    m[j * S + i] = 1;
  }
  return m;
}

describe('leaderboard: ranks and the compact letter display', () => {
  it('A and C separated, B between: A a, B ab, C b; rank ranges follow', () => {
    const rows = leaderboard(['C', 'A', 'B'], [0.6, 0.8, 0.7], sep(3, [[0, 1]]));
    expect(rows.map((r) => [r.system, r.rank, r.rankRange, r.group])).toEqual([
      ['A', 1, [1, 2], 'a'],
      ['B', 2, [1, 3], 'ab'],
      ['C', 3, [2, 3], 'b'],
    ]);
  });
  it('equal scores share a rank; nothing separated gives one group', () => {
    const rows = leaderboard(['x', 'y', 'z'], [0.5, 0.5, 0.4], new Uint8Array(9));
    expect(rows.map((r) => [r.system, r.rank, r.group])).toEqual([
      ['x', 1, 'a'],
      ['y', 1, 'a'],
      ['z', 3, 'a'],
    ]);
  });
  it('two systems share a letter if and only if they are not separated (200 random graphs of 2–9 systems)', () => {
    let seed = 12345;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let trial = 0; trial < 200; trial++) {
      const S = 2 + Math.floor(rand() * 8);
      const names = Array.from({ length: S }, (_, i) => `s${i}`);
      const scores = names.map(() => rand());
      const pairs: [number, number][] = [];
      for (let i = 0; i < S; i++) for (let j = i + 1; j < S; j++) if (rand() < 0.5) pairs.push([i, j]);
      const m = sep(S, pairs);
      const rows = leaderboard(names, scores, m);
      const group = new Map(rows.map((r) => [r.system, r.group]));
      for (let i = 0; i < S; i++) {
        for (let j = i + 1; j < S; j++) {
          const gi = group.get(names[i])!;
          const gj = group.get(names[j])!;
          const share = [...gi].some((c) => gj.includes(c));
          expect(share, `trial ${trial}: ${names[i]} ${gi} vs ${names[j]} ${gj}`).toBe(!m[i * S + j]);
        }
      }
    }
  });
});

describe('more than 26 tie groups', () => {
  it('28 systems all separated: letters a … z, aa, ab, one each', () => {
    const S = 28;
    const names = Array.from({ length: S }, (_, i) => `s${i}`);
    const rows = leaderboard(
      names,
      names.map((_, i) => 1 - i / 100),
      new Uint8Array(S * S).fill(1),
    );
    expect(rows.map((r) => r.group).slice(24)).toEqual(['y', 'z', 'aa', 'ab']);
  });
});
