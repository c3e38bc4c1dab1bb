import * as zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { inflateRawInto } from './inflateInto.js';
import { ScratchBuffer } from './scratchBuffer.js';

describe('inflateRawInto and ScratchBuffer', () => {
  const text = Buffer.from(JSON.stringify(Array.from({ length: 5000 }, (_, k) => ({ k, s: `v${k % 97}` }))));
  const raw = zlib.deflateRawSync(text);

  it('inflates into the scratch itself on this runtime (no fresh output buffer), the same bytes', () => {
    const scratch = new ScratchBuffer();
    const first = inflateRawInto(raw, text.length, scratch);
    expect(first.equals(text)).toBe(true);
    const again = inflateRawInto(raw, text.length, scratch);
    expect(again.equals(text)).toBe(true);
    // Both views share the scratch's memory: the second read reused the first one's buffer.
    expect(again.buffer).toBe(first.buffer);
    const smaller = zlib.deflateRawSync(Buffer.from('{"a":1}'));
    expect(inflateRawInto(smaller, 7, scratch).toString()).toBe('{"a":1}');
    expect(scratch.take(10).buffer).toBe(first.buffer);
  });

  it('throws on damaged data, and a scratch refuses a negative length', () => {
    const broken = Buffer.from(raw);
    broken[10] ^= 0xff;
    broken[11] ^= 0xff;
    expect(() => {
      const out = inflateRawInto(broken, text.length, new ScratchBuffer());
      if (!out.equals(text)) throw new Error('different bytes');
    }).toThrow();
    expect(() => new ScratchBuffer().take(-1)).toThrow(RangeError);
  });
});
