/**
 * How the HTML report prints a number (the formats of htmlView.ts's `NumberFormat`), and what
 * a reader of the page needs to check it against the document: the factor it was multiplied
 * by and whether it was rounded to the nearest shown digit or up to a whole number.
 */
import { decimalsFor } from '../format/formatResults.js';
import type { NumberFormat, ViewContext } from './htmlView.js';

export interface ShownNumber {
  readonly text: string;
  /** The shown number is the value × scale … */
  readonly scale: number;
  /** … rounded to the last shown digit (`nearest`) or up to a whole number (`ceil`). */
  readonly round: 'nearest' | 'ceil';
}

const MINUS = '\u2212';

function withMinus(text: string): string {
  return text.startsWith('-') ? `${MINUS}${text.slice(1)}` : text;
}

/** Three significant digits, as analyze's tables print them. */
function significant(x: number): string {
  // From 1,000 on, the whole number: three digits would drop digits of a count or a size.
  if (Math.abs(x) >= 1000) return Math.round(x).toLocaleString('en-US');
  return Number(x.toPrecision(3)).toString();
}

function pValue(p: number): string {
  if (p === 0) return '0';
  if (p < 0.001) return p.toExponential(1);
  return Number(p.toPrecision(2)).toString();
}

/** `value` in `format` (`mcse`: the Monte Carlo SE whose precision an `mcse` number takes). */
export function formatNumber(
  value: number,
  format: NumberFormat,
  context: ViewContext,
  mcse?: number,
): ShownNumber {
  if (!Number.isFinite(value)) {
    const text = Number.isNaN(value) ? 'n/a' : value > 0 ? '\u221e' : `${MINUS}\u221e`;
    return { text, scale: 1, round: 'nearest' };
  }
  const percentScale = context.scale === 100;
  const scaled = (x: number) => {
    const s = percentScale ? x.toFixed(1) : significant(x);
    return s === '-0.0' || s === '-0' ? s.slice(1) : s;
  };
  switch (format) {
    case 'integer':
      return { text: withMinus(Math.round(value).toLocaleString('en-US')), scale: 1, round: 'nearest' };
    case 'ceil':
      return { text: withMinus(Math.ceil(value).toLocaleString('en-US')), scale: 1, round: 'ceil' };
    case 'number':
      return { text: withMinus(significant(value)), scale: 1, round: 'nearest' };
    case 'proportion':
      return { text: withMinus(value.toFixed(3)), scale: 1, round: 'nearest' };
    case 'percent':
      return { text: `${withMinus((100 * value).toFixed(1))}%`, scale: 100, round: 'nearest' };
    case 'p':
      return { text: pValue(value), scale: 1, round: 'nearest' };
    case 'mcse':
      // An integer value prints without decimals (formatResults' formatEstimate).
      return {
        text: withMinus(
          Number.isInteger(value) ? String(value) : value.toFixed(decimalsFor(mcse ?? Number.NaN)),
        ),
        scale: 1,
        round: 'nearest',
      };
    case 'scaled':
      // Beside a Monte Carlo SE: as many decimals as the scaled SE (formatResults' rule).
      if (mcse !== undefined) {
        const decimals = decimalsFor(mcse * context.scale);
        return {
          text: withMinus((value * context.scale).toFixed(decimals)),
          scale: context.scale,
          round: 'nearest',
        };
      }
      return { text: withMinus(scaled(value * context.scale)), scale: context.scale, round: 'nearest' };
    case 'signed': {
      const s = scaled(value * context.scale);
      const text = s.startsWith('-') ? `${MINUS}${s.slice(1)}` : /^0(\.0*)?$/.test(s) ? s : `+${s}`;
      return { text, scale: context.scale, round: 'nearest' };
    }
  }
}
