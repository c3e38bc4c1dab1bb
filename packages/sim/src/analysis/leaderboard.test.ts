import { describe, expect, it } from 'vitest';
import { leaderboard } from './leaderboard.js';

function sep(_S: number, pairs: [number, number][]): [number, number][] {
  return pairs;
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
    const rows = leaderboard(['x', 'y', 'z'], [0.5, 0.5, 0.4], []);
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
      const rows = leaderboard(names, scores, sep(S, pairs));
      const m = new Uint8Array(S * S);
      for (const [i, j] of pairs) m[i * S + j] = 1;
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
    const all: [number, number][] = [];
    for (let i = 0; i < S; i++) for (let j = i + 1; j < S; j++) all.push([i, j]);
    const rows = leaderboard(
      names,
      names.map((_, i) => 1 - i / 100),
      all,
    );
    expect(rows.map((r) => r.group).slice(24)).toEqual(['y', 'z', 'aa', 'ab']);
  });
});

describe('many systems (issue 27 point 5)', () => {
  it('5,000 systems against a baseline: no S × S table, letters from the separated pairs only', () => {
    const S = 5000;
    const names = Array.from({ length: S }, (_, i) => `s${i}`);
    const scores = names.map((_, i) => 1 - i / S);
    // The baseline s0 is separated from every other system.
    const pairs: [number, number][] = names.slice(1).map((_, i) => [0, i + 1]);
    const started = performance.now();
    const rows = leaderboard(names, scores, pairs);
    expect(performance.now() - started).toBeLessThan(5000);
    expect(rows[0]).toMatchObject({ system: 's0', rank: 1, rankRange: [1, 1], group: 'a' });
    expect(rows[1]).toMatchObject({ rank: 2, rankRange: [2, S], group: 'b' });
  });
});

describe('separations that are not nested', () => {
  it('letters are left out (with the reason) once they would exceed max(100, 2S); rank ranges stay', () => {
    let seed = 7;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const S = 60;
    const names = Array.from({ length: S }, (_, i) => `s${i}`);
    const pairs: [number, number][] = [];
    for (let i = 0; i < S; i++) for (let j = i + 1; j < S; j++) if (rand() < 0.5) pairs.push([i, j]);
    const rows = leaderboard(
      names,
      names.map((_, i) => 1 - i / S),
      pairs,
    );
    expect(rows.groupsOmitted).toMatch(/^the tie groups would need more than 120 letters/);
    expect(rows.every((r) => r.group === '')).toBe(true);
    const s0 = pairs.filter(([i]) => i === 0).length;
    expect(rows[0].rankRange).toEqual([1, S - s0]);
  });
});
