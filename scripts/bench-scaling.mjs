// `pnpm bench scaling` (or `node scripts/bench-scaling.mjs [study …] [--seconds 3] [--runs 3]
// [--workers 1,2] [--out FILE]`): every simulation study of studies/ scaled to at least `--seconds` of one-worker
// work, run as whole `evalsim run --replications R --workers w` processes, alternating the worker
// counts, with a thread trace (EVALSIM_THREAD_TRACE, scripts/bench/threadTrace.mjs); written to
// results/BENCH-scaling.md. Per study: R, the work (CPU seconds of its chunks with one worker),
// median wall times, the speed-up, the CPU seconds, each thread's busy fraction, the load-corrected
// speed-up, and whether the results' bytes are the same for every worker count; then each study's
// timeline with the most workers.
//
// R: from a pilot at the study's own count (or fewer, for a long study), scaled so that its
// chunks' CPU seconds with one worker reach `--seconds` (×1.1), in whole blocks of 100; CPU seconds,
// not wall, so that a loaded machine does not shrink R.
//
// Load-corrected wall = wall − the seconds the main thread was ready to run and waited for a core
// (schedstat): what the run would take if this process had the cores to itself, estimated from the
// main thread, which computes and hands out every chunk. It overestimates a many-worker run (the
// main thread also waits for worker threads that waited for a core), so the corrected speed-up errs low.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { basename, join } from 'node:path';
import { computeSpan, runTraced, summariseTrace, traceLines } from './bench/threadTrace.mjs';

const root = new URL('..', import.meta.url).pathname;
const bin = join(root, 'packages/evalsim/dist/evalsim.mjs');
const studiesDir = join(root, 'studies');

/** A usage error: one line, exit 2. */
function fail(message) {
  process.stderr.write(`bench-scaling: ${message}\n`);
  process.exit(2);
}

function parseArgs(argv) {
  const options = { studies: [], seconds: 3, runs: 3, workers: [1, 2], out: undefined };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--seconds') options.seconds = Number(argv[++i]);
    else if (arg === '--runs') options.runs = Number(argv[++i]);
    else if (arg === '--workers') options.workers = argv[++i].split(',').map(Number);
    else if (arg === '--out') options.out = argv[++i];
    else if (arg.startsWith('-'))
      fail(`unknown flag ${arg} (flags: --seconds S, --runs N, --workers 1,2, --out FILE)`);
    else options.studies.push(arg);
  }
  if (!(options.seconds > 0)) fail('--seconds: a number > 0');
  if (!(Number.isInteger(options.runs) && options.runs >= 1)) fail('--runs: an integer ≥ 1');
  if (!options.workers.every((w) => Number.isInteger(w) && w >= 1)) fail('--workers: e.g. 1,2,4');
  return options;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const fmt = (x, d = 2) => (x === null || x === undefined || Number.isNaN(x) ? '—' : x.toFixed(d));

