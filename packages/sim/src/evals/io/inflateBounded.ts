/**
 * Raw DEFLATE (RFC 1951) inflated against a declared size: node:zlib with `maxOutputLength`
 * set to it, which refuses once the output passes it (after the output chunk that crossed it,
 * at most `size` + 64 bytes here), so a member that lies about its size is never inflated
 * whole. With a scratch buffer (scratchBuffer.ts) the output goes into that reused buffer
 * rather than a fresh one: an engine made with `chunkSize` = size + 64 writes the whole output
 * in one pass into its `_outBuffer`, which is swapped for the scratch (Node.js's zlib.js,
 * `processChunkSync`, unchanged from 18 to 24). That internal is checked before use and the
 * result checked after (a view of the scratch, of the expected length); anything else falls
 * back to `zlib.inflateRawSync`, so a Node.js release that changes it costs speed, never
 * correctness. The CRC-32 is checked by the caller.
 */
import * as zlib from 'node:zlib';
import { DeclaredSizeMismatch } from './declaredSize.js';
import type { ScratchBuffer } from './scratchBuffer.js';

interface EngineInternals {
  _outBuffer?: unknown;
  _processChunk?: (chunk: Buffer, flush: number) => unknown;
}

/**
 * The inflated bytes of `raw`, at most `size` of them (DeclaredSizeMismatch past that, and
 * when fewer), in `scratch` when given and possible: then a view valid until its next use.
 */
export function inflateRawBounded(raw: Buffer, size: number, scratch?: ScratchBuffer): Buffer {
  const chunkSize = Math.min(Math.max(64, size + 64), 1 << 30);
  const maxOutputLength = Math.max(1, size);
  let data: Buffer | undefined;
  try {
    if (scratch && chunkSize === size + 64) {
      const out = scratch.take(chunkSize);
      const engine = new zlib.InflateRaw({ chunkSize, maxOutputLength }) as unknown as EngineInternals;
      const current = engine._outBuffer;
      if (
        typeof engine._processChunk === 'function' &&
        Buffer.isBuffer(current) &&
        current.length === chunkSize
      ) {
        engine._outBuffer = out;
        const inflated = engine._processChunk(raw, zlib.constants.Z_FINISH);
        // Normally a view of the scratch; a Node.js that copied still gives the right bytes.
        if (Buffer.isBuffer(inflated)) data = inflated;
      }
    }
    data ??= zlib.inflateRawSync(raw, { chunkSize, maxOutputLength });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new DeclaredSizeMismatch(size);
    throw error;
  }
  if (data.length !== size) throw new DeclaredSizeMismatch(size, data.length);
  return data;
}
