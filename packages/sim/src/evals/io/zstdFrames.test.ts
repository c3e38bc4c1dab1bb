/**
 * The frame walk that checks Zstandard data before any decoder allocates for it (zstdFrames.ts),
 * on frames written byte by byte after RFC 8878 §3.1.1 (frame header, block headers).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixture } from '../test-utils/evalFixtures.js';
import { ZSTD_MAX_WINDOW, zstdFrames } from './zstdFrames.js';

const MAGIC = [0x28, 0xb5, 0x2f, 0xfd];
/** A block header: last flag, type (0 raw, 1 RLE, 2 compressed, 3 reserved), Block_Size. */
const block = (last: number, type: number, size: number) => {
  const v = last | (type << 1) | (size << 3);
  return [v & 0xff, (v >> 8) & 0xff, (v >> 16) & 0xff];
};
/** A frame: descriptor 0 (no content size, no checksum), window byte `w`, then `blocks`. */
const frame = (w: number, ...blocks: number[][]) => Uint8Array.from([...MAGIC, 0x00, w, ...blocks.flat()]);

describe('zstdFrames', () => {
  it('gives each frame its place and output bound; skippable frames are passed over', () => {
    // window 2^(10 + 7) = 128 KiB: a raw block of 3 bytes, an RLE block of 1,000, a compressed block
    const data = frame(
      0x38,
      [...block(0, 0, 3), 1, 2, 3],
      [...block(0, 1, 1000), 7],
      [...block(1, 2, 2), 9, 9],
    );
    const [f] = zstdFrames(data, 10_000);
    expect(f).toMatchObject({ start: 0, end: data.length, windowSize: 2 ** 17, windowDescriptorAt: 5 });
    expect(f.outputBound).toBe(3 + 1000 + 2 ** 17);
    const skippable = [0x50, 0x2a, 0x4d, 0x18, 2, 0, 0, 0, 0xaa, 0xbb];
    const frames = zstdFrames(Uint8Array.from([...skippable, ...data]), 10_000);
    expect(frames.map((x) => x.start)).toEqual([skippable.length]);
    const vectors = zstdFrames(readFileSync(fixture('zstd/two-frames.zst')), 1e6);
    expect(vectors).toHaveLength(2);
  });

  it('refuses what no decoder should be handed', () => {
    const refuse = (data: number[] | Uint8Array, declared: number, message: RegExp) =>
      expect(() => zstdFrames(Uint8Array.from(data), declared)).toThrow(message);
    refuse([], 0, /empty/);
    refuse([1, 2, 3, 4, 5], 0, /not a zstd frame at byte 0/);
    refuse([...MAGIC, 0x08, 0x38, ...block(1, 0, 0)], 0, /reserved bit/);
    refuse([...MAGIC, 0x01, 0x38, 7, ...block(1, 0, 0)], 0, /needs dictionary 7/);
    // window 2^(10 + 18) = 256 MiB
    refuse(frame(0x90, block(1, 0, 0)), 0, /needs a 268435456-byte window, more than the 128 MiB accepted/);
    expect(() => zstdFrames(frame(0x88, block(1, 0, 0)), 0)).not.toThrow(); // 2^27: accepted
    expect(ZSTD_MAX_WINDOW).toBe(2 ** 27);
    // single segment, 2-byte content size 1000 - 256 = 744 (+ 256)
    const fcs = [...MAGIC, 0x60, 744 & 0xff, 744 >> 8];
    refuse(
      [...fcs, ...block(1, 1, 1000), 1],
      999,
      /declares 1000 bytes, more than the member's declared size allows/,
    );
    expect(zstdFrames(Uint8Array.from([...fcs, ...block(1, 1, 1000), 1]), 1000)[0].outputBound).toBe(1000);
    // an RLE block past the 128 KiB block maximum (the bomb of issue 27), and past a small window
    refuse(
      frame(0x88, [...block(1, 1, 2 ** 21 - 1), 97]),
      1e9,
      /is 2097151 bytes, more than the frame's block maximum of 131072/,
    );
    refuse(frame(0x00, [...block(1, 1, 1025), 97]), 1e9, /block maximum of 1024/);
    refuse(frame(0x38, block(1, 3, 0)), 0, /reserved block type/);
    refuse(frame(0x38, [...block(1, 0, 10), 1, 2]), 10, /runs past the end/);
    refuse(frame(0x38, block(0, 0, 0)), 0, /truncated block header/);
    refuse([...MAGIC, 0x04, 0x38, ...block(1, 0, 0), 1, 2], 0, /ends before its checksum/);
  });
});
