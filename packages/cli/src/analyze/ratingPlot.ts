/**
 * ratings.svg of `evalsim rate --out`: one row per model in rating order (at most 40), the
 * recommended interval as a bar with a dot at the rating, the simultaneous rank interval and
 * P(1st) on the right; an open end (no MLE) drawn to the plot's edge with an arrow. Hand-written
 * SVG like the forest plot (forestPlot.ts).
 */

import { pow } from '@evalsim/core';
import type { ArenaRating } from '@evalsim/sim';

const ROW = 22;
const TOP = 58;
const LABEL = 250;
const PLOT = 420;
const RIGHT = 170;
const MAX_ROWS = 40;

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function ticks(lo: number, hi: number): number[] {
  const raw = (hi - lo || 1) / 6;
  const p = pow(10, Math.floor(Math.log10(raw)));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * p).find((s) => s >= raw) ?? 10 * p;
  const out: number[] = [];
  for (let t = Math.ceil(lo / step) * step; t <= hi + 1e-9; t += step) out.push(Number(t.toPrecision(12)));
  return out;
}

export function ratingPlot(a: ArenaRating): string {
  const shown = a.ratings.slice(0, MAX_ROWS);
  const width = LABEL + PLOT + RIGHT;
  const height = TOP + ROW * shown.length + 44;
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const r of shown) {
    lo = Math.min(lo, Number.isFinite(r.lower) ? r.lower : r.rating);
    hi = Math.max(hi, Number.isFinite(r.upper) ? r.upper : r.rating);
  }
  const pad = (hi - lo) * 0.06 || 10;
  lo -= pad;
  hi += pad;
  const x = (v: number) => LABEL + ((Math.min(hi, Math.max(lo, v)) - lo) / (hi - lo)) * PLOT;
  const pct = Math.round(a.interval.level * 100);
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="Helvetica, Arial, sans-serif" font-size="12">`,
    `<rect width="${width}" height="${height}" fill="white"/>`,
    `<text x="12" y="20" font-size="14" font-weight="bold">${escapeXml(`Ratings of ${a.models} models from ${a.battles} battles (Elo scale)`)}</text>`,
    `<text x="12" y="38" fill="#444">${escapeXml(`${pct}% ${a.interval.name}; right: simultaneous rank interval, P(1st)${a.ratings.length > MAX_ROWS ? `; top ${MAX_ROWS} shown` : ''}`)}</text>`,
  ];
  const bottom = TOP + ROW * shown.length;
  for (const t of ticks(lo, hi)) {
    const tx = x(t).toFixed(1);
    out.push(
      `<line x1="${tx}" y1="${TOP - 6}" x2="${tx}" y2="${bottom}" stroke="#eee"/>`,
      `<text x="${tx}" y="${bottom + 16}" text-anchor="middle" fill="#444">${t}</text>`,
    );
  }
  out.push(`<text x="${LABEL + PLOT / 2}" y="${bottom + 34}" text-anchor="middle" fill="#444">rating</text>`);
  shown.forEach((r, i) => {
    const y = TOP + ROW * i + ROW / 2;
    const x1 = x(r.lower);
    const x2 = x(r.upper);
    out.push(
      `<text x="${LABEL - 10}" y="${y + 4}" text-anchor="end">${escapeXml(`${r.arenaRank}. ${r.model}`)}</text>`,
      `<line x1="${x1.toFixed(1)}" y1="${y}" x2="${x2.toFixed(1)}" y2="${y}" stroke="black" stroke-width="3"/>`,
      `<circle cx="${x(r.rating).toFixed(1)}" cy="${y}" r="4" fill="black"/>`,
    );
    if (!Number.isFinite(r.upper))
      out.push(
        `<path d="M${(x2 - 6).toFixed(1)} ${y - 5} L${x2.toFixed(1)} ${y} L${(x2 - 6).toFixed(1)} ${y + 5}" fill="none" stroke="black"/>`,
      );
    if (!Number.isFinite(r.lower))
      out.push(
        `<path d="M${(x1 + 6).toFixed(1)} ${y - 5} L${x1.toFixed(1)} ${y} L${(x1 + 6).toFixed(1)} ${y + 5}" fill="none" stroke="black"/>`,
      );
    const ranks = r.rankLower === r.rankUpper ? `${r.rankLower}` : `${r.rankLower}–${r.rankUpper}`;
    out.push(
      `<text x="${LABEL + PLOT + 12}" y="${y + 4}" fill="#333">${escapeXml(`${r.rating.toFixed(0)}  ranks ${ranks}  P ${r.pFirst.toFixed(2)}`)}</text>`,
    );
  });
  out.push('</svg>', '');
  return out.join('\n');
}
