#!/usr/bin/env node
// The eval-import benchmark (issue 11, item 5): 20 systems × 14,000 questions × 5 epochs =
// 1.4 million scored samples as inspect_ai .eval logs (scripts/evals/generate-bench-eval.mjs,
// seed 11; generated once into the temporary directory and reused), imported, written as
// Arrow, aligned for analysis (evalMatrix), analysed (analyzeEval: 190 pairs), read back,
// aligned and analysed again (the route of `evalsim analyze eval.arrow`) — each run in a
// fresh process (bench-import-one.mjs); then the CLI end to end, each command in a fresh
// process timed by GNU time when present (wall, CPU of all threads, peak RSS): `evalsim
// analyze <20 logs> --out DIR`, `evalsim import <20 logs> --out DIR` and `evalsim
// analyze DIR/eval.arrow --out DIR`. Reports the median of the runs and every run, with the
// machine's load average, to results/BENCH-import.md. Part of `pnpm bench`; alone:
//   node scripts/evals/bench-import.mjs [--runs 3] [--background auto|on|off] [--threads auto|0|1|2] [--data DIR]
import { execFileSync, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const root = new URL('../..', import.meta.url).pathname;
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    background: { type: 'string', default: 'auto' },
    threads: { type: 'string', default: 'auto' },
    data: { type: 'string', default: join(os.tmpdir(), 'evalsim-bench-eval-20x14000x5-seed11') },
  },
});
const data = values.data;
if (!existsSync(join(data, '.complete'))) {
  process.stderr.write(`generating the benchmark logs in ${data} (once; several minutes)…\n`);
  rmSync(data, { recursive: true, force: true });
  execFileSync(process.execPath, [join(root, 'scripts/evals/generate-bench-eval.mjs'), '--out', data], {
    stdio: 'inherit',
  });
  writeFileSync(join(data, '.complete'), '20 systems × 14000 questions × 5 epochs, seed 11\n');
}
const scratch = mkdtempSync(join(os.tmpdir(), 'evalsim-bench-import-'));
const runs = [];
const loads = [];
try {
  for (let r = 0; r < Number(values.runs); r++) {
    loads.push(os.loadavg()[0]);
    const out = execFileSync(
      process.execPath,
      [
        join(root, 'scripts/evals/bench-import-one.mjs'),
        data,
        join(scratch, 'eval.arrow'),
        values.background,
        values.threads,
      ],
      { encoding: 'utf8' },
    );
    const run = JSON.parse(out.trim().split('\n').pop());
    runs.push(run);
    process.stderr.write(
      `run ${r + 1}: import ${(run.importMs / 1000).toFixed(2)} s, analyze ${(run.analyzeMs / 1000).toFixed(2)} s, total ${(run.totalMs / 1000).toFixed(2)} s, CPU ${(run.cpuMs / 1000).toFixed(2)} s, peak RSS ${run.maxRssMiB.toFixed(0)} MiB (load ${loads.at(-1).toFixed(1)})\n`,
    );
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

// The CLI end to end, each command in a fresh process.
const cli = join(root, 'packages/evalsim/dist/evalsim.mjs');
const gnuTime = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;
const logs = readdirSync(data)
  .filter((f) => f.endsWith('.eval'))
  .sort()
  .map((f) => join(data, f));
const cliScratch = mkdtempSync(join(os.tmpdir(), 'evalsim-bench-cli-'));
const importDir = join(cliScratch, 'imported');
const arrowFile = join(importDir, 'eval.arrow');
const COMMANDS = [
  {
    key: 'analyzeLogs',
    label: '`evalsim analyze <20 .eval logs> --cluster metadata.subject --out DIR`',
    args: () => ['analyze', ...logs, '--cluster', 'metadata.subject', '--out', join(cliScratch, 'from-logs')],
  },
  {
    key: 'import',
    label: '`evalsim import <20 .eval logs> --cluster metadata.subject --out DIR`',
    args: () => ['import', ...logs, '--cluster', 'metadata.subject', '--out', importDir],
  },
  {
    key: 'analyzeArrow',
    label: '`evalsim analyze DIR/eval.arrow --out DIR`',
    args: () => ['analyze', arrowFile, '--out', join(cliScratch, 'from-arrow')],
  },
];
/** One command in a fresh process: wall (s), CPU user + sys (s) and peak RSS (MiB) as GNU time reports them. */
function timeCommand(args) {
  const started = process.hrtime.bigint();
  const command = gnuTime
    ? [gnuTime, ['-f', '%e %U %S %M', '-o', join(cliScratch, 'time.txt'), process.execPath, cli, ...args]]
    : [process.execPath, [cli, ...args]];
  const run = spawnSync(command[0], command[1], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const wall = Number(process.hrtime.bigint() - started) / 1e9;
  if (run.status !== 0) throw new Error(`evalsim ${args[0]} failed: ${run.stderr}`);
  if (!gnuTime) return { wall, cpu: Number.NaN, rss: Number.NaN };
  const [, user, sys, rssKiB] = readFileSync(join(cliScratch, 'time.txt'), 'utf8')
    .trim()
    .split(/\s+/)
    .map(Number);
  return { wall, cpu: user + sys, rss: rssKiB / 1024 };
}
const cliRuns = Object.fromEntries(COMMANDS.map((c) => [c.key, []]));
const cliLoads = [];
try {
  for (let r = 0; r < Number(values.runs); r++) {
    for (const c of COMMANDS) {
      cliLoads.push(os.loadavg()[0]);
      const t = timeCommand(c.args());
      cliRuns[c.key].push(t);
      process.stderr.write(
        `${c.key} run ${r + 1}: ${t.wall.toFixed(2)} s wall, ${t.cpu.toFixed(2)} s CPU, ${t.rss.toFixed(0)} MiB (load ${cliLoads.at(-1).toFixed(1)})\n`,
      );
    }
  }
  // The two routes give the same analysis (the inputs listed aside).
  const a = JSON.parse(readFileSync(join(cliScratch, 'from-logs', 'analysis.json'), 'utf8'));
  const b = JSON.parse(readFileSync(join(cliScratch, 'from-arrow', 'analysis.json'), 'utf8'));
  delete a.inputs;
  delete b.inputs;
  if (JSON.stringify(a) !== JSON.stringify(b))
    throw new Error('analyze of the logs and of the Arrow file differ');
} finally {
  rmSync(cliScratch, { recursive: true, force: true });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const m = (key) => median(runs.map((r) => r[key]));
const sec = (ms) => (ms / 1000).toFixed(2);
const first = runs[0];
const cpus = os.cpus();
const machine = `${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.platform()} ${os.release()}, Node ${process.version}`;
const lines = [
  '# evalsim eval-import benchmark',
  '',
  `Machine: ${machine}. Generated by \`pnpm bench\` (scripts/evals/bench-import.mjs) on ${new Date().toISOString().slice(0, 10)}; 1-minute load average before the runs: ${loads.map((l) => l.toFixed(1)).join(', ')} (other work on the machine slows every figure; CPU time is less affected than wall time).`,
  '',
  `Input: ${first.files} inspect_ai \`.eval\` logs (scripts/evals/generate-bench-eval.mjs, seed 11): ${first.systems} systems × ${first.questions.toLocaleString('en-US')} questions × ${first.epochs} epochs = ${first.rows.toLocaleString('en-US')} scored samples, ${first.clusters} clusters, each log with its 70,000 sample files, journal, summaries.json and header.json (77,004 ZIP members, so ZIP64 end records). Background thread: ${values.background}.`,
  '',
  `Median of ${runs.length} runs, each in a fresh process:`,
  '',
  '| step | wall (s) |',
  '| --- | ---: |',
  `| importEval (detect, read, hash, build the table) | ${sec(m('importMs'))} |`,
  `| writeEvalArrow | ${sec(m('writeMs'))} |`,
  `| evalMatrix (20 × 14,000 × 5, binary required) | ${sec(m('matrixMs'))} |`,
  `| analyzeEval (20 systems, ${first.pairs} pairs, ${first.clusters} clusters, 5 epochs) | ${sec(m('analyzeMs'))} |`,
  `| readEvalArrow | ${sec(m('readMs'))} |`,
  `| evalMatrix from the Arrow file | ${sec(m('matrixFromArrowMs'))} |`,
  `| analyzeEval from the Arrow file (checked identical) | ${sec(m('analyzeFromArrowMs'))} |`,
  `| **total** | **${sec(m('totalMs'))}** |`,
  '',
  `The two routes of \`evalsim analyze\` (median wall, s): raw logs \u2192 analysis (importEval + evalMatrix + analyzeEval) ${sec(m('logsToAnalysisMs'))}; canonical Arrow file \u2192 analysis (readEvalArrow + evalMatrix + analyzeEval) ${sec(m('arrowToAnalysisMs'))}.`,
  '',
  `CPU time (all threads): ${sec(m('cpuMs'))} s. Peak RSS: ${m('maxRssMiB').toFixed(0)} MiB. Import threads: ${values.threads}.`,
  '',
  `The CLI end to end, each command in a fresh process (median of ${values.runs} runs; 1-minute load average before each: ${cliLoads.map((l) => l.toFixed(1)).join(', ')}):`,
  '',
  '| command | wall (s) | CPU user + sys (s) | peak RSS (MiB) |',
  '| --- | ---: | ---: | ---: |',
  ...COMMANDS.map((c) => {
    const rs = cliRuns[c.key];
    return `| ${c.label} | ${median(rs.map((r) => r.wall)).toFixed(2)} | ${median(rs.map((r) => r.cpu)).toFixed(2)} | ${median(rs.map((r) => r.rss)).toFixed(0)} |`;
  }),
  '',
  'Every CLI run, wall / CPU (s), peak RSS (MiB):',
  '',
  ...COMMANDS.map(
    (c) =>
      `- ${c.key}: ${cliRuns[c.key].map((r) => `${r.wall.toFixed(2)} / ${r.cpu.toFixed(2)}, ${r.rss.toFixed(0)}`).join('; ')}`,
  ),
  '',
  'Every run (s): import / analyze / total / CPU, peak RSS (MiB):',
  '',
  ...runs.map(
    (r, k) =>
      `- run ${k + 1}: ${sec(r.importMs)} / ${sec(r.analyzeMs)} / ${sec(r.totalMs)} / ${sec(r.cpuMs)}, ${r.maxRssMiB.toFixed(0)} MiB (load ${loads[k].toFixed(1)})`,
  ),
  '',
];
const path = join(root, 'results', 'BENCH-import.md');
writeFileSync(`${path}.tmp`, lines.join('\n'));
renameSync(`${path}.tmp`, path);
process.stderr.write(`wrote ${path}\n`);
