import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { fixture } from '../test-utils/evalFixtures.js';
import { ZstdError, zstdDecompress } from './zstd.js';

const vectors = JSON.parse(readFileSync(fixture('zstd/vectors.json'), 'utf8')) as Record<string, string[]>;
const original = (names: string[]) =>
  Buffer.concat(names.map((name) => gunzipSync(readFileSync(fixture(`zstd/${name}.orig.gz`)))));

describe('zstdDecompress', () => {
  for (const [name, originals] of Object.entries(vectors)) {
    it(`decodes ${name} (made by the zstd 1.5.4 command-line tool) to the original bytes`, () => {
      const input = readFileSync(fixture(`zstd/${name}.zst`));
      const expected = original(originals);
      const got = zstdDecompress(input, expected.length);
      expect(got.length).toBe(expected.length);
      expect(Buffer.from(got).equals(expected)).toBe(true);
      // without a size hint the output grows as needed
      expect(Buffer.from(zstdDecompress(input)).equals(expected)).toBe(true);
    });
  }

  it('refuses damaged input with a ZstdError instead of reading or writing out of bounds', () => {
    const input = readFileSync(fixture('zstd/text-3.zst'));
    expect(() => zstdDecompress(Buffer.from('not zstd at all'))).toThrow(/not a zstd frame/);
    expect(() => zstdDecompress(input.subarray(0, input.length - 100))).toThrow(ZstdError);
    let failures = 0;
    // flip one byte at a time through the first compressed block: never a crash of another kind
    for (let at = 6; at < 400; at += 7) {
      const broken = Buffer.from(input);
      broken[at] ^= 0x5a;
      try {
        zstdDecompress(broken);
      } catch (error) {
        expect(error).toBeInstanceOf(ZstdError);
        failures++;
      }
    }
    expect(failures).toBeGreaterThan(0);
  });

  it('refuses a frame that needs a dictionary', () => {
    // frame header: descriptor with Dictionary_ID_flag 1, window byte, dictionary id 7, then an empty raw last block
    const frame = Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0x01, 0x00, 0x07, 0x01, 0x00, 0x00]);
    expect(() => zstdDecompress(frame)).toThrow(/needs dictionary 7/);
  });
});
