// Runs one study in this process (no output files) and prints a JSON line with its
// wall time, replications simulated and peak resident memory. Used by bench.mjs,
// which starts one process per (study, workers) so peak memory is per run.
import { performance } from 'node:perf_hooks';
import { loadStudy, runStudy } from '../packages/sim/dist/index.js';

const [file, workersText] = process.argv.slice(2);
const workers = Number(workersText);
const study = await loadStudy(file);
const started = performance.now();
const run = await runStudy(study, { workers });
const wallMs = performance.now() - started;
const perCell = run.replications ?? 0;
// Replications actually analysed: per cell, the study's count (methods may cap theirs lower).
const replications = study.model ? perCell * study.cells.length : 0;
process.stdout.write(
  `${JSON.stringify({ study: study.name, workers, wallMs, replications, cells: study.cells.length, maxRssMiB: process.resourceUsage().maxRSS / 1024 })}\n`,
);
