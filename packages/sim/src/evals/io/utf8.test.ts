import { describe, expect, it } from 'vitest';
import { EvalInputError } from '../evalInputError.js';
import { decodeUtf8 } from './utf8.js';

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
