/**
 * clusterBootstrapSet resamples cluster totals (O(B·K)); here each of its four intervals is
 * checked against a direct implementation on the same resample indices that works item by item
 * (O(B·N)): every resample stacks the items of the clusters it drew (a cluster drawn twice is two
 * clusters), its mean and CR1 SE are computed from those items (sandwich::vcovCL's HC0 with
 * cadjust, as packages/core/fixtures/scripts/clusterBootstrapReplicates.R computes them), the
 * jackknife leaves each cluster's items out, and core's interval functions (checked against
 * boot::boot.ci in core's fixtures) turn them into bounds. Equal within 1e-12 (relative).
 */
import {
  bootstrapBasicInterval,
  bootstrapBcaInterval,
  bootstrapPercentileInterval,
  bootstrapStudentizedInterval,
  clusterTotalsFromItems,
} from '@evalsim/core';
import { describe, expect, test } from 'vitest';
import { SeededStream } from '../rng/SeededStream.js';
import { sampleIndices } from '../samplers/indices.js';
import { bootstrapStreamKey, clusterBootstrapSet, createBootstrapScratch } from './clusterBootstrapSet.js';
import type { SkippedMethod } from './systemSummary.js';

/** Items of K clusters of 1 … 30 items; scores binary or in [0, 1] (a fixed LCG). */
function clusteredItems(K: number, binary: boolean) {
  let x = 2024;
  const next = () => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    return x / 2 ** 32;
  };
  const scores: number[] = [];
  const clusters: number[] = [];
  for (let g = 0; g < K; g++) {
    const size = 1 + Math.floor(next() * 30);
    const rate = 0.2 + 0.6 * next();
    for (let i = 0; i < size; i++) {
      const u = next();
      scores.push(binary ? (u < rate ? 1 : 0) : rate * u + (1 - rate) * next());
      clusters.push(g);
    }
  }
  return { scores, clusters };
}

/** The four intervals computed item by item from the same draws (see the module comment). */
function direct(
  scores: number[],
  clusters: number[],
  K: number,
  B: number,
  level: number,
  seed: number,
  key: string,
) {
  const members: number[][] = Array.from({ length: K }, () => []);
  for (let i = 0; i < scores.length; i++) members[clusters[i]].push(scores[i]);
  const stream = new SeededStream(bootstrapStreamKey(seed, key), 0);
  const indices = new Int32Array(K);
  const means: number[] = [];
  const ses: number[] = [];
  /** Mean and CR1 SE of items grouped in `groups` (each group a cluster). */
  const meanAndSe = (groups: number[][]) => {
    let total = 0;
    let items = 0;
    for (const group of groups) {
      for (const y of group) total += y;
      items += group.length;
    }
    const mean = total / items;
    let sum = 0;
    for (const group of groups) {
      let residual = 0;
      for (const y of group) residual += y - mean;
      sum += residual * residual;
    }
    return { mean, se: Math.sqrt((groups.length / (groups.length - 1)) * sum) / items };
  };
  for (let b = 0; b < B; b++) {
    sampleIndices(stream, K, indices);
    const { mean, se } = meanAndSe([...indices].map((g) => members[g]));
    means.push(mean);
    ses.push(se);
  }
  const data = meanAndSe(members);
  const jackknife = members.map((_, g) => {
    let total = 0;
    let items = 0;
    members.forEach((group, h) => {
      if (h === g) return;
      for (const y of group) total += y;
      items += group.length;
    });
    return total / items;
  });
  return {
    percentile: bootstrapPercentileInterval(data.mean, means, level),
    basic: bootstrapBasicInterval(data.mean, means, level),
    studentized: bootstrapStudentizedInterval(data.mean, data.se, means, ses, level),
    bca: bootstrapBcaInterval(data.mean, means, jackknife, level),
  };
}

const close = (actual: number, expected: number) =>
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(1e-12 * Math.abs(expected));

describe('clusterBootstrapSet: cluster totals against items, same draws', () => {
  for (const binary of [true, false]) {
    test(`${binary ? 'binary' : 'fractional'} scores: the four intervals of a direct item-level bootstrap`, () => {
      const K = 60;
      const B = 500;
      const { scores, clusters } = clusteredItems(K, binary);
      const totals = clusterTotalsFromItems(scores, clusters);
      const skipped: SkippedMethod[] = [];
      for (const level of [0.9, 0.95]) {
        const set = clusterBootstrapSet(
          totals,
          level,
          7,
          'system-a',
          'system-a',
          createBootstrapScratch(B, K),
          skipped,
        );
        const reference = direct(scores, clusters, K, B, level, 7, 'system-a');
        for (const type of ['percentile', 'basic', 'studentized', 'bca'] as const) {
          const bounds = set[type];
          expect(bounds, type).not.toBeNull();
          close(bounds!.lower, reference[type].lower);
          close(bounds!.upper, reference[type].upper);
        }
      }
      expect(skipped).toEqual([]);
    });
  }
});
