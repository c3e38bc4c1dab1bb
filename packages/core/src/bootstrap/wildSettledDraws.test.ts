/**
 * The bisection's settled-draw shortcut (wildSettledDraws.ts) against the plain search it
 * replaces: the same bounds, bit for bit, on many data sets (sizes equal and unequal, K = 2 … 60,
 * Webb and Rademacher weights, several levels), and every verdict it settles on a bracket
 * agrees with the direct test at points across that bracket.
 */
import { describe, expect, it } from 'vitest';
import { cr1ClusteredVariance } from '../clustered/cr1Variance.js';
import {
  createWildBootstrapInterval,
  createWildBootstrapWorkspace,
  wildClusterBootstrapInterval,
} from './index.js';
import { settleWildDraws } from './wildSettledDraws.js';

const WEBB = [-Math.sqrt(1.5), -1, -Math.sqrt(0.5), Math.sqrt(0.5), 1, Math.sqrt(1.5)];
const TIE_SLACK = 1 - 1e-10;

/** A small deterministic generator for the test data (not the engine's streams). */
function lcg(seed: number) {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 4294967296;
  };
}

/** The search before the shortcut: doubling, then bisection testing every draw at every step. */
function plainInterval(totals: number[], sizes: number[], weights: Float64Array[], level: number) {
  const k = totals.length;
  const N = sizes.reduce((a, b) => a + b, 0);
  const mean = totals.reduce((a, b) => a + b, 0) / N;
  const se = Math.sqrt(cr1ClusteredVariance({ count: k, sizes, totals, sumSquares: totals }));
  const ws = createWildBootstrapWorkspace(weights.length);
  let b = 0;
  wildClusterBootstrapInterval(
    { count: k, sizes, totals, sumSquares: totals },
    N,
    level,
    (out) => out.set(weights[b++]),
    ws,
    createWildBootstrapInterval(),
  );
  const B = weights.length;
  const maxExceedances = Math.floor((1 - level) * B + 1e-9);
  const correction = k / (k - 1);
  const rejects = (mu0: number, absT: number) => {
    let exceed = 0;
    for (let d = 0; d < B; d++) {
      const num = ws.shiftA[d] - mu0 * ws.shiftB[d];
      const q = correction * (ws.alphaAlpha[d] + mu0 * (2 * ws.alphaBeta[d] + mu0 * ws.betaBeta[d]));
      if (num * num >= absT * absT * q * TIE_SLACK) {
        exceed++;
        if (exceed > maxExceedances) return false;
      }
    }
    return true;
  };
  const endpoint = (direction: number) => {
    let inside = mean;
    let step = se;
    let outside = Number.NaN;
    for (let d = 0; d <= 20; d++) {
      const mu0 = mean + direction * step;
      if (rejects(mu0, step / se)) {
        outside = mu0;
        break;
      }
      inside = mu0;
      step *= 2;
    }
    if (Number.isNaN(outside)) return direction * Number.POSITIVE_INFINITY;
    for (let i = 0; i < 60 && Math.abs(outside - inside) > 1e-7 * se; i++) {
      const mid = 0.5 * (inside + outside);
      if (rejects(mid, Math.abs(mid - mean) / se)) outside = mid;
      else inside = mid;
    }
    return 0.5 * (inside + outside);
  };
  return { lower: endpoint(-1), upper: endpoint(1), ws, mean, se, correction };
}

function dataSet(random: () => number, k: number, equal: boolean, resamples: number, rademacher: boolean) {
  const sizes = Array.from({ length: k }, () => (equal ? 10 : 1 + Math.floor(random() * 30)));
  const p = 0.2 + 0.6 * random();
  const totals = sizes.map((n) => {
    let s = 0;
    for (let i = 0; i < n; i++) if (random() < p + 0.3 * (random() - 0.5)) s++;
    return s;
  });
  const weights = Array.from({ length: resamples }, () =>
    Float64Array.from({ length: k }, () =>
      rademacher ? (random() < 0.5 ? -1 : 1) : WEBB[Math.floor(random() * 6)],
    ),
  );
  return { sizes, totals, weights };
}

