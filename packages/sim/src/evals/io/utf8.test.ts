import { describe, expect, it } from 'vitest';
import { EvalInputError } from '../evalInputError.js';
import { decodeUtf8, firstInvalidUtf8 } from './utf8.js';

const bytes = (...b: number[]) => Uint8Array.from(b);

function decodeError(data: Uint8Array, firstLine = 1): EvalInputError {
  try {
    decodeUtf8(data, 'f.jsonl', firstLine);
  } catch (error) {
    expect(error).toBeInstanceOf(EvalInputError);
    return error as EvalInputError;
  }
  throw new Error('expected an encoding error');
}

describe('strict UTF-8', () => {
  it('decodes valid text and drops a byte-order mark at the start', () => {
    expect(decodeUtf8(Buffer.from('\ufeffZürich 東京 🎲', 'utf8'), 'f')).toBe('Zürich 東京 🎲');
    expect(firstInvalidUtf8(Buffer.from('Zürich 東京 🎲', 'utf8'))).toBe(-1);
  });

  it('finds the first invalid sequence: stray continuation, overlong, surrogate, above U+10FFFF, truncated', () => {
    expect(firstInvalidUtf8(bytes(0x61, 0x80))).toBe(1);
    expect(firstInvalidUtf8(bytes(0x61, 0xc0, 0xaf))).toBe(1); // overlong "/"
    expect(firstInvalidUtf8(bytes(0xe0, 0x80, 0xaf))).toBe(0); // overlong 3-byte
    expect(firstInvalidUtf8(bytes(0xed, 0xa0, 0x80))).toBe(0); // U+D800
    expect(firstInvalidUtf8(bytes(0xf4, 0x90, 0x80, 0x80))).toBe(0); // U+110000
    expect(firstInvalidUtf8(bytes(0x61, 0x62, 0xe6, 0x9d))).toBe(2); // truncated at the end
    expect(firstInvalidUtf8(bytes(0xf0, 0x9f, 0x8e, 0xb2))).toBe(-1); // 🎲
  });

  it('names the line and byte column of the first bad byte, counting from the given line', () => {
    const e = decodeError(
      Buffer.concat([Buffer.from('ok\nsecond ok\nab'), bytes(0xff), Buffer.from('cd\n')]),
    );
    expect(e.line).toBe(3);
    expect(e.column).toBe(3);
    expect(e.message).toMatch(/^f\.jsonl, line 3, column 3: invalid UTF-8 \(0xff/);
    expect(decodeError(Buffer.concat([Buffer.from('x'), bytes(0xc3)]), 41).line).toBe(41);
  });
});
