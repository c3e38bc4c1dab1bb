// Measures the runner's worker thread as the `evalsim` bin starts it (packages/evalsim/dist/runner/
// worker.bundle.mjs, with the package's chunks it imports): its size, the time a fresh worker
// thread takes to import it (new Worker → module evaluated), and the process RSS growth that
// import costs.
// Each sample is a fresh node process (cold module cache); prints medians of N (default 7).
// Usage: node scripts/worker-start.mjs [N]
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const bundle = fileURLToPath(new URL('../packages/evalsim/dist/runner/worker.bundle.mjs', import.meta.url));
const n = Number(process.argv[2] ?? 7);
const probe = `
const { Worker } = await import('node:worker_threads');
const before = process.memoryUsage().rss;
const t0 = performance.now();
const w = new Worker(${JSON.stringify(`const { parentPort } = await import('node:worker_threads'); import(${JSON.stringify(bundle)}).then(() => parentPort.postMessage(0));`)}, { eval: true });
w.once('message', () => { const ms = performance.now() - t0; const rss = process.memoryUsage().rss - before; console.log(JSON.stringify({ ms, rss })); w.terminate(); });
`;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = [];
const rss = [];
for (let i = 0; i < n; i++) {
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', probe], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  const s = JSON.parse(r.stdout);
  ms.push(s.ms);
  rss.push(s.rss);
}
console.log(
  JSON.stringify({
    bundleBytes: statSync(bundle).size,
    // the bundle plus the package chunks it imports statically (what a worker parses at start)
    loadedBytes: [
      bundle,
      ...new Set(
        [...readFileSync(bundle, 'utf8').matchAll(/(?:from |import )"(\.\.\/chunk-[^"]+)"/g)].map((m) =>
          join(dirname(bundle), m[1]),
        ),
      ),
    ].reduce((sum, file) => sum + statSync(file).size, 0),
    workerStartMs: Number(median(ms).toFixed(1)),
    workerRssMB: Number((median(rss) / 2 ** 20).toFixed(1)),
    samples: n,
  }),
);
