/**
 * Zstandard decoding against a declared size (zstdDecode.ts), on both of its decoders: the
 * platform's (node:zlib, where this runtime has it: Node.js 22.15 and later) and fzstd (every
 * runtime). The vectors were made by the zstd 1.5.4 command-line tool (fixtures/zstd/,
 * make_zstd_fixtures.py): levels 1 to 22, long-distance matching, a 1 KiB window, no content
 * size, no checksum, two frames, a skippable frame; each decodes to the original named in
 * vectors.json.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { fixture } from '../test-utils/evalFixtures.js';
import { DeclaredSizeMismatch } from './declaredSize.js';
import { zstdDecode, zstdOnPlatform } from './zstdDecode.js';
import { ZstdFrameError } from './zstdFrames.js';

const vectors = JSON.parse(readFileSync(fixture('zstd/vectors.json'), 'utf8')) as Record<string, string[]>;
const original = (names: string[]) =>
  Buffer.concat(names.map((name) => gunzipSync(readFileSync(fixture(`zstd/${name}.orig.gz`)))));

const decoders = [
  { name: 'fzstd', platform: false },
  ...(zstdOnPlatform ? [{ name: 'node:zlib', platform: true }] : []),
];

describe.each(decoders)('zstdDecode with $name', ({ platform }) => {
  for (const [name, originals] of Object.entries(vectors)) {
    it(`decodes ${name} to the original bytes`, () => {
      const input = readFileSync(fixture(`zstd/${name}.zst`));
      const expected = original(originals);
      expect(zstdDecode(input, expected.length, platform).equals(expected)).toBe(true);
    });
  }

  it('refuses output past the declared size, and output short of it', () => {
    const input = readFileSync(fixture('zstd/rle.zst'));
    const size = original(['rle']).length; // 1,000,000 bytes from a few hundred
    for (const declared of [size - 1, 1000, 0])
      expect(() => zstdDecode(input, declared, platform)).toThrow(DeclaredSizeMismatch);
    expect(() => zstdDecode(input, size + 1, platform)).toThrow(
      /decodes to 1000000 bytes, not its declared 1000001/,
    );
    const two = readFileSync(fixture('zstd/two-frames.zst'));
    const both = original(['hello', 'numbers']).length;
    expect(() => zstdDecode(two, both - 1, platform)).toThrow(DeclaredSizeMismatch);
  });

  it('refuses damaged input with an error, never more than the declared size', () => {
    const input = readFileSync(fixture('zstd/text-3.zst'));
    const expected = original(['text']);
    expect(() => zstdDecode(Buffer.from('not zstd at all'), 15, platform)).toThrow(ZstdFrameError);
    expect(() => zstdDecode(input.subarray(0, input.length - 100), expected.length, platform)).toThrow();
    let refused = 0;
    // One byte changed at a time through the first compressed block: an error, or bytes of the
    // declared length (which the ZIP's CRC-32 then checks).
    for (let at = 6; at < 400; at += 7) {
      const broken = Buffer.from(input);
      broken[at] ^= 0x5a;
      try {
        expect(zstdDecode(broken, expected.length, platform).length).toBe(expected.length);
      } catch (error) {
        expect(error).toBeInstanceOf(Error);
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(0);
  });
});

it('fzstd decodes a frame whose window is larger than its output, in a window its output bound fits', () => {
  // text-22-long: level 22 with long-distance matching, a 2^27-byte window for 100 KB of text.
  const input = readFileSync(fixture('zstd/text-22-long.zst'));
  expect(input[5] >> 3).toBeGreaterThan(10);
  const expected = original(['text']);
  expect(zstdDecode(input, expected.length, false).equals(expected)).toBe(true);
});
