/**
 * How an analysis prints its numbers: scores in [0, 1] as percentage points (×100, one
 * decimal), any other scale in its own units (three significant digits); p-values to two
 * significant digits (scientific below 0.001); interval labels for the method names. Every
 * interval printed goes through `bounds` (a score) or `range` (a difference), which add the
 * marks `evalsim interval` prints (core intervalMarks, in printed units): "(upper > 100)",
 * "(zero width)".
 */
import { intervalMarks } from '@evalsim/core';
import type { EvalAnalysis } from '@evalsim/sim';

export interface AnalysisUnits {
  /** Multiplier from the score scale to printed units. */
  readonly scale: number;
  /** `points` or `units`. */
  readonly unit: string;
  /** A value in printed units, as text. */
  value(x: number): string;
  /** A difference with its sign. */
  signed(x: number): string;
  /** A score interval `[lo, hi]`, with its marks. */
  bounds(lo: number, hi: number): string;
  /** A difference interval `[±lo, ±hi]`, with its marks. */
  range(lo: number, hi: number): string;
  /** The marks of a score (`difference` false) or difference interval, in printed units. */
  marks(lo: number, hi: number, difference: boolean): string[];
}

/** Units for `analysis` (percentage points when every score is in [0, 1]). */
export function analysisUnits(
  analysis: Pick<EvalAnalysis, 'scoreRange'> & Partial<Pick<EvalAnalysis, 'possibleRange'>>,
): AnalysisUnits {
  const [lo, hi] = analysis.scoreRange;
  const percent = lo >= 0 && hi <= 1;
  const scale = percent ? 100 : 1;
  const value = (x: number) => {
    if (!Number.isFinite(x)) return String(x);
    const v = x * scale;
    const s = percent ? v.toFixed(1) : Number(v.toPrecision(3)).toString();
    return s === '-0.0' ? '0.0' : s;
  };
  const signed = (x: number) => {
    const s = value(x);
    return s.startsWith('-') ? `\u2212${s.slice(1)}` : s === '0.0' || s === '0' ? s : `+${s}`;
  };
  // An analysis without a possible range (a judged one) marks nothing it cannot know.
  const possible = analysis.possibleRange ?? { score: null, difference: null };
  const marks = (lo: number, hi: number, difference: boolean) => {
    const r = difference ? possible.difference : possible.score;
    return intervalMarks(
      lo * scale,
      hi * scale,
      r ? [r[0] * scale, r[1] * scale] : [Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY],
    );
  };
  const marked = (text: string, m: string[]) => (m.length ? `${text} (${m.join(', ')})` : text);
  return {
    scale,
    unit: percent ? 'points' : 'units',
    value,
    signed,
    marks,
    bounds: (a, b) => marked(`[${value(a)}, ${value(b)}]`, marks(a, b, false)),
    range: (a, b) => marked(`[${signed(a)}, ${signed(b)}]`, marks(a, b, true)),
  };
}

/** A p-value as text: two significant digits, scientific below 0.001. */
export function formatP(p: number | null | undefined): string {
  if (p === null || p === undefined || Number.isNaN(p)) return '';
  if (p === 0) return '0';
  if (p < 0.001) return p.toExponential(1);
  return Number(p.toPrecision(2)).toString();
}

const INTERVAL_LABELS: Record<string, string> = {
  clustered: 'clustered CR1, t(K\u22121)',
  clusteredCr2: 'clustered CR2, Bell\u2013McCaffrey df',
  clusteredMiller: 'clustered (Miller eq. 4), z',
  pairedZ: 'paired, z',
  pairedT: 'paired t',
  naiveT: 't interval, t(Q\u22121)',
  wilson: 'Wilson',
  jeffreys: 'Jeffreys (equal-tailed)',
  kornGraubardWilson: 'Korn\u2013Graubard Wilson (effective n, df K\u22121)',
  pairedWald: 'paired Wald (2\u00d72)',
  tango: 'Tango score (2\u00d72)',
  newcombePaired: 'Newcombe hybrid score (2\u00d72)',
  bonettPrice: 'Bonett\u2013Price (2\u00d72)',
  agrestiMin: 'Agresti\u2013Min (2\u00d72)',
};

/** A readable name of a headline interval (a pair's, or a system's: naiveT, wilson, clusteredCr2). */
export function intervalLabel(choice: string): string {
  return INTERVAL_LABELS[choice] ?? choice;
}

const TEST_LABELS: Record<string, string> = {
  clustered: 'clustered t',
  mcnemar: 'exact McNemar',
  mcnemarMidp: 'mid-p McNemar',
  mcnemarScore: 'McNemar \u03c7\u00b2 (no continuity correction)',
  pairedZ: 'paired z',
  pairedT: 'paired t',
};

/** A readable name of the test behind the adjusted p-values. */
export function testLabel(method: string): string {
  return TEST_LABELS[method] ?? method;
}

/** A pair's label, first − second. */
export function pairLabel(p: { first: string; second: string }): string {
  return `${p.first} \u2212 ${p.second}`;
}
