// Start-up of the `evalsim` bin as whole processes: `node -e 0`, `evalsim --version`, a calculator
// (`evalsim interval --k 14 --n 15`), `evalsim validate` and `evalsim run` of a one-cell,
// one-replication study with 0, 1 and 2 workers. Every command of every bin in turn, `--runs`
// rounds (default 7); medians of wall time, and with /usr/bin/time of CPU time and peak RSS.
// With `--before DIR` (a built checkout of another commit: `git archive <commit> | tar -x -C DIR`,
// then `npm run build` there) its bins run side by side with this one, alternating: its repository
// bin (packages/evalsim/dist/evalsim.mjs where it has one) and its package bin
// (packages/evalsim/dist/evalsim.mjs). `pnpm bench` runs this file (EVALSIM_BENCH_BEFORE=DIR adds
// --before). Build first. Usage: node scripts/fixed-costs.mjs [--runs 7] [--before DIR]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const runs = Number(option('runs', 7));
const before = option('before', process.env.EVALSIM_BENCH_BEFORE);

/** The bins to compare: label → [bin file, working directory]. */
const bins = [['this', join(root, 'packages/evalsim/dist/evalsim.mjs'), root]];
if (before) {
  for (const [label, file] of [
    ['before: repository bin', 'packages/evalsim/dist/evalsim.mjs'],
    ['before: package bin', 'packages/evalsim/dist/evalsim.mjs'],
  ])
    if (existsSync(join(before, file))) bins.push([label, join(before, file), before]);
}
for (const [, file] of bins) if (!existsSync(file)) throw new Error(`${file} not built (npm run setup)`);

const dir = mkdtempSync(join(os.tmpdir(), 'evalsim-fixed-'));
const study = join(dir, 'one.json');
writeFileSync(
  study,
  JSON.stringify({
    name: 'one-replication',
    title: 'One replication of one cell (fixed-cost probe)',
    seed: 1,
    replications: 1,
    model: { name: 'betaBinomialClusters', params: { p: 0.7, items: 1000, m: 10, rho: 0.1 } },
    methods: [
      { id: 'naive', method: 'wald' },
      { id: 'clustered', method: 'clustered' },
    ],
    metrics: ['coverage'],
  }),
);
const node = process.execPath;
const commands = [
  ['evalsim --version', ['--version']],
  ['evalsim interval --k 14 --n 15', ['interval', '--k', '14', '--n', '15']],
  ['evalsim validate (1 cell)', ['validate', study]],
  ...[0, 1, 2].map((w) => [
    `evalsim run, 1 replication, --workers ${w}`,
    ['run', study, '--workers', String(w), '--out', dir, '--quiet'],
  ]),
];
/** [row label, column label, argv, cwd] of every measurement, in the order they alternate. */
const cells = [['node -e 0', '', [node, '-e', '0'], root]];
for (const [label, argv] of commands)
  for (const [bin, file, cwd] of bins) cells.push([label, bin, [node, file, ...argv], cwd]);

const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;
const samples = cells.map(() => ({ wall: [], cpu: [], rss: [] }));
const load = os.loadavg()[0];
for (let r = 0; r < runs; r++) {
  cells.forEach(([label, bin, argv, cwd], i) => {
    const [file, rest] = TIME ? [TIME, ['-f', '@@ %U %S %M', ...argv]] : [argv[0], argv.slice(1)];
    const started = performance.now();
    const run = spawnSync(file, rest, { cwd, encoding: 'utf8' });
    samples[i].wall.push((performance.now() - started) / 1000);
    if (run.status !== 0) throw new Error(`${label} (${bin}) failed: ${run.stderr}`);
    const line = run.stderr.split('\n').find((l) => l.startsWith('@@'));
    if (line) {
      const [, u, s, m] = line.split(' ').map(Number);
      samples[i].cpu.push(u + s);
      samples[i].rss.push(m / 1024);
    }
  });
}
rmSync(dir, { recursive: true, force: true });
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  const h = s.length >> 1;
  return s.length % 2 ? s[h] : (s[h - 1] + s[h]) / 2;
};
console.log(
  `Node ${process.version}; medians of ${runs} alternating rounds; 1-minute load average ${load.toFixed(2)} → ${os.loadavg()[0].toFixed(2)}`,
);
console.log(
  `${bins.map(([label, file]) => `${label}: ${file}`).join('; ')}\n\n| command | bin | wall (s) | CPU (s) | peak RSS (MiB) |\n| --- | --- | ---: | ---: | ---: |`,
);
cells.forEach(([label, bin], i) => {
  const s = samples[i];
  console.log(
    `| ${label} | ${bin} | ${median(s.wall).toFixed(3)} | ${median(s.cpu).toFixed(2)} | ${median(s.rss).toFixed(0)} |`,
  );
});
