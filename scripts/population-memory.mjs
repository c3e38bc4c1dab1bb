// Peak RSS of one process that reads a generated 1e6-row (≈ 17 MB) item population in the main
// thread, then hands it to 2 worker threads (issue 8 item 9). Modes: `main` (no workers, the
// `--workers 0` floor), `shared` (workers adopt the main thread's shared columns:
// sharePopulationFiles / adoptPopulationFiles), `parse` (each worker parses the file again, the
// behaviour without sharing). Each mode runs in its own process under /usr/bin/time; medians of
// --runs (default 3). Build first. Usage: node scripts/population-memory.mjs [--runs 3]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

const module = new URL('../packages/sim/dist/models/support/populationFile.js', import.meta.url).href;
const [mode, path] = process.argv.slice(2);
if (mode === 'main' || mode === 'shared' || mode === 'parse') {
  const m = await import(module);
  m.readPopulationFile(path, { baseDir: '/' });
  const files = mode === 'shared' ? m.sharePopulationFiles() : [];
  if (mode !== 'main') {
    const source = `
      const { parentPort, workerData } = require('node:worker_threads');
      import(${JSON.stringify(module)}).then((m) => {
        m.adoptPopulationFiles(workerData.files);
        const { population } = m.readPopulationFile(workerData.path, { baseDir: '/' });
        parentPort.postMessage(m.populationParseCount() + ':' + population.questionCount);
      });`;
    const replies = await Promise.all(
      [0, 1].map(
        () =>
          new Promise((done) => {
            const worker = new Worker(source, { eval: true, workerData: { files, path } });
            worker.once('message', (reply) => worker.terminate().then(() => done(reply)));
          }),
      ),
    );
    console.log(replies.join(' '));
  }
} else {
  const at = process.argv.indexOf('--runs');
  const runs = at > 0 ? Number(process.argv[at + 1]) : 3;
  const dir = mkdtempSync(join(os.tmpdir(), 'evalsim-population-memory-'));
  const file = join(dir, 'million.csv');
  const lines = ['question,cluster,correct_a,k_a,correct_b,k_b'];
  for (let i = 0; i < 1_000_000; i++) lines.push(`q${i},c${i % 1000},${i % 4},4,${i % 3},3`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  const self = fileURLToPath(import.meta.url);
  const peaks = { main: [], shared: [], parse: [] };
  for (let r = 0; r < runs; r++) {
    for (const m of Object.keys(peaks)) {
      const run = spawnSync('/usr/bin/time', ['-f', '%M', process.execPath, self, m, file], {
        encoding: 'utf8',
      });
      peaks[m].push(Number(run.stderr.trim().split('\n').pop()) / 1024);
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(`population file: ${(statSync(file).size / 1e6).toFixed(1)} MB, 1e6 rows; medians of ${runs}`);
  console.log('| process | peak RSS (MiB) | / main thread only |');
  console.log('| --- | ---: | ---: |');
  for (const [m, label] of [
    ['main', 'main thread parses, no workers'],
    ['shared', '+ 2 workers adopting the shared columns'],
    ['parse', '+ 2 workers each parsing the file'],
  ]) {
    console.log(
      `| ${label} | ${median(peaks[m]).toFixed(0)} | ${(median(peaks[m]) / median(peaks.main)).toFixed(2)}× |`,
    );
  }
  rmSync(dir, { recursive: true, force: true });
}
