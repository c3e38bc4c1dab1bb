/**
 * An SVG forest plot of the paired differences: one row per pair (first − second), the
 * headline CI as a black bar with a dot at the estimate, the unpaired CI as a thin grey bar
 * behind it (what ignoring the pairing would have shown), a dashed line at zero, and the
 * numbers on the right; an interval reaching outside the possible range or of zero width is
 * dashed and its marks printed beside it (as everywhere in analyze). Hand-written SVG (no fonts embedded, no scripts), so it renders the
 * same in browsers and `rsvg-convert`.
 */

import { pow } from '@evalsim/core';
import type { EvalAnalysis } from '@evalsim/sim';
import { analysisUnits, intervalLabel, pairLabel } from './analysisUnits.js';

const ROW = 30;
const TOP = 58;
const LABEL = 230;
const PLOT = 420;
const RIGHT = 190;

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Ticks at a round step covering [lo, hi] (printed units). */
function ticks(lo: number, hi: number): number[] {
  const span = hi - lo || 1;
  const raw = span / 6;
  const p = pow(10, Math.floor(Math.log10(raw)));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * p).find((s) => s >= raw) ?? 10 * p;
  const out: number[] = [];
  for (let t = Math.ceil(lo / step) * step; t <= hi + 1e-9; t += step) out.push(Number(t.toPrecision(12)));
  return out;
}

/** The forest plot as an SVG document. */
export function forestPlot(a: EvalAnalysis): string {
  const u = analysisUnits(a);
  const pairs = a.pairs;
  const width = LABEL + PLOT + RIGHT;
  const height = TOP + ROW * Math.max(pairs.length, 1) + 44;
  let lo = 0;
  let hi = 0;
  for (const p of pairs) {
    lo = Math.min(lo, p.interval.lower, p.unpaired.lower);
    hi = Math.max(hi, p.interval.upper, p.unpaired.upper);
  }
  lo *= u.scale;
  hi *= u.scale;
  const pad = (hi - lo) * 0.05 || 1;
  lo -= pad;
  hi += pad;
  const x = (v: number) => LABEL + ((v * u.scale - lo) / (hi - lo)) * PLOT;
  const xs = (v: number) => LABEL + ((v - lo) / (hi - lo)) * PLOT;
  const pct = Math.round(a.options.level * 100);
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="Helvetica, Arial, sans-serif" font-size="12">`,
    `<rect width="${width}" height="${height}" fill="white"/>`,
    `<text x="12" y="20" font-size="14" font-weight="bold">${escapeXml(`Paired differences (${a.task}, ${a.metric}): first \u2212 second, ${u.unit}`)}</text>`,
    `<text x="12" y="38" fill="#444">${escapeXml(`black: ${pct}% CI, ${intervalLabel(a.options.pairedInterval)}; grey (below): unpaired CI; ${a.questions} questions${a.clusters ? `, ${a.clusters} clusters` : ''}`)}</text>`,
  );
  const bottom = TOP + ROW * pairs.length;
  for (const t of ticks(lo, hi)) {
    const tx = xs(t).toFixed(1);
    out.push(
      `<line x1="${tx}" y1="${TOP - 6}" x2="${tx}" y2="${bottom}" stroke="#eee"/>`,
      `<text x="${tx}" y="${bottom + 16}" text-anchor="middle" fill="#444">${escapeXml(String(t))}</text>`,
    );
  }
  const zero = xs(0).toFixed(1);
  out.push(
    `<line x1="${zero}" y1="${TOP - 6}" x2="${zero}" y2="${bottom}" stroke="#888" stroke-dasharray="4 3"/>`,
  );
  out.push(
    `<text x="${LABEL + PLOT / 2}" y="${bottom + 34}" text-anchor="middle" fill="#444">${escapeXml(`difference (${u.unit})`)}</text>`,
  );
  pairs.forEach((p, i) => {
    const y = TOP + ROW * i + ROW / 2;
    const colour = p.separated ? '#b2182b' : 'black';
    out.push(
      `<text x="${LABEL - 10}" y="${y + 4}" text-anchor="end">${escapeXml(pairLabel(p))}</text>`,
      `<line x1="${x(p.unpaired.lower).toFixed(1)}" y1="${y + 7}" x2="${x(p.unpaired.upper).toFixed(1)}" y2="${y + 7}" stroke="#bbb" stroke-width="2"/>`,
      `<line x1="${x(p.interval.lower).toFixed(1)}" y1="${y}" x2="${x(p.interval.upper).toFixed(1)}" y2="${y}" stroke="${colour}" stroke-width="3"${p.interval.marks.length ? ' stroke-dasharray="6 3"' : ''}/>`,
      `<circle cx="${x(p.difference).toFixed(1)}" cy="${y}" r="4" fill="${colour}"/>`,
      `<text x="${LABEL + PLOT + 10}" y="${y + 4}">${escapeXml(`${u.signed(p.difference)} ${u.range(p.interval.lower, p.interval.upper)}`)}</text>`,
    );
  });
  if (pairs.some((p) => p.interval.marks.length)) {
    out.push(
      `<text x="${LABEL}" y="${height - 8}" fill="#444">${escapeXml('dashed: the interval reaches outside the possible range or has zero width (marked beside it)')}</text>`,
    );
  }
  if (pairs.some((p) => p.separated)) {
    out.push(
      `<text x="12" y="${height - 8}" fill="#b2182b">${escapeXml('red: separated after Holm\u2019s correction across all pairs')}</text>`,
    );
  }
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
