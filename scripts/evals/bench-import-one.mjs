// One run of the eval-import benchmark in this process (used by bench-import.mjs, which
// starts a fresh process per run): imports every log under DIR (cluster = metadata.subject),
// writes the canonical Arrow file, aligns it for analysis (evalMatrix, binary required),
// analyses it (analyzeEval: 20 systems, 190 pairs, clustered by subject, 5 epochs), reads the
// Arrow file back, aligns and analyses that too (the route of `evalsim analyze eval.arrow`),
// and checks both analyses are identical. Prints one JSON line: the wall time of each step
// (ms), rows, systems, questions and the process's peak RSS (MiB).
// CPU time counts every thread of the process (the background hashing/inflating thread too).
// Usage: node scripts/evals/bench-import-one.mjs DIR OUT.arrow [background: auto|on|off] [threads: auto|0|1|2]
import { performance } from 'node:perf_hooks';
import {
  analyzeEval,
  evalMatrix,
  evalsimVersion,
  importEval,
  readEvalArrow,
  writeEvalArrow,
} from '../../packages/sim/dist/index.js';

const [dir, out, mode = 'auto', threadsArg = 'auto'] = process.argv.slice(2);
const background = mode === 'on' ? true : mode === 'off' ? false : 'auto';
const threads = threadsArg === 'auto' ? 'auto' : Number(threadsArg);
const t0 = performance.now();
const imported = importEval([dir], { cluster: 'metadata.subject' }, { background, threads });
const t1 = performance.now();
writeEvalArrow(out, imported, { version: evalsimVersion() });
const t2 = performance.now();
const matrix = evalMatrix(imported.table, { requireBinary: 'McNemar' });
const t3 = performance.now();
const analysis = analyzeEval(matrix);
const t3a = performance.now();
const back = readEvalArrow(out);
const t4 = performance.now();
const again = evalMatrix(back.table, { requireBinary: 'McNemar' });
const t5 = performance.now();
const analysisAgain = analyzeEval(again);
const t6 = performance.now();
if (again.scores.length !== matrix.scores.length)
  throw new Error('the Arrow file does not align like the import');
if (JSON.stringify(analysisAgain) !== JSON.stringify(analysis))
  throw new Error('the analysis of the Arrow file differs from that of the logs');
process.stdout.write(
  `${JSON.stringify({
    importMs: t1 - t0,
    writeMs: t2 - t1,
    matrixMs: t3 - t2,
    analyzeMs: t3a - t3,
    readMs: t4 - t3a,
    matrixFromArrowMs: t5 - t4,
    analyzeFromArrowMs: t6 - t5,
    // The two routes of `evalsim analyze`: raw logs (import, align, analyse) and the Arrow file.
    logsToAnalysisMs: t1 - t0 + (t3a - t2),
    arrowToAnalysisMs: t6 - t3a,
    totalMs: t6 - t0,
    pairs: analysis.pairs.length,
    rows: imported.table.rowCount,
    systems: matrix.systems.length,
    questions: matrix.questions.length,
    epochs: matrix.epochs,
    clusters: matrix.clusterNames.length,
    files: imported.provenance.sources.length,
    cpuMs: (process.cpuUsage().user + process.cpuUsage().system) / 1000,
    maxRssMiB: process.resourceUsage().maxRSS / 1024,
  })}\n`,
);
