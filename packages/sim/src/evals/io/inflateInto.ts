/**
 * Raw DEFLATE (RFC 1951) inflated into a reused buffer (scratchBuffer.ts) rather than a
 * fresh one. `zlib.inflateRawSync` allocates its output anew on every call; for a member
 * whose size the ZIP directory gives, an engine made with `chunkSize` = size + 64 writes
 * the whole output in one pass into its `_outBuffer`, which is swapped for the scratch
 * (Node.js's zlib.js, `processChunkSync`, unchanged from 18 to 24). That internal is
 * checked before use and the result checked after (a view of the scratch, of the expected
 * length); anything else falls back to `zlib.inflateRawSync`, so a Node.js release that
 * changes it costs speed, never correctness. The CRC-32 is checked by the caller.
 */
import * as zlib from 'node:zlib';
import type { ScratchBuffer } from './scratchBuffer.js';

interface EngineInternals {
  _outBuffer?: unknown;
  _processChunk?: (chunk: Buffer, flush: number) => unknown;
}

/** The inflated bytes of `raw` (`size` of them), in `scratch` when possible; a view valid until its next use. */
export function inflateRawInto(raw: Buffer, size: number, scratch: ScratchBuffer): Buffer {
  const chunkSize = Math.max(64, size + 64);
  if (chunkSize <= 2 ** 30) {
    const out = scratch.take(chunkSize);
    const engine = new zlib.InflateRaw({ chunkSize }) as unknown as EngineInternals;
    const current = engine._outBuffer;
    if (
      typeof engine._processChunk === 'function' &&
      Buffer.isBuffer(current) &&
      current.length === chunkSize
    ) {
      engine._outBuffer = out;
      const data = engine._processChunk(raw, zlib.constants.Z_FINISH);
      // Normally a view of the scratch; a Node.js that copied still gives the right bytes.
      if (Buffer.isBuffer(data)) return data;
    }
  }
  return zlib.inflateRawSync(raw, { chunkSize });
}
