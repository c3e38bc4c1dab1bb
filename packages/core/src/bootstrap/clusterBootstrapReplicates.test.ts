/**
 * Cluster bootstrap replicates (means and per-resample CR1 SEs) and leave-one-cluster-out
 * means against R (packages/core/fixtures/clusterBootstrapReplicates.json, made by
 * fixtures/scripts/clusterBootstrapReplicates.R): boot's own resample indices replayed, its
 * replicates, and sandwich::vcovCL (HC0, cadjust) on the stacked items of each resample, at
 * 1e-12 relative (1e-15 absolute: R's SE of a resample of identical clusters is 8e-17, ours 0).
 */
import { describe, expect, it } from 'vitest';
import { cr1ClusteredVariance } from '../clustered/index.js';
import { ErrorTracker, loadFixture } from '../test-utils/fixtures.js';
import {
  clusterBootstrapInterval,
  clusterBootstrapReplicates,
  clusterJackknifeMeans,
  createClusterBootstrapInterval,
  createClusterBootstrapWorkspace,
  type DrawClusterIndices,
} from './index.js';

interface Case {
  S: number[];
  n: number[];
  B: number;
  indices: number[][];
  bootReplicates: string[];
  means: string[];
  ses: string[];
  jackknife: string[];
}
const { cases } = loadFixture<{ cases: Case[] }>('clusterBootstrapReplicates');

function replay(indices: readonly (readonly number[])[]): DrawClusterIndices {
  let b = 0;
  return (out) => {
    out.set(indices[b++]);
  };
}

const totalsOf = (c: Case) => ({ count: c.S.length, sizes: c.n, totals: c.S, sumSquares: c.S });

describe('against R boot + sandwich on the same resamples', () => {
  it.each(cases.map((c, i) => [i, c] as const))('case %i', (_i, c) => {
    const k = c.S.length;
    const means = new Float64Array(c.B);
    const ses = new Float64Array(c.B);
    clusterBootstrapReplicates(totalsOf(c), replay(c.indices), new Int32Array(k), means, ses);
    const t = new ErrorTracker(1e-12, 1e-15);
    for (let b = 0; b < c.B; b++) {
      t.check(`mean ${b} vs boot`, means[b], Number(c.bootReplicates[b]));
      t.check(`mean ${b} vs items`, means[b], Number(c.means[b]));
      t.check(`se ${b}`, ses[b], Number(c.ses[b]));
    }
    const jack = clusterJackknifeMeans(totalsOf(c), new Float64Array(k));
    for (let g = 0; g < k; g++) t.check(`jackknife ${g}`, jack[g], Number(c.jackknife[g]));
    expect(t.failures).toEqual([]);
  });
});

describe('structure', () => {
  const c = cases[0];
  it('same draws, same means as clusterBootstrapInterval; no SEs asked, none written', () => {
    const means = new Float64Array(c.B);
    clusterBootstrapReplicates(totalsOf(c), replay(c.indices), new Int32Array(c.S.length), means, null);
    const ws = createClusterBootstrapWorkspace(c.B);
    clusterBootstrapInterval(totalsOf(c), 0.9, replay(c.indices), ws, createClusterBootstrapInterval());
    expect(Float64Array.from(means).sort()).toEqual(Float64Array.from(ws.means).sort());
  });
  it('a resample of the K distinct clusters has the data’s CR1 SE', () => {
    const k = c.S.length;
    const ses = new Float64Array(1);
    const identity: DrawClusterIndices = (out) => {
      for (let j = 0; j < k; j++) out[j] = j;
    };
    clusterBootstrapReplicates(totalsOf(c), identity, new Int32Array(k), new Float64Array(1), ses);
    expect(ses[0]).toBeCloseTo(Math.sqrt(cr1ClusteredVariance(totalsOf(c))), 15);
  });
  it('rejects one cluster and mis-sized workspaces by name', () => {
    const one = { count: 1, sizes: [3], totals: [1], sumSquares: [1] };
    expect(() =>
      clusterBootstrapReplicates(one, () => {}, new Int32Array(1), new Float64Array(2), null),
    ).toThrow(/^t\.count:/);
    expect(() =>
      clusterBootstrapReplicates(totalsOf(c), () => {}, new Int32Array(2), new Float64Array(2), null),
    ).toThrow(/^indices:/);
    expect(() =>
      clusterBootstrapReplicates(
        totalsOf(c),
        () => {},
        new Int32Array(6),
        new Float64Array(3),
        new Float64Array(2),
      ),
    ).toThrow(/^ses:/);
    expect(() => clusterJackknifeMeans(one, new Float64Array(1))).toThrow(/^t\.count:/);
    expect(() => clusterJackknifeMeans(totalsOf(c), new Float64Array(2))).toThrow(/^out:/);
  });
});
