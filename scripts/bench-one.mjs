// Runs one study in this process (no output files) and prints a JSON line: the cold
// wall time (starting a fresh pool of `workers` threads, as `evalsim run` does), the warm
// wall time (the same study again on the already-started pool: the simulation's own
// scaling, as inside `evalsim reproduce`), replications simulated and peak resident memory.
// Used by bench.mjs, which starts one process per (study, workers).
import { performance } from 'node:perf_hooks';
import { createStudyPool, loadStudy, runStudy } from '../packages/sim/dist/index.js';

const [file, workersText] = process.argv.slice(2);
const workers = Number(workersText);
const study = await loadStudy(file);
let started = performance.now();
const pool = createStudyPool({ workers });
const run = await runStudy(study, { pool });
const coldMs = performance.now() - started;
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
