// One process of `pnpm bench bootstrap` (scripts/bench-bootstrap.mjs): N items (0/1, cluster g's
// rate drawn once) in K clusters of varied sizes, from a fixed seed; then, timed, core's
// clusterTotalsFromItems and sim's clusterBootstrapSet (the four intervals from B resamples).
// Prints one JSON line: the seconds of each part, the process's CPU seconds and the intervals.
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { clusterTotalsFromItems } from '../packages/core/dist/index.js';
// Analysis internals, not part of the public API: read from the built per-file module.
import {
  clusterBootstrapSet,
  createBootstrapScratch,
} from '../packages/sim/dist/analysis/clusterBootstrapSet.js';
import { SeededStream } from '../packages/sim/dist/index.js';

const { values } = parseArgs({
  options: {
    items: { type: 'string', default: '1000000' },
    clusters: { type: 'string', default: '10000' },
    resamples: { type: 'string', default: '2000' },
  },
});
const N = Number(values.items);
const K = Number(values.clusters);
const B = Number(values.resamples);
const stream = new SeededStream(20240634, 0);
const rates = Float64Array.from({ length: K }, () => 0.3 + 0.6 * stream.uniform());
const clusters = new Int32Array(N);
const scores = new Float64Array(N);
for (let i = 0; i < N; i++) clusters[i] = stream.index(K);
clusters.sort();
for (let i = 0; i < N; i++) scores[i] = stream.uniform() < rates[clusters[i]] ? 1 : 0;

const t0 = performance.now();
const totals = clusterTotalsFromItems(scores, clusters);
const t1 = performance.now();
const skipped = [];
const set = clusterBootstrapSet(
  totals,
  0.95,
  1,
  'bench',
  'bench',
  createBootstrapScratch(B, totals.count),
  skipped,
);
const t2 = performance.now();
const cpu = process.cpuUsage();
let sum = 0;
for (let i = 0; i < N; i++) sum += scores[i];
process.stdout.write(
  `${JSON.stringify({
    items: N,
    clusters: totals.count,
    resamples: B,
    estimate: sum / N,
    totalsSeconds: (t1 - t0) / 1000,
    bootstrapSeconds: (t2 - t1) / 1000,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    percentile: set.percentile,
    basic: set.basic,
    studentized: set.studentized,
    bca: set.bca,
    skipped,
  })}\n`,
);
