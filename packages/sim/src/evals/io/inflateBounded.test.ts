import * as zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DeclaredSizeMismatch } from './declaredSize.js';
import { inflateRawBounded } from './inflateBounded.js';
import { ScratchBuffer } from './scratchBuffer.js';

describe('inflateRawBounded and ScratchBuffer', () => {
  const text = Buffer.from(JSON.stringify(Array.from({ length: 5000 }, (_, k) => ({ k, s: `v${k % 97}` }))));
  const raw = zlib.deflateRawSync(text);

  it('inflates into the scratch itself on this runtime (no fresh output buffer), the same bytes', () => {
    const scratch = new ScratchBuffer();
    const first = inflateRawBounded(raw, text.length, scratch);
    expect(first.equals(text)).toBe(true);
    const again = inflateRawBounded(raw, text.length, scratch);
    expect(again.equals(text)).toBe(true);
    // Both views share the scratch's memory: the second read reused the first one's buffer.
    expect(again.buffer).toBe(first.buffer);
    const smaller = zlib.deflateRawSync(Buffer.from('{"a":1}'));
    expect(inflateRawBounded(smaller, 7, scratch).toString()).toBe('{"a":1}');
    expect(scratch.take(10).buffer).toBe(first.buffer);
    expect(inflateRawBounded(raw, text.length).equals(text)).toBe(true);
  });

  it('stops just past the declared size of a member that lies about it, with or without a scratch', () => {
    // 64 MiB of zeros (≈ 64 KB deflated) declared as 1,000 bytes
    const bomb = zlib.deflateRawSync(Buffer.alloc(64 << 20), { level: 9 });
    for (const scratch of [undefined, new ScratchBuffer()]) {
      const before = process.memoryUsage().arrayBuffers;
      expect(() => inflateRawBounded(bomb, 1000, scratch)).toThrow(DeclaredSizeMismatch);
      expect(() => inflateRawBounded(bomb, 1000, scratch)).toThrow(
        /more than its declared size of 1000 bytes/,
      );
      expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(8 << 20);
    }
    expect(() => inflateRawBounded(raw, text.length + 1)).toThrow(/decodes to \d+ bytes, not its declared/);
  });

  it('throws on damaged data, and a scratch refuses a negative length', () => {
    const broken = Buffer.from(raw);
    broken[10] ^= 0xff;
    broken[11] ^= 0xff;
    expect(() => {
      const out = inflateRawBounded(broken, text.length, new ScratchBuffer());
      if (!out.equals(text)) throw new Error('different bytes');
    }).toThrow();
    expect(() => new ScratchBuffer().take(-1)).toThrow(RangeError);
  });
});
