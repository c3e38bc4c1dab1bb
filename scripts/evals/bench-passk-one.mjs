// One run of the many-samples benchmark in this process (used by bench-passk.mjs, which starts
// a fresh process per run): imports the long Arrow table FILE (100 systems × 5,000 questions ×
// 16 samples), aligns it (evalMatrix, binary required) and analyses it with k = 1, 5, 10
// (analyzeMultiSample: pass@k, pass^k, avg@n with every interval, flip rate, variance split,
// 4,950 × 5 paired differences). Prints one JSON line: the wall time of each step (ms), CPU
// time, rows and the process's peak RSS (MiB).
// Usage: node scripts/evals/bench-passk-one.mjs FILE
import { performance } from 'node:perf_hooks';
import { analyzeMultiSample, evalMatrix, importEval } from '../../packages/sim/dist/index.js';

const [file] = process.argv.slice(2);
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const imported = importEval([file]);
const t1 = performance.now();
const matrix = evalMatrix(imported.table, { requireBinary: 'pass@k' });
const t2 = performance.now();
const analysis = analyzeMultiSample(matrix, { k: [1, 5, 10] });
const t3 = performance.now();
const cpu = process.cpuUsage(cpu0);
process.stdout.write(
  `${JSON.stringify({
    importMs: t1 - t0,
    matrixMs: t2 - t1,
    analyzeMs: t3 - t2,
    totalMs: t3 - t0,
    cpuMs: (cpu.user + cpu.system) / 1000,
    rows: imported.table.rowCount,
    systems: matrix.systems.length,
    questions: matrix.questions.length,
    epochs: matrix.epochs,
    estimates: analysis.systems.reduce((n, s) => n + s.estimates.length, 0),
    pairs: analysis.pairs.length,
    maxRssMiB: process.resourceUsage().maxRSS / 1024,
  })}\n`,
);
