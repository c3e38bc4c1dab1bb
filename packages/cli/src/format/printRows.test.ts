import { describe, expect, it } from 'vitest';
import { formatTable } from './printRows.js';

describe('formatTable', () => {
  it('aligns columns, right-aligns numbers and rounds to the requested digits', () => {
    const text = formatTable(
      [
        { method: 'wald', lower: 0.8072, upper: 1.0594666666 },
        { method: 'wilson', lower: 0.7018, upper: 0.9881 },
      ],
      { digits: 4 },
    );
    const lines = text.trimEnd().split('\n');
    expect(lines[0]).toBe('method   lower   upper');
    expect(lines[2]).toBe('wald    0.8072   1.059');
    expect(lines[3]).toBe('wilson  0.7018  0.9881');
  });
  it('says when there is nothing to show', () => {
    expect(formatTable([])).toBe('(no rows)\n');
  });
});
