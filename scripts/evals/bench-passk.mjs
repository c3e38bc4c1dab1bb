#!/usr/bin/env node
// The many-samples benchmark (issue 29, point 6): 100 systems × 5,000 questions in 50 clusters ×
// 16 samples = 8,000,000 scored samples as a long Arrow table (scripts/evals/generate-passk-bench.mjs,
// seed 29; generated once into the temporary directory and reused), imported, aligned and
// analysed with k = 1, 5, 10 (analyzeMultiSample) — each run in a fresh process
// (bench-passk-one.mjs); then the CLI end to end, each command in a fresh process timed by GNU
// time when present (wall, CPU of all threads, peak RSS): `evalsim analyze samples.arrow --k
// 1,5,10 --pass-at-k-only --out DIR` and, for the record, the whole `evalsim analyze … --k 1,5,10
// --out DIR` (with the per-question report, whose 4,950 per-pair cluster bootstraps dominate).
// The target: import + analysis with k = 1, 5, 10 in ≤ 15 s and ≤ 2 GB on 2 cores. Writes the
// medians and every run, with the load average, to results/BENCH-passk.md. Part of `pnpm bench`;
// alone: node scripts/evals/bench-passk.mjs [--runs 3] [--data DIR]   (or `pnpm bench passk`)
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const root = new URL('../..', import.meta.url).pathname;
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    data: { type: 'string', default: join(os.tmpdir(), 'evalsim-bench-passk-100x5000x16-seed29') },
  },
});
const data = values.data;
const file = join(data, 'samples.arrow');
if (!existsSync(join(data, '.complete'))) {
  process.stderr.write(`generating the benchmark table in ${data} (once)…\n`);
  rmSync(data, { recursive: true, force: true });
  execFileSync(process.execPath, [join(root, 'scripts/evals/generate-passk-bench.mjs'), '--out', data], {
    stdio: 'inherit',
  });
  writeFileSync(join(data, '.complete'), '100 systems × 5000 questions × 16 samples, 50 clusters, seed 29\n');
}
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const runs = [];
const loads = [];
for (let r = 0; r < Number(values.runs); r++) {
  loads.push(os.loadavg()[0]);
  const out = execFileSync(process.execPath, [join(root, 'scripts/evals/bench-passk-one.mjs'), file], {
    encoding: 'utf8',
  });
  const run = JSON.parse(out.trim().split('\n').pop());
  runs.push(run);
  process.stderr.write(
    `run ${r + 1}: import ${(run.importMs / 1000).toFixed(2)} s, align ${(run.matrixMs / 1000).toFixed(2)} s, analyse ${(run.analyzeMs / 1000).toFixed(2)} s, total ${(run.totalMs / 1000).toFixed(2)} s, CPU ${(run.cpuMs / 1000).toFixed(2)} s, peak RSS ${run.maxRssMiB.toFixed(0)} MiB (load ${loads.at(-1).toFixed(1)})\n`,
  );
}

const cli = join(root, 'packages/evalsim/dist/evalsim.mjs');
const gnuTime = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;
const scratch = mkdtempSync(join(os.tmpdir(), 'evalsim-bench-passk-'));
const COMMANDS = [
  {
    key: 'passAtKOnly',
    label: '`evalsim analyze samples.arrow --k 1,5,10 --pass-at-k-only --out DIR`',
    args: () => ['analyze', file, '--k', '1,5,10', '--pass-at-k-only', '--out', join(scratch, 'only')],
  },
  {
    key: 'whole',
    label: '`evalsim analyze samples.arrow --k 1,5,10 --out DIR` (with the per-question report)',
    args: () => ['analyze', file, '--k', '1,5,10', '--out', join(scratch, 'whole')],
  },
];
function timeCommand(args) {
  const started = process.hrtime.bigint();
  const command = gnuTime
    ? [gnuTime, ['-f', '%e %U %S %M', '-o', join(scratch, 'time.txt'), process.execPath, cli, ...args]]
    : [process.execPath, [cli, ...args]];
  const run = spawnSync(command[0], command[1], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const wall = Number(process.hrtime.bigint() - started) / 1e9;
  if (run.status !== 0) throw new Error(`evalsim ${args[0]} failed: ${run.stderr}`);
  if (!gnuTime) return { wall, cpu: Number.NaN, rss: Number.NaN };
  const [, user, sys, rssKiB] = readFileSync(join(scratch, 'time.txt'), 'utf8')
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
  // Both routes give the same many-samples section.
  const a = JSON.parse(readFileSync(join(scratch, 'only', 'pass-at-k.json'), 'utf8')).multiSample;
  const b = JSON.parse(readFileSync(join(scratch, 'whole', 'analysis.json'), 'utf8')).multiSample;
  if (JSON.stringify(a) !== JSON.stringify(b))
    throw new Error('--pass-at-k-only and the whole analysis differ');
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

const m = (key) => median(runs.map((r) => r[key]));
const sec = (ms) => (ms / 1000).toFixed(2);
const first = runs[0];
const cpus = os.cpus();
const machine = `${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.platform()} ${os.release()}, Node ${process.version}`;
const lines = [
  '# evalsim many-samples (pass@k) benchmark',
  '',
  `Machine: ${machine}. Generated by \`pnpm bench\` (scripts/evals/bench-passk.mjs) on ${new Date().toISOString().slice(0, 10)}; 1-minute load average before the runs: ${loads.map((l) => l.toFixed(1)).join(', ')} (other work on the machine slows every figure; CPU time is less affected than wall time).`,
  '',
  `Input: one long Arrow table (scripts/evals/generate-passk-bench.mjs, seed 29; dictionary-encoded question, cluster and system, Int32 epoch, Float64 0/1 score): ${first.systems} systems × ${first.questions.toLocaleString('en-US')} questions in 50 clusters × ${first.epochs} samples = ${first.rows.toLocaleString('en-US')} scored samples. Target: imported and analysed with k = 1, 5, 10 in ≤ 15 s and ≤ 2 GB on 2 cores.`,
  '',
  `Median of ${runs.length} runs, each in a fresh process:`,
  '',
  '| step | wall (s) |',
  '| --- | ---: |',
  `| importEval (the long Arrow table, column by column) | ${sec(m('importMs'))} |`,
  `| evalMatrix (${first.systems} × ${first.questions.toLocaleString('en-US')} × ${first.epochs}, binary required) | ${sec(m('matrixMs'))} |`,
  `| analyzeMultiSample (k = 1, 5, 10: ${first.estimates} estimates with every interval, flip rates, variance splits, ${first.pairs.toLocaleString('en-US')} paired differences) | ${sec(m('analyzeMs'))} |`,
  `| **total** | **${sec(m('totalMs'))}** |`,
  '',
  `CPU time: ${sec(m('cpuMs'))} s. Peak RSS: ${m('maxRssMiB').toFixed(0)} MiB.`,
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
  'Every run (s): import / align / analyse / total / CPU, peak RSS (MiB):',
  '',
  ...runs.map(
    (r, k) =>
      `- run ${k + 1}: ${sec(r.importMs)} / ${sec(r.matrixMs)} / ${sec(r.analyzeMs)} / ${sec(r.totalMs)} / ${sec(r.cpuMs)}, ${r.maxRssMiB.toFixed(0)} MiB (load ${loads[k].toFixed(1)})`,
  ),
  '',
];
const path = join(root, 'results', 'BENCH-passk.md');
writeFileSync(`${path}.tmp`, lines.join('\n'));
renameSync(`${path}.tmp`, path);
process.stderr.write(`wrote ${path}\n`);