describe('wild cluster bootstrap: settled draws', () => {
  it('give the same bounds, bit for bit, as testing every draw at every bisection step (600 data sets)', () => {
    const random = lcg(20261201);
    let compared = 0;
    for (let c = 0; c < 600; c++) {
      const k = [2, 3, 5, 8, 13, 20, 60][c % 7];
      const level = [0.95, 0.9, 0.99][c % 3];
      const { sizes, totals, weights } = dataSet(random, k, c % 2 === 0, c % 5 === 0 ? 99 : 199, c % 4 === 1);
      const N = sizes.reduce((a, b) => a + b, 0);
      let b = 0;
      const out = wildClusterBootstrapInterval(
        { count: k, sizes, totals, sumSquares: totals },
        N,
        level,
        (w) => w.set(weights[b++]),
        createWildBootstrapWorkspace(weights.length),
        createWildBootstrapInterval(),
      );
      if (!(out.se > 0)) continue;
      const plain = plainInterval(totals, sizes, weights, level);
      if (out.lower !== plain.lower || out.upper !== plain.upper)
        expect([c, out.lower, out.upper]).toEqual([c, plain.lower, plain.upper]);
      compared++;
    }
    expect(compared).toBeGreaterThan(550);
  });

  it('settle a verdict on a bracket only where the direct test gives it at 201 points across the bracket', () => {
    const random = lcg(7);
    let settledCount = 0;
    let disagreements = 0;
    for (let c = 0; c < 60; c++) {
      const k = [4, 10, 30][c % 3];
      const { sizes, totals, weights } = dataSet(random, k, c % 2 === 0, 199, false);
      const plain = plainInterval(totals, sizes, weights, 0.95);
      if (!(plain.se > 0)) continue;
      const { ws, mean, se, correction } = plain;
      for (const [lo, hi] of [
        [mean + se, mean + 2 * se],
        [mean - 3 * se, mean - 2.5 * se],
        [mean + 1.9 * se, mean + 1.95 * se],
      ]) {
        const active = Int32Array.from({ length: 199 }, (_, i) => i);
        const settled = { exceed: 0 };
        const kept = settleWildDraws(ws, active, 199, lo, hi, mean, se, correction, settled);
        const keptSet = new Set(active.subarray(0, kept));
        for (let d = 0; d < 199; d++) {
          if (keptSet.has(d)) continue;
          settledCount++;
          for (let j = 0; j <= 200; j++) {
            const mu0 = lo + ((hi - lo) * j) / 200;
            const absT = Math.abs(mu0 - mean) / se;
            const num = ws.shiftA[d] - mu0 * ws.shiftB[d];
            const q = correction * (ws.alphaAlpha[d] + mu0 * (2 * ws.alphaBeta[d] + mu0 * ws.betaBeta[d]));
            const exceeds = num * num >= absT * absT * q * TIE_SLACK;
            // Settled draws that exceed are the first `settled.exceed` of those removed, so check each against both ends.
            const atLo = (() => {
              const n0 = ws.shiftA[d] - lo * ws.shiftB[d];
              const t0 = Math.abs(lo - mean) / se;
              return (
                n0 * n0 >=
                t0 *
                  t0 *
                  correction *
                  (ws.alphaAlpha[d] + lo * (2 * ws.alphaBeta[d] + lo * ws.betaBeta[d])) *
                  TIE_SLACK
              );
            })();
            if (exceeds !== atLo) disagreements++;
          }
        }
        expect(settled.exceed).toBeLessThanOrEqual(199 - kept);
      }
    }
    expect(settledCount).toBeGreaterThan(1000);
    expect(disagreements).toBe(0);
  });
});
