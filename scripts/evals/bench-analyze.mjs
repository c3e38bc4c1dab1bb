#!/usr/bin/env node
// The many-systems benchmark of `evalsim analyze` (issue 27 point 5): evals of 0/1 answers from
// the known-truth generator (scripts/evals/known-truth-eval.mjs, seed 7, one epoch, no clusters,
// abilities evenly spread), imported once as Arrow, then each case run as `evalsim analyze` in a
// fresh process timed by GNU time (wall, CPU of all threads, peak RSS):
//   - 1,000 systems × 1,000 questions with --baseline (999 pairs)   target ≤ 10 s;
//   - all pairs of 200 systems × 1,000 questions (19,900 pairs)      target ≤ 5 s and ≤ 1 GB;
//   - the same with --json (the whole document written);
//   - 201 systems without --all-pairs: refused (20,100 pairs > 19,900), with it: run.
// The targets are for the machine's own CPU: on a shared machine wall time grows with the load
// (printed), CPU time does not, so both are reported; the median of the runs. Part of `pnpm bench`
// (`node scripts/bench.mjs analyze` alone); writes results/BENCH-analyze.md.
//   node scripts/evals/bench-analyze.mjs [--runs 3]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { knownTruthCsv, knownTruthEval } from './known-truth-eval.mjs';

const root = new URL('../..', import.meta.url).pathname;
const cli = join(root, 'packages/evalsim/dist/evalsim.mjs');
const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const runs = Number(values.runs);
const gnuTime = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;
const scratch = mkdtempSync(join(os.tmpdir(), 'evalsim-bench-analyze-'));

/** `evalsim` in a fresh process: wall (s), CPU user + sys (s), peak RSS (MiB), exit status. */
function timed(args) {
  const started = process.hrtime.bigint();
  const timeFile = join(scratch, 'time.txt');
  const command = gnuTime
    ? [gnuTime, ['-f', '%e %U %S %M', '-o', timeFile, process.execPath, cli, ...args]]
    : [process.execPath, [cli, ...args]];
  const run = spawnSync(command[0], command[1], {
    encoding: 'utf8',
    maxBuffer: 1024 * 1024 * 1024,
    cwd: scratch,
  });
  const wall = Number(process.hrtime.bigint() - started) / 1e9;
  if (!gnuTime) return { wall, cpu: Number.NaN, rss: Number.NaN, status: run.status, stderr: run.stderr };
  const [, user, sys, rssKiB] = readFileSync(timeFile, 'utf8')
    .trim()
    .split('\n')
    .pop()
    .split(/\s+/)
    .map(Number);
  return { wall, cpu: user + sys, rss: rssKiB / 1024, status: run.status, stderr: run.stderr };
}

/** An eval of S systems × Q questions as Arrow (generated as a long CSV and imported once). */
function evalArrow(S, Q) {
  const systems = Array.from({ length: S }, (_, i) => `sys-${String(i).padStart(4, '0')}`);
  const abilities = systems.map((_, i) => 0.5 + (1.5 * i) / S);
  const data = knownTruthEval({ systems, abilities, subjects: Q, perSubject: 1, epochs: 1, seed: 7 });
  const csv = join(scratch, `s${S}.csv`);
  writeFileSync(csv, knownTruthCsv(data));
  const arrow = join(scratch, `s${S}`, 'eval.arrow');
  const r = timed(['import', csv, '--cluster', 'none', '--out', join(scratch, `s${S}`)]);
  if (r.status !== 0) throw new Error(`import failed: ${r.stderr}`);
  rmSync(csv);
  return { arrow, baseline: systems[0] };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const loadBefore = os.loadavg();
const rows = [];
try {
  const big = evalArrow(1000, 1000);
  const mid = evalArrow(200, 1000);
  const over = evalArrow(201, 1000);
  const cases = [
    {
      label: '1,000 systems × 1,000 questions, `--baseline` (999 pairs)',
      args: ['analyze', big.arrow, '--baseline', big.baseline],
      target: '≤ 10 s',
    },
    {
      label: 'all pairs of 200 systems × 1,000 questions (19,900 pairs)',
      args: ['analyze', mid.arrow],
      target: '≤ 5 s, ≤ 1 GB',
    },
    {
      label: 'the same with `--json` (the whole document)',
      args: ['analyze', mid.arrow, '--json'],
      target: '≤ 1 GB',
    },
    {
      label: '201 systems, `--all-pairs` (20,100 pairs)',
      args: ['analyze', over.arrow, '--all-pairs'],
      target: '',
    },
  ];
  const refused = timed(['analyze', over.arrow]);
  if (refused.status === 0 || !/--all-pairs/.test(refused.stderr))
    throw new Error('201 systems without --all-pairs should be refused naming --all-pairs');
  for (const c of cases) {
    const times = [];
    for (let r = 0; r < runs; r++) {
      const t = timed(c.args);
      if (t.status !== 0) throw new Error(`${c.label}: ${t.stderr}`);
      times.push({ ...t, load: os.loadavg()[0] });
      process.stderr.write(
        `${c.label}: ${t.wall.toFixed(2)} s wall, ${t.cpu.toFixed(2)} s CPU, ${t.rss.toFixed(0)} MiB (load ${os.loadavg()[0].toFixed(1)})\n`,
      );
    }
    rows.push({
      ...c,
      wall: median(times.map((t) => t.wall)),
      cpu: median(times.map((t) => t.cpu)),
      rss: Math.max(...times.map((t) => t.rss)),
    });
  }
  rows.push({ label: '201 systems without `--all-pairs`', refusal: refused.stderr.trim().split('\n').pop() });
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
const cpus = os.cpus();
const lines = [
  '# evalsim analyze with many systems',
  '',
  `Machine: ${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, Node ${process.version}. Generated by \`node scripts/evals/bench-analyze.mjs\` (part of \`pnpm bench\`) on ${new Date().toISOString().slice(0, 10)}; 1-minute load average ${loadBefore[0].toFixed(1)} → ${os.loadavg()[0].toFixed(1)}. Evals from scripts/evals/known-truth-eval.mjs (seed 7, 0/1 answers, one epoch, no clusters), imported once; each command in a fresh process, median of ${runs} runs (peak RSS: the largest). Wall time includes other processes' load; CPU time (all threads) is the command's own work.`,
  '',
  '| case | target | wall (s) | CPU (s) | peak RSS (MiB) |',
  '| --- | --- | ---: | ---: | ---: |',
  ...rows
    .filter((r) => r.args)
    .map(
      (r) =>
        `| ${r.label} | ${r.target} | ${r.wall.toFixed(2)} | ${r.cpu.toFixed(2)} | ${r.rss.toFixed(0)} |`,
    ),
  '',
  `Without \`--all-pairs\`, 201 systems are refused: \`${rows.find((r) => r.refusal)?.refusal}\``,
  '',
];
writeFileSync(join(root, 'results/BENCH-analyze.md'), `${lines.join('\n')}\n`);
process.stderr.write(`wrote results/BENCH-analyze.md\n`);
