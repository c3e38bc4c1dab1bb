/**
 * Zstandard data decoded against a declared size: the frames are walked and checked first
 * (zstdFrames.ts: headers, windows, block sizes, content sizes), then each frame is decoded by
 * the platform where it has zstd (`zlib.zstdDecompressSync`, Node.js 22.15 and later, libzstd)
 * or by fzstd (npm, pure JavaScript) before that, and decoding stops as soon as the output
 * passes what the declared size leaves: node:zlib with `maxOutputLength` (it refuses after the
 * chunk that crosses it), fzstd through its streaming decoder, whose output block by block
 * (at most 128 KiB each) is counted and refused once past it. Each frame is decoded on its own:
 * node:zlib's decoder stops at the end of the first frame, and inspect_ai writes a large member
 * as several frames (inspect_ai `src/inspect_ai/_util/zipfile.py`, 200 MiB of input per frame).
 *
 * fzstd keeps a window of the header's Window_Size and moves it on every block, so a frame is
 * given to it with the window descriptor lowered to the smallest window that holds the whole
 * frame's output bound, when that is smaller (a frame never refers back past its own start,
 * so the output so far is all the history it can need), and in pieces of at most 1 MiB (fzstd
 * computes bit positions in 32-bit integers, which overflow on one piece of 256 MiB).
 */
import * as zlib from 'node:zlib';
import { pow } from '@evalsim/core';
import { Decompress } from 'fzstd';
import { DeclaredSizeMismatch } from './declaredSize.js';
import { type ZstdFrame, zstdFrames } from './zstdFrames.js';

type ZstdPlatform = {
  zstdDecompressSync?: (data: Uint8Array, options: zlib.ZlibOptions) => Buffer;
};
const platform = zlib as unknown as ZstdPlatform;

const PIECE = 1 << 20;

/** Whether this runtime decodes zstd itself (node:zlib); else fzstd does. */
export const zstdOnPlatform: boolean = typeof platform.zstdDecompressSync === 'function';

/** The decoded bytes of `data` (every frame), which must be exactly `size` bytes. */
export function zstdDecode(data: Uint8Array, size: number, usePlatform = zstdOnPlatform): Buffer {
  const frames = zstdFrames(data, size);
  if (frames.length === 1 && usePlatform) {
    const whole = decodeOnPlatform(data, frames[0], size);
    if (whole.length !== size) throw new DeclaredSizeMismatch(size, whole.length);
    return whole;
  }
  const out = Buffer.allocUnsafe(size);
  let at = 0;
  for (const frame of frames) {
    if (usePlatform) {
      const part = decodeOnPlatform(data, frame, size - at);
      part.copy(out, at);
      at += part.length;
    } else at = decodeWithFzstd(data, frame, out, at);
  }
  if (at !== size) throw new DeclaredSizeMismatch(size, at);
  return out;
}

/** One frame by node:zlib, at most `room` bytes. */
function decodeOnPlatform(data: Uint8Array, frame: ZstdFrame, room: number): Buffer {
  const bytes = data.subarray(frame.start, frame.end);
  const chunkSize = Math.max(64, Math.min(frame.outputBound, room) + 64);
  try {
    return (platform.zstdDecompressSync as NonNullable<ZstdPlatform['zstdDecompressSync']>)(bytes, {
      maxOutputLength: Math.max(1, room),
      chunkSize: Math.min(chunkSize, 1 << 30),
    });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new DeclaredSizeMismatch(room);
    throw error;
  }
}

/** The smallest window descriptor byte (exponent only) whose window holds `bytes`. */
function windowDescriptorFor(bytes: number): number {
  let exponent = 0;
  while (pow(2, 10 + exponent) < bytes) exponent++;
  return exponent << 3;
}

/** One frame by fzstd into `out` from `at`; returns the new end. */
function decodeWithFzstd(data: Uint8Array, frame: ZstdFrame, out: Buffer, at: number): number {
  let end = at;
  const decoder = new Decompress((chunk) => {
    if (end + chunk.length > out.length) throw new DeclaredSizeMismatch(out.length);
    out.set(chunk, end);
    end += chunk.length;
  });
  let from = frame.start;
  const descriptorAt = frame.windowDescriptorAt;
  const needed = Math.min(frame.outputBound, out.length - at);
  const lowered = windowDescriptorFor(needed);
  if (descriptorAt !== undefined && pow(2, 10 + (lowered >> 3)) < frame.windowSize) {
    const header = Uint8Array.from(data.subarray(from, from + descriptorAt + 1));
    header[descriptorAt] = lowered;
    from += header.length;
    decoder.push(header, from === frame.end);
  }
  while (from < frame.end) {
    const to = Math.min(from + PIECE, frame.end);
    decoder.push(data.subarray(from, to), to === frame.end);
    from = to;
  }
  return end;
}
