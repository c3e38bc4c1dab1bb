import { describe, expect, it } from 'vitest';
import { SeededStream } from '../rng/SeededStream.js';
import { sampleIndices } from './indices.js';
import { chiSquareTest, GOF_REJECT_BELOW } from './test-utils/goodnessOfFit.js';
import { sampleIndex } from './uniformIndex.js';

describe('sampleIndices / sampleIndex (Lemire)', () => {
  it(`indices into n = 37 are uniform (1e6 draws, chi-square p > ${GOF_REJECT_BELOW})`, () => {
    const rng = new SeededStream(21, 0);
    const out = new Int32Array(1_000_000);
    sampleIndices(rng, 37, out);
    const counts = new Float64Array(37);
    for (const i of out) counts[i]++;
    expect(counts.reduce((a, b) => a + b, 0)).toBe(out.length);
    expect(chiSquareTest(counts, new Float64Array(37).fill(1 / 37)).pValue).toBeGreaterThan(GOF_REJECT_BELOW);
  });

  it('n = 3·2³⁰ (past the exact-double range): thirds equally likely, where x mod n would give 1/2, 1/4, 1/4', () => {
    const rng = new SeededStream(22, 0);
    const n = 3 * 2 ** 30;
    const counts = new Float64Array(3);
    let outside = 0;
    for (let i = 0; i < 300_000; i++) {
      const x = sampleIndex(rng, n);
      if (!(Number.isInteger(x) && x >= 0 && x < n)) outside++;
      else counts[Math.floor(x / 2 ** 30)]++;
    }
    expect(outside).toBe(0);
    expect(chiSquareTest(counts, [1 / 3, 1 / 3, 1 / 3]).pValue).toBeGreaterThan(GOF_REJECT_BELOW);
    expect(chiSquareTest(counts, [1 / 2, 1 / 4, 1 / 4]).pValue).toBeLessThan(GOF_REJECT_BELOW);
  });

  it('n = 2³² returns the raw word; n = 1 returns 0', () => {
    const a = new SeededStream(23, 0);
    const b = new SeededStream(23, 0);
    for (let i = 0; i < 1000; i++) expect(sampleIndex(a, 2 ** 32)).toBe(b.uint32());
    const out = sampleIndices(a, 1, new Int32Array(100));
    expect(out.every((x) => x === 0)).toBe(true);
  });

  it('rejects n outside [1, 2³¹ − 1] naming n', () => {
    const rng = new SeededStream(24, 0);
    expect(() => sampleIndices(rng, 0, new Int32Array(3))).toThrow(/^n:/);
    expect(() => sampleIndices(rng, 2.5, new Int32Array(3))).toThrow(/^n:/);
    expect(() => sampleIndex(rng, 2 ** 32 + 1)).toThrow(/^n:/);
  });
});