/** One whole `evalsim run`, traced: wall, CPU, trace, the results' hash and the run's own wall time. */
function runOnce(file, name, replications, workers) {
  const out = mkdtempSync(join(os.tmpdir(), 'evalsim-bench-scaling-'));
  try {
    const args = [bin, 'run', file, '--workers', String(workers), '--quiet', '--out', out];
    if (replications !== undefined) args.push('--replications', String(replications));
    const traced = runTraced(args, { cwd: root });
    const bytes = readFileSync(join(out, `${name}.arrow`));
    const info = JSON.parse(readFileSync(join(out, '.runs', `${name}.run.json`), 'utf8'));
    const summary = summariseTrace(traced.trace);
    const chunks = traced.trace.intervals.filter((i) => i.kind === 'chunk');
    const main = summary.lanes[0];
    return {
      workers,
      wall: traced.wallSeconds,
      runWall: info.wallTimeSeconds,
      threads: info.threads,
      cpu: traced.cpuSeconds,
      work: chunks.reduce((sum, i) => sum + (i.cpuSeconds ?? 0), 0),
      mainWait: main.waitSeconds ?? 0,
      corrected: traced.wallSeconds - (main.waitSeconds ?? 0),
      hash: createHash('sha256').update(bytes).digest('hex'),
      trace: traced.trace,
      summary,
    };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** The study's replications, and whether it has a model (a formula study has none to scale). */
function studyInfo(file) {
  const config = JSON.parse(readFileSync(file, 'utf8'));
  return { name: config.name, replications: config.replications, simulation: config.model !== undefined };
}

/** R whose chunks take at least `seconds` CPU seconds with one worker (see the header). */
function calibrate(file, name, own, seconds) {
  let replications = Math.min(own, 2000);
  for (;;) {
    const pilot = runOnce(file, name, replications, 1);
    if (pilot.work >= 0.5 || replications >= 64 * own) {
      const scaled = Math.ceil((replications * (1.1 * seconds)) / Math.max(pilot.work, 1e-3) / 100) * 100;
      return Math.max(100, scaled);
    }
    replications *= 4;
  }
}

const options = parseArgs(process.argv.slice(2));
const files = readdirSync(studiesDir)
  .filter((f) => f.endsWith('.json'))
  .filter((f) => options.studies.length === 0 || options.studies.includes(basename(f, '.json')))
  .sort()
  .map((f) => join(studiesDir, f));
const unknown = options.studies.filter((name) => !files.some((f) => basename(f, '.json') === name));
if (unknown.length > 0) fail(`no study ${unknown.join(', ')} in studies/`);
const loadBefore = os.loadavg()[0];
const rows = [];
const formulaStudies = [];
for (const file of files) {
  const info = studyInfo(file);
  if (!info.simulation) {
    const run = runOnce(file, info.name, undefined, 1);
    formulaStudies.push({ name: info.name, wall: run.wall, cpu: run.cpu });
    continue;
  }
  let replications = calibrate(file, info.name, info.replications, options.seconds);
  let runs = {};
  const load0 = os.loadavg()[0];
  for (let attempt = 0; attempt < 2; attempt++) {
    runs = Object.fromEntries(options.workers.map((w) => [w, []]));
    for (let i = 0; i < options.runs; i++)
      for (const w of options.workers) runs[w].push(runOnce(file, info.name, replications, w));
    const work = median(runs[options.workers[0]].map((r) => r.work));
    if (work >= options.seconds || attempt === 1) break;
    replications = Math.ceil((replications * 1.1 * options.seconds) / work / 100) * 100;
  }
  const perWorkers = options.workers.map((w) => {
    const list = runs[w];
    const pick = list.find((r) => r.wall === median(list.map((x) => x.wall)));
    return {
      workers: w,
      wall: median(list.map((r) => r.wall)),
      runWall: median(list.map((r) => r.runWall)),
      corrected: median(list.map((r) => r.corrected)),
      cpu: median(list.map((r) => r.cpu)),
      work: median(list.map((r) => r.work)),
      threads: pick.threads,
      pick,
      hashes: new Set(list.map((r) => r.hash)),
    };
  });
  const identical = new Set(perWorkers.flatMap((p) => [...p.hashes])).size === 1;
  const row = { name: info.name, replications, perWorkers, identical, load: [load0, os.loadavg()[0]] };
  rows.push(row);
  const [one, ...more] = perWorkers;
  process.stderr.write(
    `${info.name.padEnd(24)} R ${replications.toLocaleString('en-US')}: work ${fmt(one.work)} CPU s; ${perWorkers.map((p) => `${p.workers}w ${fmt(p.wall)} s (corrected ${fmt(p.corrected)})`).join(', ')}; ${more.map((p) => `${fmt(one.wall / p.wall)}× (corrected ${fmt(one.corrected / p.corrected)}×)`).join(', ')}${identical ? '' : '  RESULTS DIFFER'}\n`,
  );
}

const cpus = os.cpus();
const machine = `${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.platform()} ${os.release()}, Node ${process.version}`;
const [w1, ...wMore] = options.workers;
const lines = [
  `# Scaling with workers: every study at ≥ ${options.seconds} s of one-worker work`,
  '',
  `Machine: ${machine}. Generated by \`pnpm bench scaling\` (scripts/bench-scaling.mjs) on ${new Date().toISOString().slice(0, 10)}; 1-minute load average ${loadBefore.toFixed(1)} → ${os.loadavg()[0].toFixed(1)}.`,
  '',
  `Whole \`evalsim run --replications R --workers w\` processes, ${options.runs} alternating runs per worker count, medians. R gives ≥ ${options.seconds} CPU s of chunks with one worker (**work**). **Corrected**: wall time less the seconds the main thread waited for a core (what the run would take with the cores to itself; errs high with more workers, so the corrected speed-up errs low) — on a loaded machine read it, the CPU seconds and the busy fractions, not the raw walls. **Busy**: each computing thread's share of the process's wall time with a chunk in hand (main thread: also folds and formula slices), with ${wMore.at(-1) ?? w1} workers. **Same bytes**: the results file is identical for every worker count and run.`,
  '',
  `| study | R | work (CPU s) | ${options.workers.map((w) => `wall, ${w} w (s)`).join(' | ')} | ${wMore.map((w) => `speed-up ${w} w`).join(' | ')} | ${wMore.map((w) => `corrected speed-up ${w} w`).join(' | ')} | CPU s, ${options.workers.join(' / ')} w | busy (${wMore.at(-1) ?? w1} w) | same bytes |`,
  `| --- | ---: | ---: | ${options.workers.map(() => '---:').join(' | ')} | ${wMore.map(() => '---:').join(' | ')} | ${wMore.map(() => '---:').join(' | ')} | ---: | --- | --- |`,
  ...rows.map((r) => {
    const [one, ...more] = r.perWorkers;
    const last = r.perWorkers.at(-1);
    const busy = last.pick.summary.lanes
      .filter((lane) => lane.kinds.includes('chunk'))
      .map((lane) => `${(100 * lane.busyFraction).toFixed(0)}%`)
      .join(' / ');
    return `| ${r.name} | ${r.replications.toLocaleString('en-US')} | ${fmt(one.work)} | ${r.perWorkers.map((p) => fmt(p.wall)).join(' | ')} | ${more.map((p) => `${fmt(one.wall / p.wall)}×`).join(' | ')} | ${more.map((p) => `${fmt(one.corrected / p.corrected)}×`).join(' | ')} | ${r.perWorkers.map((p) => fmt(p.cpu)).join(' / ')} | ${busy} | ${r.identical ? 'yes' : '**no**'} |`;
  }),
  '',
];
if (formulaStudies.length > 0) {
  lines.push(
    `Formula studies (no replications to scale): ${formulaStudies.map((f) => `${f.name} ${fmt(f.wall)} s (${fmt(f.cpu)} CPU s)`).join(', ')}.`,
    '',
  );
}
lines.push(
  `## Timelines, ${wMore.at(-1) ?? w1} workers (the median run)`,
  '',
  'One character per 1/60 of the process’s wall time, from its start: █ busy ≥ 7/8 of the slot, ▓ ≥ 1/2, ▒ ≥ 1/4, ░ some, · idle. The first idle stretch is the process start, loading and validating; a worker’s is also its start and first chunk’s validation.',
  '',
  '```',
);
for (const r of rows) {
  const last = r.perWorkers.at(-1);
  const compute = summariseTrace(last.pick.trace, computeSpan(last.pick.trace));
  lines.push(
    `${r.name} (R ${r.replications.toLocaleString('en-US')}, ${fmt(last.pick.wall)} s, corrected ${fmt(last.pick.corrected)} s; from the first chunk to the last: ${fmt(compute.spanSeconds)} s, busy ${compute.lanes
      .filter((lane) => lane.kinds.includes('chunk'))
      .map((lane) => `${(100 * lane.busyFraction).toFixed(0)}%`)
      .join(' / ')})`,
    ...traceLines(last.pick.summary),
  );
}
lines.push('```', '');
const path = options.out ?? join(root, 'results', 'BENCH-scaling.md');
writeFileSync(`${path}.tmp`, lines.join('\n'));
renameSync(`${path}.tmp`, path);
process.stderr.write(`wrote ${path}\n`);
