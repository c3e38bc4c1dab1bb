// evalsim against the numpy references of bench/numpy/ (issue 13): each matched pair as whole
// processes, alternating numpy and evalsim `runs` times, wall time (and, with /usr/bin/time, CPU time
// and peak RSS) per run; prints medians and the ratio numpy / evalsim (≥ 5 is the issue's target).
// A ratio holds on a shared machine where absolute times do not; the load average is printed.
// Skipped (exit 0) when python3 with numpy and scipy is absent.
// Usage: node scripts/bench-numpy.mjs [--runs 5] [--workers 2] [--pairs a,b,c] [--seconds 5]
// (--seconds S: each pair scaled so that numpy takes about S CPU seconds: where start-up is noise).
// Also used by scripts/bench.mjs (`pnpm bench`), which appends the table to results/BENCH.md.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const numpyDir = join(root, 'bench', 'numpy');
const cli = join(root, 'packages', 'evalsim', 'dist', 'evalsim.mjs');

export const PAIRS = {
  a: {
    label: 'a: clustered coverage (20 cells × 4,000, N = 1,000)',
    numpy: ['study_a_clustered.py', '--mode', 'item', '--quiet'],
    study: join(numpyDir, 'clustered-matched.json'),
    // Scaled by --scale: the reference's flag and its default, and the study's replications.
    scaleFlag: ['--reps', 4000],
    replications: 4000,
  },
  b: {
    label: 'b: 1,000 leaderboards of 20 copies',
    numpy: ['study_b_leaderboard.py'],
    study: join(root, 'studies', 'leaderboard-20-copies.json'),
    scaleFlag: ['--boards', 1000],
    replications: 1000,
  },
  c: {
    label: 'c: small n with a 2,000-resample bootstrap',
    numpy: ['study_c_smalln.py', '--boot', 'binom'],
    study: join(numpyDir, 'smalln-matched.json'),
    scaleFlag: ['--evals', 4000],
    replications: 4000,
  },
};

/** A pair's numpy arguments and evalsim `run` arguments at `scale` × its default size. */
function scaledArgs(pair, scale) {
  if (scale === 1) return { numpy: pair.numpy.slice(1), evalsim: [] };
  const [flag, size] = pair.scaleFlag;
  return {
    numpy: [...pair.numpy.slice(1), flag, String(Math.round(size * scale))],
    evalsim: ['--replications', String(Math.round(pair.replications * scale))],
  };
}

/** python3 with numpy and scipy, or null. */
function python() {
  const probe = spawnSync('python3', ['-c', 'import numpy, scipy'], { stdio: 'ignore' });
  return probe.status === 0 ? 'python3' : null;
}

const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;
const MARK = '@@bench';

