import { InputError } from '@evalsim/core';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../test-utils/fixtures.js';
import { murmur3Words3, murmur3Words3Int32 } from './murmur3.js';
import { SeededStream } from './SeededStream.js';
import { streamSeed } from './streamSeed.js';

/** Independent Python ports of seedrandom ARC4, MurmurHash3 and sfc32 (packages/sim/fixtures/scripts/streams.py). */
const fixture = loadFixture<{
  streamSeed: { studySeed: number | string; cellIndex: number; key: number }[];
  murmur3Words3: { words: [number, number, number]; seed: number; hash: number }[];
  streams: { cellKey: number; replication: number; uint32: number[]; uniform: number[] }[];
}>('streams');

function firstWords(stream: SeededStream, count: number): number[] {
  return Array.from({ length: count }, () => stream.uint32());
}

describe('streamSeed', () => {
  it('matches a Python port of seedrandom ARC4 and the documented key formula', () => {
    for (const c of fixture.streamSeed) expect(streamSeed(c.studySeed, c.cellIndex)).toBe(c.key);
  });

  it('gives distinct safe-integer keys for 20,000 cells', () => {
    const keys = new Set<number>();
    for (let cell = 0; cell < 20_000; cell++) {
      const key = streamSeed(7, cell);
      expect(Number.isSafeInteger(key) && key >= 0).toBe(true);
      keys.add(key);
    }
    expect(keys.size).toBe(20_000);
  });

  it('rejects bad arguments by name', () => {
    expect(() => streamSeed(Number.NaN, 0)).toThrow(/studySeed/);
    expect(() => streamSeed(1, -1)).toThrow(InputError);
    expect(() => streamSeed(1, 0.5)).toThrow(/cellIndex/);
  });
});

describe('murmur3Words3', () => {
  it('equals MurmurHash3_x86_32 of the 12-byte message (Python port checked on published vectors)', () => {
    for (const c of fixture.murmur3Words3)
      expect(murmur3Words3(c.words[0], c.words[1], c.words[2], c.seed)).toBe(c.hash);
  });
  it('murmur3Words3Int32 is the same hash as a signed 32-bit integer', () => {
    for (const c of fixture.murmur3Words3)
      expect(murmur3Words3Int32(c.words[0], c.words[1], c.words[2], c.seed)).toBe(c.hash | 0);
    expect(fixture.murmur3Words3.some((c) => c.hash >= 2 ** 31)).toBe(true);
  });
});

