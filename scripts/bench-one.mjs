// Runs one study in this process (no output files) and prints a JSON line: the cold
// wall time (loading the study and running it as `evalsim run --workers n` does: this thread and
// n − 1 worker threads, made only when the run's first chunks say they pay), the warm wall time
// (the study again on a started pool of this thread and n − 1 worker threads, after one run on it:
// the simulation's own scaling, as inside `evalsim reproduce`), replications simulated and peak
// resident memory. Used by bench.mjs, which starts one process per (study, workers).
import { performance } from 'node:perf_hooks';
import { loadStudy, runStudy } from '../packages/sim/dist/index.js';
import { createStudyPool } from '../packages/sim/dist/runner/chunkExecutor.js';

const [file, workersText] = process.argv.slice(2);
const workers = Number(workersText);
let started = performance.now();
// As the CLI loads it: formula values are computed by the run, between its chunks.
const study = await loadStudy(file, { evaluateFormulas: false });
const run = await runStudy(study, { workers });
const coldMs = performance.now() - started;
const pool = createStudyPool({ workers: workers - 1, mainThread: true });
await runStudy(study, { pool });
started = performance.now();
await runStudy(study, { pool });
const warmMs = performance.now() - started;
await pool.close();
const perCell = run.replications ?? 0;
// Replications per cell × cells (methods may cap theirs lower, e.g. a 1,000-replication bootstrap).
const replications = study.model ? perCell * study.cells.length : 0;
process.stdout.write(
  `${JSON.stringify({ study: study.name, workers, coldMs, warmMs, replications, cells: study.cells.length, maxRssMiB: process.resourceUsage().maxRSS / 1024 })}\n`,
);
