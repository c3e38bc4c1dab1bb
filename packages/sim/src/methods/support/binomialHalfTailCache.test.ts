import { binomialUpperTail } from '@evalsim/core';
import { describe, expect, it } from 'vitest';
import { SeededStream } from '../../rng/SeededStream.js';
import { BinomialHalfTailCache } from './binomialHalfTailCache.js';

describe('BinomialHalfTailCache', () => {
  it('returns binomialUpperTail(k, d, ½) bit for bit, rows growing both ways, over all of [0, d]', () => {
    const cache = new BinomialHalfTailCache();
    const rng = new SeededStream(21, 0);
    let mismatches = 0;
    let lookups = 0;
    for (let r = 0; r < 20_000; r++) {
      const d = r % 4 === 0 ? rng.index(3000) : 200 + rng.index(3);
      // k anywhere in [0, d] now and then, else within a few s.d. of d/2.
      const spread = r % 7 === 0 ? d : 3 * Math.sqrt(d);
      const k = Math.min(d, Math.max(0, Math.round(d / 2 + (rng.uniform() - 0.5) * 2 * spread)));
      if (cache.upper(k, d) !== binomialUpperTail(k, d, 0.5)) mismatches++;
      lookups++;
    }
    for (const d of [0, 1, 2, 5])
      for (let k = 0; k <= d; k++) expect(cache.upper(k, d)).toBe(binomialUpperTail(k, d, 0.5));
    expect(lookups).toBe(20_000);
    expect(mismatches).toBe(0);
  });
});
