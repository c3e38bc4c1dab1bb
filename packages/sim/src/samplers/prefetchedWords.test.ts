import { describe, expect, it } from 'vitest';
import { SeededStream } from '../rng/SeededStream.js';
import { PrefetchedWords } from './prefetchedWords.js';

describe('PrefetchedWords', () => {
  it('gives what the same calls on the stream give, in any mix, across refills and restarts', () => {
    const words = new PrefetchedWords();
    const bulk = new SeededStream(0, 0);
    const direct = new SeededStream(0, 0);
    const chooser = new SeededStream(99, 0);
    let mismatches = 0;
    let calls = 0;
    for (let replication = 0; replication < 300; replication++) {
      bulk.reseed(4242, replication);
      direct.reseed(4242, replication);
      // Expected counts from 1 word (refills at once) to more than are used.
      words.start(bulk, 1 + (replication % 7) * 40);
      const length = 1 + chooser.index(400);
      for (let i = 0; i < length; i++) {
        const kind = chooser.index(4);
        let got: number;
        let want: number;
        if (kind === 0) {
          got = words.uint32();
          want = direct.uint32();
        } else if (kind === 1) {
          got = words.uniform();
          want = direct.uniform();
        } else if (kind === 2) {
          const n = 1 + chooser.index(3_000_000);
          got = words.index(n);
          want = direct.index(n);
        } else {
          const p = chooser.uniform();
          got = words.bernoulli(p);
          want = direct.bernoulli(p);
        }
        calls++;
        if (!Object.is(got, want)) mismatches++;
      }
    }
    expect(calls).toBeGreaterThan(50_000);
    expect(mismatches).toBe(0);
  });

  it('index rejections consume the next words as the stream would (n just above 2³¹: about half the words are rejected)', () => {
    const words = new PrefetchedWords();
    const bulk = new SeededStream(7, 3);
    const direct = new SeededStream(7, 3);
    words.start(bulk, 10);
    const n = 2 ** 31 + 1;
    for (let i = 0; i < 2000; i++) expect(words.index(n)).toBe(direct.index(n));
  });
});