/** Runs a command; wall seconds, and CPU seconds and max RSS (MiB) when /usr/bin/time exists. */
function measure(command, args, env) {
  const [file, argv] = TIME ? [TIME, ['-f', `${MARK} %U %S %M`, command, ...args]] : [command, args];
  const started = performance.now();
  const run = spawnSync(file, argv, { env, encoding: 'utf8', maxBuffer: 1 << 26 });
  const wall = (performance.now() - started) / 1000;
  if (run.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${run.stderr}`);
  const line = (run.stderr ?? '').split('\n').find((l) => l.startsWith(MARK));
  if (!line) return { wall, cpu: null, rss: null };
  const [, user, system, rss] = line.split(' ').map(Number);
  return { wall, cpu: user + system, rss: rss / 1024 };
}

const median = (xs) => {
  const s = xs.filter((x) => x !== null).sort((x, y) => x - y);
  if (s.length === 0) return null;
  const h = s.length >> 1;
  return s.length % 2 ? s[h] : (s[h - 1] + s[h]) / 2;
};

/**
 * The numpy references' times on the machine of issue 13's table (../shared/perf/README.md: quiet
 * 2-core machine, medians of 5), against which its absolute targets are stated ("at the machine
 * speed of the table above").
 */
export const REFERENCE_NUMPY_SECONDS = { a: 2.3, b: 1.05, c: 4.9 };

/**
 * This machine's slowness against issue 13's, now: each numpy reference run once, in the order
 * a, b, c; the median over the three of (seconds here / seconds there). Null without numpy.
 * Meant to be interleaved with the runs it normalises (`pnpm bench`'s reproduce), since this
 * host's speed drifts by up to half within minutes.
 */
export function machineSlowness() {
  const py = python();
  if (!py) return null;
  const pyEnv = { ...process.env };
  delete pyEnv.OPENBLAS_CORETYPE;
  delete pyEnv.OPENBLAS_L2_SIZE;
  const factors = Object.entries(REFERENCE_NUMPY_SECONDS).map(([key, there]) => {
    const pair = PAIRS[key];
    return measure(py, [join(numpyDir, pair.numpy[0]), ...pair.numpy.slice(1)], pyEnv).wall / there;
  });
  return median(factors);
}

/**
 * Runs the pairs and returns { lines (markdown), results }; null when python3 with numpy is absent.
 * Progress goes to stderr.
 */
export function numpyComparison({ runs = 5, workers = 2, pairs = Object.keys(PAIRS), seconds } = {}) {
  const py = python();
  if (!py) {
    process.stderr.write('numpy comparison skipped: python3 with numpy and scipy not found\n');
    return null;
  }
  const pyEnv = { ...process.env };
  delete pyEnv.OPENBLAS_CORETYPE;
  delete pyEnv.OPENBLAS_L2_SIZE;
  const out = mkdtempSync(join(os.tmpdir(), 'evalsim-bench-'));
  const loadBefore = os.loadavg()[0];
  const results = [];
  try {
    for (const key of pairs) {
      const pair = PAIRS[key];
      if (!pair) throw new Error(`unknown pair ${key} (a, b or c)`);
      // With `seconds`: scaled so that the reference takes about that many CPU seconds (from one
      // run at its default size; CPU, not wall, so that a loaded machine does not shrink it).
      let scale = 1;
      if (seconds !== undefined) {
        const pilot = measure(py, [join(numpyDir, pair.numpy[0]), ...pair.numpy.slice(1)], pyEnv);
        scale = Math.max(1, Math.ceil((10 * seconds) / (pilot.cpu ?? pilot.wall)) / 10);
      }
      const args = scaledArgs(pair, scale);
      const numpy = [];
      const evalsim = [];
      for (let i = 0; i < runs; i++) {
        numpy.push(measure(py, [join(numpyDir, pair.numpy[0]), ...args.numpy], pyEnv));
        evalsim.push(
          measure(
            process.execPath,
            [cli, 'run', pair.study, '--workers', String(workers), '--out', out, '--quiet', ...args.evalsim],
            process.env,
          ),
        );
        process.stderr.write(
          `${key} run ${i + 1}/${runs}: numpy ${numpy[i].wall.toFixed(2)} s, evalsim ${evalsim[i].wall.toFixed(2)} s\n`,
        );
      }
      const pick = (xs, f) => median(xs.map((x) => x[f]));
      results.push({
        pair: key,
        label: scale === 1 ? pair.label : `${pair.label} × ${scale}`,
        scale,
        numpyWall: pick(numpy, 'wall'),
        evalsimWall: pick(evalsim, 'wall'),
        numpyCpu: pick(numpy, 'cpu'),
        evalsimCpu: pick(evalsim, 'cpu'),
        evalsimRss: Math.max(...evalsim.map((x) => x.rss ?? 0)) || null,
        pairRatio: median(numpy.map((x, i) => x.wall / evalsim[i].wall)),
      });
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
  const loadAfter = os.loadavg()[0];
  const f = (x, d = 2) => (x === null ? '—' : x.toFixed(d));
  const lines = [
    `Whole processes, ${runs} alternating run${runs === 1 ? '' : 's'} each, medians; evalsim with ${workers} workers${seconds !== undefined ? `; each pair scaled (× in the first column: the reference's size flag and evalsim's --replications) so that numpy takes about ${seconds} CPU s` : ''}. Load average (1 min) ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after: on a shared machine compare the ratios. Targets: numpy / evalsim ≥ 5 (issue 13), ≥ 10 at ≥ 5 s of numpy with 2 workers (issue 34).`,
    '',
    '| work | numpy (s) | evalsim (s) | numpy / evalsim | CPU s numpy / evalsim | evalsim peak RSS (MiB) |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...results.map(
      (r) =>
        `| ${r.label} | ${f(r.numpyWall)} | ${f(r.evalsimWall)} | ${f(r.numpyWall / r.evalsimWall)}× (pairwise median ${f(r.pairRatio)}×) | ${f(r.numpyCpu)} / ${f(r.evalsimCpu)} | ${f(r.evalsimRss, 0)} |`,
    ),
  ];
  return { lines, results, loadBefore, loadAfter };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const option = (name, fallback) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : fallback;
  };
  const comparison = numpyComparison({
    runs: Number(option('runs', 5)),
    workers: Number(option('workers', 2)),
    pairs: option('pairs', 'a,b,c').split(','),
    seconds: option('seconds', undefined) === undefined ? undefined : Number(option('seconds')),
  });
  if (comparison) {
    process.stdout.write(`${comparison.lines.join('\n')}\n`);
    process.stdout.write(`${JSON.stringify(comparison.results)}\n`);
  }
}
