/**
 * The frame structure of Zstandard data (RFC 8878 §3.1), walked without decoding a block, so
 * that a member is checked against its declared size before any decoder allocates for it:
 * every frame's magic number and header (reserved bit clear, no dictionary, a window of at most
 * {@link ZSTD_MAX_WINDOW} bytes — libzstd's own default limit, ZSTD_WINDOWLOG_LIMIT_DEFAULT = 27 —
 * and a frame content size, when given, within what is left of the declared size), every block
 * header (no reserved block type; Block_Size at most Block_Maximum_Size = min(Window_Size,
 * 128 KiB), §3.1.1.2.4), the content checksum's 4 bytes, and skippable frames (§3.1.2).
 * For each frame it returns where it lies and a bound on what it decodes to: its content size
 * when the header gives one, else the sum over its blocks of their sizes (raw, RLE) or of
 * Block_Maximum_Size (compressed). Decoders (zstdDecode.ts) stop at the declared size.
 */
import { pow } from '@evalsim/core';

/** A zstd frame in the input: its bytes [start, end) and what it may decode to. */
export interface ZstdFrame {
  readonly start: number;
  readonly end: number;
  /** Window_Size from the header (for a single-segment frame, its content size). */
  readonly windowSize: number;
  /** Frame_Content_Size when the header gives it. */
  readonly contentSize?: number;
  /** At most this many bytes come out of the frame. */
  readonly outputBound: number;
  /** Offset (from `start`) of the Window_Descriptor byte; undefined for a single-segment frame. */
  readonly windowDescriptorAt?: number;
}

/** The largest window accepted: 2^27 bytes (128 MiB), libzstd's default ZSTD_d_windowLogMax. */
export const ZSTD_MAX_WINDOW = 1 << 27;

const BLOCK_SIZE_MAX = 128 * 1024;
const ZSTD_MAGIC = 0xfd2fb528;

export class ZstdFrameError extends Error {}

const fail = (what: string): never => {
  throw new ZstdFrameError(what);
};

/** Little-endian unsigned integer of `n` ≤ 8 bytes at `at` (exact below 2^53). */
function readLE(b: Uint8Array, at: number, n: number): number {
  let v = 0;
  for (let k = n - 1; k >= 0; k--) v = v * 256 + b[at + k];
  return v;
}

/**
 * The frames of `data`, checked as described in the module comment against `declaredSize`
 * (the uncompressed size the ZIP directory gives). Skippable frames are left out. Throws
 * ZstdFrameError naming what is wrong.
 */
export function zstdFrames(data: Uint8Array, declaredSize: number): ZstdFrame[] {
  const frames: ZstdFrame[] = [];
  const n = data.length;
  let at = 0;
  let contentSeen = 0; // frame content sizes given so far
  if (n === 0) fail('no zstd frame (empty data)');
  while (at < n) {
    if (at + 4 > n) fail(`truncated frame header at byte ${at}`);
    const magic = readLE(data, at, 4);
    if ((magic & 0xfffffff0) >>> 0 === 0x184d2a50) {
      if (at + 8 > n) fail(`truncated skippable frame at byte ${at}`);
      const end = at + 8 + readLE(data, at + 4, 4);
      if (end > n) fail(`skippable frame at byte ${at} runs past the end of the data`);
      at = end;
      continue;
    }
    if (magic !== ZSTD_MAGIC) fail(`not a zstd frame at byte ${at} (magic number ${magic.toString(16)})`);
    const start = at;
    if (at + 5 > n) fail(`truncated frame header at byte ${at}`);
    const descriptor = data[at + 4];
    const fcsFlag = descriptor >> 6;
    const singleSegment = (descriptor >> 5) & 1;
    const checksum = (descriptor >> 2) & 1;
    const dictFlag = descriptor & 3;
    if (descriptor & 8) fail(`frame at byte ${start}: reserved bit set in its header`);
    let p = at + 5;
    let windowSize = 0;
    let windowDescriptorAt: number | undefined;
    if (!singleSegment) {
      if (p >= n) fail(`truncated frame header at byte ${start}`);
      const w = data[p];
      const base = pow(2, 10 + (w >> 3));
      windowSize = base + (base / 8) * (w & 7);
      windowDescriptorAt = p - start;
      p++;
    }
    const dictBytes = [0, 1, 2, 4][dictFlag];
    if (p + dictBytes > n) fail(`truncated frame header at byte ${start}`);
    const dictionary = readLE(data, p, dictBytes);
    if (dictionary !== 0)
      fail(`frame at byte ${start} needs dictionary ${dictionary}, which a .eval member cannot carry`);
    p += dictBytes;
    const fcsBytes = [singleSegment, 2, 4, 8][fcsFlag];
    let contentSize: number | undefined;
    if (fcsBytes > 0) {
      if (p + fcsBytes > n) fail(`truncated frame header at byte ${start}`);
      contentSize = readLE(data, p, fcsBytes) + (fcsBytes === 2 ? 256 : 0);
      p += fcsBytes;
      if (singleSegment) windowSize = contentSize;
      if (contentSize > declaredSize - contentSeen)
        fail(
          `frame at byte ${start} declares ${contentSize} bytes, more than the member's declared size allows`,
        );
      contentSeen += contentSize;
    }
    if (windowSize > ZSTD_MAX_WINDOW)
      fail(`frame at byte ${start} needs a ${windowSize}-byte window, more than the 128 MiB accepted`);
    const blockMax = Math.min(windowSize, BLOCK_SIZE_MAX);
    let bound = 0;
    for (;;) {
      if (p + 3 > n) fail(`truncated block header at byte ${p}`);
      const header = data[p] | (data[p + 1] << 8) | (data[p + 2] << 16);
      const last = header & 1;
      const type = (header >> 1) & 3;
      const size = header >>> 3;
      p += 3;
      if (type === 3) fail(`block at byte ${p - 3} has the reserved block type`);
      if (size > blockMax)
        fail(`block at byte ${p - 3} is ${size} bytes, more than the frame's block maximum of ${blockMax}`);
      const stored = type === 1 ? 1 : size; // an RLE block stores one byte
      if (p + stored > n) fail(`block at byte ${p - 3} runs past the end of the data`);
      p += stored;
      bound += type === 2 ? blockMax : size;
      if (last) break;
    }
    if (checksum) {
      if (p + 4 > n) fail(`frame at byte ${start} ends before its checksum`);
      p += 4;
    }
    frames.push({
      start,
      end: p,
      windowSize,
      ...(contentSize === undefined ? {} : { contentSize }),
      outputBound: contentSize ?? bound,
      ...(windowDescriptorAt === undefined ? {} : { windowDescriptorAt }),
    });
    at = p;
  }
  if (frames.length === 0) fail('only skippable frames, no zstd frame');
  return frames;
}