describe('SeededStream', () => {
  it('reproduces the documented derivation (Python reference: murmur3 state, 12 warm-up rounds, sfc32)', () => {
    for (const c of fixture.streams) {
      const stream = new SeededStream(c.cellKey, c.replication);
      expect(firstWords(stream, c.uint32.length)).toEqual(c.uint32);
      for (const u of c.uniform) expect(stream.uniform()).toBe(u);
    }
  });

  it('same (seed, cell, replication) gives the same sequence; reseeding restarts it exactly', () => {
    const key = streamSeed(2024, 3);
    const a = firstWords(new SeededStream(key, 17), 1000);
    const reused = new SeededStream(key, 0);
    for (let i = 0; i < 5000; i++) reused.normal();
    expect(firstWords(reused.reseed(key, 17), 1000)).toEqual(a);
  });

  it('different replications and cells give different streams (no shared 64-bit prefix in 100,000)', () => {
    const prefixes = new Set<string>();
    const stream = new SeededStream(0, 0);
    for (const cell of [0, 1]) {
      const key = streamSeed(99, cell);
      for (let r = 0; r < 50_000; r++) {
        stream.reseed(key, r);
        prefixes.add(`${stream.uint32()}:${stream.uint32()}`);
      }
    }
    expect(prefixes.size).toBe(100_000);
  });

  it('does not depend on reseed order (rep 5 then 2 equals rep 2 then 5)', () => {
    const key = streamSeed(11, 4);
    const s = new SeededStream(key, 0);
    const five = firstWords(s.reseed(key, 5), 64);
    const two = firstWords(s.reseed(key, 2), 64);
    const t = new SeededStream(key, 0);
    expect(firstWords(t.reseed(key, 2), 64)).toEqual(two);
    expect(firstWords(t.reseed(key, 5), 64)).toEqual(five);
    expect(two).not.toEqual(five);
  });

  it('neighbouring replications are uncorrelated: bit agreement of word i across r and r+1 is ½ ± 5 s.e.', () => {
    // 2,000 pairs × 32 words × 32 bits; under independence each bit agrees with probability ½.
    const key = streamSeed(5, 0);
    const s = new SeededStream(key, 0);
    const previous = new Uint32Array(32);
    const current = new Uint32Array(32);
    let agree = 0;
    let total = 0;
    for (let r = 0; r < 2001; r++) {
      s.reseed(key, r);
      for (let i = 0; i < 32; i++) current[i] = s.uint32();
      if (r > 0) {
        for (let i = 0; i < 32; i++) {
          let x = ~(current[i] ^ previous[i]);
          for (let bit = 0; bit < 32; bit++, x >>>= 1) agree += x & 1;
          total += 32;
        }
      }
      previous.set(current);
    }
    expect(Math.abs(agree / total - 0.5)).toBeLessThan(5 * Math.sqrt(0.25 / total));
  });

  it('uniform() lies in [0, 1) on the 2⁻⁵³ grid and uint32() in [0, 2³²)', () => {
    const s = new SeededStream(streamSeed(1, 1), 0);
    let bad = 0;
    for (let i = 0; i < 100_000; i++) {
      const u = s.uniform();
      if (!(u >= 0 && u < 1 && Number.isInteger(u * 2 ** 53))) bad++;
      const w = s.uint32();
      if (!(Number.isInteger(w) && w >= 0 && w < 2 ** 32)) bad++;
    }
    expect(bad).toBe(0);
  });

  it('fillBernoulli decides as fillUniform followed by U < p, and leaves the stream where it would', () => {
    const probabilities = Float64Array.from(
      { length: 999 },
      (_, i) => [0, 1, 0.5, 1e-9, 0.999, i / 999][i % 6],
    );
    for (const replication of [0, 1, 77]) {
      const reference = new SeededStream(123456789, replication);
      const uniforms = new Float64Array(probabilities.length);
      reference.fillUniform(uniforms, uniforms.length);
      const bulk = new SeededStream(123456789, replication);
      const out = new Uint8Array(probabilities.length);
      bulk.fillBernoulli(probabilities, probabilities.length, out);
      expect([...out]).toEqual([...uniforms].map((u, i) => (u < probabilities[i] ? 1 : 0)));
      expect(bulk.uniform()).toBe(reference.uniform());
    }
    const stream = new SeededStream(1, 0);
    expect(() => stream.fillBernoulli(probabilities, 1000, new Uint8Array(1000))).toThrow(/count/);
    expect(() => stream.fillBernoulli(probabilities, 10, new Uint8Array(5))).toThrow(InputError);
  });

  it('fillUniform gives the same numbers as successive uniform() calls and leaves the stream where they would', () => {
    for (const c of fixture.streams) {
      const stream = new SeededStream(c.cellKey, c.replication);
      firstWords(stream, c.uint32.length);
      const out = new Float64Array(c.uniform.length + 3).fill(-1);
      stream.fillUniform(out, c.uniform.length);
      expect(Array.from(out.subarray(0, c.uniform.length))).toEqual(c.uniform);
      expect(Array.from(out.subarray(c.uniform.length))).toEqual([-1, -1, -1]);
    }
    const bulk = new SeededStream(streamSeed(3, 4), 5);
    const single = new SeededStream(streamSeed(3, 4), 5);
    const out = new Float64Array(1000);
    for (const count of [0, 1, 7, 1000]) {
      bulk.fillUniform(out, count);
      for (let i = 0; i < count; i++) expect(out[i]).toBe(single.uniform());
      expect(bulk.uint32()).toBe(single.uint32());
    }
    expect(() => bulk.fillUniform(out, 1001)).toThrow(/count/);
    expect(() => bulk.fillUniform(out, -1)).toThrow(InputError);
  });

  it('fillUint32 gives the same words as successive uint32() calls and leaves the stream where they would', () => {
    for (const c of fixture.streams) {
      const stream = new SeededStream(c.cellKey, c.replication);
      const out = new Uint32Array(c.uint32.length + 2);
      stream.fillUint32(out, c.uint32.length);
      expect(Array.from(out.subarray(0, c.uint32.length))).toEqual(c.uint32);
      expect(Array.from(out.subarray(c.uint32.length))).toEqual([0, 0]);
      expect(stream.uniform()).toBe(c.uniform[0]);
    }
    const bulk = new SeededStream(streamSeed(5, 6), 7);
    const single = new SeededStream(streamSeed(5, 6), 7);
    const out = new Uint32Array(500);
    for (const count of [0, 1, 13, 500]) {
      bulk.fillUint32(out, count);
      for (let i = 0; i < count; i++) expect(out[i]).toBe(single.uint32());
      expect(bulk.uniform()).toBe(single.uniform());
    }
    expect(() => bulk.fillUint32(out, 501)).toThrow(/count/);
  });

  it('fillIndices gives the same indices as successive index(n) calls, rejections included', () => {
    // n = 3·2²⁰ + 1 > 2²¹ takes the per-value path; n near 2²¹ rejects ≈ 1 word in 2,000 (threshold (2³² − n) mod n).
    for (const n of [1, 2, 3, 5, 6, 10, 100, 1000, 2_000_003, 2 ** 21, 3 * 2 ** 20 + 1, 2 ** 32]) {
      const bulk = new SeededStream(streamSeed(9, n % 97), 11);
      const single = new SeededStream(streamSeed(9, n % 97), 11);
      const out = new Int32Array(4000);
      for (const count of [0, 1, 17, 4000]) {
        bulk.fillIndices(out, count, n);
        for (let i = 0; i < count; i++) {
          const expected = single.index(n);
          if (out[i] !== (expected | 0)) expect([n, i, out[i]]).toEqual([n, i, expected | 0]);
        }
        expect(bulk.uint32()).toBe(single.uint32());
      }
    }
    const stream = new SeededStream(1, 0);
    expect(() => stream.fillIndices(new Int32Array(2), 3, 5)).toThrow(/count/);
    expect(() => stream.fillIndices(new Int32Array(2), 2, 0)).toThrow(/\bn\b/);
    expect(() => stream.fillIndices(new Int32Array(2), 2, 2.5)).toThrow(InputError);
  });

  it('fillIndexedSums sums the values at the indices fillIndices gives, rejections included, same position after', () => {
    for (const n of [1, 2, 3, 5, 10, 100, 1000, 2_000_003, 2 ** 21, 3 * 2 ** 20 + 1]) {
      const fused = new SeededStream(streamSeed(10, n % 89), 12);
      const plain = new SeededStream(streamSeed(10, n % 89), 12);
      const values = Int32Array.from({ length: n }, (_, i) => (i * 7919) % 1000);
      const indices = new Int32Array(3000);
      const sums = new Int32Array(40);
      for (const [count, terms] of [
        [0, 5],
        [1, 0],
        [1, 17],
        [40, 75],
        [3, 1000],
      ]) {
        fused.fillIndexedSums(sums, count, values, terms, n);
        for (let r = 0; r < count; r++) {
          plain.fillIndices(indices, terms, n);
          let expected = 0;
          for (let i = 0; i < terms; i++) expected += values[indices[i]];
          if (sums[r] !== expected)
            expect([n, count, terms, r, sums[r]]).toEqual([n, count, terms, r, expected]);
        }
        expect(fused.uint32()).toBe(plain.uint32());
      }
    }
    const stream = new SeededStream(1, 0);
    const out = new Int32Array(2);
    expect(() => stream.fillIndexedSums(out, 2, new Int32Array(4), 2, 5)).toThrow(/\bn\b/);
    expect(() => stream.fillIndexedSums(out, 2, new Int32Array(4), 2, 0)).toThrow(/\bn\b/);
    expect(() => stream.fillIndexedSums(out, 3, new Int32Array(4), 2, 4)).toThrow(/count/);
    expect(() => stream.fillIndexedSums(out, 2, new Int32Array(4), -1, 4)).toThrow(/terms/);
    expect(() => stream.fillIndexedSums(out, 2, new Int32Array(4), 1.5, 4)).toThrow(InputError);
  });

  it('fillNormal gives the same numbers as successive normal() calls, wedge and tail included', () => {
    const bulk = new SeededStream(streamSeed(8, 2), 9);
    const single = new SeededStream(streamSeed(8, 2), 9);
    const out = new Float64Array(50_000);
    let tail = 0;
    let total = 0;
    for (const count of [0, 1, 7, 50_000, 50_000, 50_000, 50_000]) {
      bulk.fillNormal(out, count);
      for (let i = 0; i < count; i++) {
        const x = single.normal();
        if (out[i] !== x) expect(out[i]).toBe(x);
        if (Math.abs(x) > 3.6541528853610088) tail++;
      }
      total += count;
      expect(bulk.uint32()).toBe(single.uint32());
    }
    // The tail path (|x| > r) was taken: expected 2·Φ(−r)·200,008 ≈ 52 draws (s.d. ≈ 7).
    expect(total).toBe(200_008);
    expect(tail).toBeGreaterThan(20);
    expect(() => bulk.fillNormal(out, 50_001)).toThrow(/count/);
    expect(() => bulk.fillNormal(out, 1.5)).toThrow(InputError);
  });

  it('rejects bad keys and replications by name', () => {
    expect(() => new SeededStream(-1)).toThrow(/cellKey/);
    expect(() => new SeededStream(2 ** 53)).toThrow(/cellKey/);
    expect(() => new SeededStream(1, 2 ** 32)).toThrow(/replication/);
    expect(() => new SeededStream(1, 1.5)).toThrow(InputError);
  });
});
