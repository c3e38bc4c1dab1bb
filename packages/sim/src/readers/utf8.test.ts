import { describe, expect, it } from 'vitest';
import { firstInvalidUtf8 } from './utf8.js';

const bytes = (...b: number[]) => Uint8Array.from(b);
const strict = new TextDecoder('utf-8', { fatal: true });

/** Whether the platform's fatal decoder accepts `data`. */
function decodes(data: Uint8Array): boolean {
  try {
    strict.decode(data);
    return true;
  } catch {
    return false;
  }
}

describe('firstInvalidUtf8', () => {
  it('finds the first invalid sequence: stray continuation, overlong, surrogate, above U+10FFFF, truncated', () => {
    expect(firstInvalidUtf8(Buffer.from('Zürich 東京 🎲', 'utf8'))).toBe(-1);
    expect(firstInvalidUtf8(bytes(0x61, 0x80))).toBe(1);
    expect(firstInvalidUtf8(bytes(0x61, 0xc0, 0xaf))).toBe(1); // overlong "/"
    expect(firstInvalidUtf8(bytes(0xe0, 0x80, 0xaf))).toBe(0); // overlong 3-byte
    expect(firstInvalidUtf8(bytes(0xed, 0xa0, 0x80))).toBe(0); // U+D800
    expect(firstInvalidUtf8(bytes(0xf4, 0x90, 0x80, 0x80))).toBe(0); // U+110000
    expect(firstInvalidUtf8(bytes(0x61, 0x62, 0xe6, 0x9d))).toBe(2); // truncated at the end
    expect(firstInvalidUtf8(bytes(0xf0, 0x9f, 0x8e, 0xb2))).toBe(-1); // 🎲
  });

  it('finds a bad byte exactly when the fatal TextDecoder refuses (every 1- to 3-byte string, sampled 4-byte ones)', () => {
    // The population and eval readers decode with the platform decoder and call this only
    // when it refuses: the two must agree on which byte strings are UTF-8.
    let checked = 0;
    const agree = (data: Uint8Array) => {
      checked++;
      if (decodes(data) !== firstInvalidUtf8(data) < 0) throw new Error(`disagree on ${Array.from(data)}`);
    };
    for (let a = 0; a < 256; a++) {
      agree(bytes(a));
      for (let b = 0x70; b < 256; b++) {
        agree(bytes(a, b));
        if (a >= 0xe0 && a <= 0xf4) for (let c = 0x70; c < 0xc8; c++) agree(bytes(a, b, c));
      }
    }
    for (const a of [0xf0, 0xf1, 0xf3, 0xf4, 0xf5])
      for (const b of [0x80, 0x8f, 0x90, 0xbf, 0xc0])
        for (const c of [0x7f, 0x80, 0xbf])
          for (const d of [0x41, 0x80, 0xbf, 0xc0]) agree(bytes(a, b, c, d));
    expect(checked).toBeGreaterThan(100_000);
  });
});
