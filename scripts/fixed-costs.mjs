// Fixed costs of the CLI as whole processes (issue 13 item 2): `node -e 0`, `evalsim --version`,
// a calculator (`evalsim interval`), `evalsim validate` and `evalsim run` of a one-cell,
// one-replication study with 0, 1 and 2 workers. Commands alternate, `--runs` times each (default 7);
// medians of wall time, and with /usr/bin/time of CPU time and peak RSS. Build first.
// Usage: node scripts/fixed-costs.mjs [--runs 7]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const cli = join(root, 'packages', 'cli', 'dist', 'evalsim.cjs');
const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1] || 7);
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
  ['node -e 0', [node, '-e', '0']],
  ['evalsim --version', [node, cli, '--version']],
  ['evalsim interval -k 8 -n 10', [node, cli, 'interval', '-k', '8', '-n', '10']],
  ['evalsim validate (1 cell)', [node, cli, 'validate', study]],
  ...[0, 1, 2].map((w) => [
    `evalsim run, 1 replication, --workers ${w}`,
    [node, cli, 'run', study, '--workers', String(w), '--out', dir, '--quiet'],
  ]),
];
const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;
const samples = commands.map(() => ({ wall: [], cpu: [], rss: [] }));
const load = os.loadavg()[0];
for (let r = 0; r < runs; r++) {
  commands.forEach(([label, argv], i) => {
    const [file, rest] = TIME ? [TIME, ['-f', '@@ %U %S %M', ...argv]] : [argv[0], argv.slice(1)];
    const started = performance.now();
    const run = spawnSync(file, rest, { encoding: 'utf8' });
    samples[i].wall.push((performance.now() - started) / 1000);
    if (run.status !== 0) throw new Error(`${label} failed: ${run.stderr}`);
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
  return s.length ? s[s.length >> 1] : Number.NaN;
};
console.log(
  `medians of ${runs} alternating runs; load average ${load.toFixed(2)} → ${os.loadavg()[0].toFixed(2)}`,
);
console.log('| command | wall (s) | CPU (s) | peak RSS (MiB) |\n| --- | ---: | ---: | ---: |');
commands.forEach(([label], i) => {
  const s = samples[i];
  console.log(
    `| ${label} | ${median(s.wall).toFixed(3)} | ${median(s.cpu).toFixed(2)} | ${median(s.rss).toFixed(0)} |`,
  );
});
