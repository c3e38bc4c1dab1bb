#!/usr/bin/env node
// A stand-in for `evalsim run` and `evalsim merge` in the Slurm end-to-end test (.ci/slurm-e2e.sh),
// until the sharded runner lands. It takes the command lines `evalsim slurm` generates:
//   slurm-probe.mjs run <study> --out <dir>/parts --workers C [--replications R] (--shards N | --shard i/N)
//   slurm-probe.mjs merge <dir>/parts/* --out <dir>
// `run` finds its shard with @evalsim/sim's resolveShard (so shardFromEnvironment reads the real
// Slurm variables), plans the study's replications with planShards and writes its pieces to
// <parts>/<study>.shard-<i>-of-<N>.json. It exits 3 without writing when EVALSIM_PROBE_FAIL is its
// shard index. `merge` checks the partials (one per shard, same study and N, every replication of
// every cell exactly once) and writes <out>/<study>.merged.json.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

// Only the shard module (not all of @evalsim/sim): a task then starts in ~0.1 s.
const shard = await import(new URL('../packages/sim/dist/shard/index.js', import.meta.url).href);
const BLOCK = 25;

function parse(argv) {
  const positional = [];
  const flags = {};
  for (let i = 0; i < argv.length; i++) {
    if (argv[i].startsWith('--')) flags[argv[i].slice(2)] = argv[++i];
    else positional.push(argv[i]);
  }
  return { positional, flags };
}

function fail(message) {
  process.stderr.write(`slurm-probe: ${message}\n`);
  process.exit(1);
}

/** The study's cells (the grid's cross product) and methods, read from its JSON, and the shard plan. */
function planOf(studyFile, replicationsFlag, count) {
  const study = JSON.parse(readFileSync(studyFile, 'utf8'));
  const replications = replicationsFlag !== undefined ? Number(replicationsFlag) : study.replications;
  const cells = Object.values(study.grid ?? {}).reduce((product, values) => product * values.length, 1);
  const plan = shard.planShards({
    replications: new Array(cells).fill(replications),
    costs: new Array(cells).fill(study.methods.length),
    shards: count,
    blockSize: BLOCK,
  });
  return { study, replications, cells, plan };
}

const [command, ...rest] = process.argv.slice(2);
const { positional, flags } = parse(rest);
try {
  if (command === 'run') {
    const mine = shard.resolveShard({
      env: process.env,
      ...(flags.shard !== undefined ? { shard: flags.shard } : {}),
      ...(flags.shards !== undefined ? { shards: Number(flags.shards) } : {}),
    });
    if (!mine) fail('no shard: pass --shard i/N or --shards N inside a scheduler array');
    if (process.env.EVALSIM_PROBE_FAIL === String(mine.index)) {
      process.stderr.write(`slurm-probe: failing shard ${mine.index} on purpose (EVALSIM_PROBE_FAIL)\n`);
      process.exit(3);
    }
    const { study, replications, cells, plan } = planOf(positional[0], flags.replications, mine.count);
    mkdirSync(flags.out, { recursive: true });
    const file = join(flags.out, `${study.name}.shard-${mine.index}-of-${mine.count}.json`);
    const partial = {
      study: study.name,
      studyFile: positional[0],
      replications,
      cells,
      index: mine.index,
      count: mine.count,
      source: mine.source,
      detail: mine.detail,
      job: process.env.SLURM_JOB_ID ?? null,
      pieces: plan.shards[mine.index].pieces,
    };
    writeFileSync(file, `${JSON.stringify(partial)}\n`);
    process.stdout.write(`slurm-probe: shard ${mine.index}/${mine.count} from ${mine.detail} → ${file}\n`);
  } else if (command === 'merge') {
    if (positional.some((file) => file.endsWith('*'))) fail(`no partial results: ${positional.join(' ')}`);
    const partials = positional.map((file) => JSON.parse(readFileSync(file, 'utf8')));
    const first = partials[0];
    const seen = new Set();
    for (const [i, p] of partials.entries()) {
      const name = basename(positional[i]);
      if (p.study !== first.study || p.count !== first.count || p.replications !== first.replications) {
        fail(`${name}: another study, N or replication count than ${basename(positional[0])}`);
      }
      if (seen.has(p.index)) fail(`${name}: shard ${p.index} twice`);
      seen.add(p.index);
    }
    const missing = [...Array(first.count).keys()].filter((i) => !seen.has(i));
    if (missing.length > 0) fail(`missing shard(s) ${missing.join(', ')} of ${first.count}`);
    const covered = Array.from({ length: first.cells }, () => []);
    for (const p of partials)
      for (const piece of p.pieces) covered[piece.cell].push([piece.start, piece.end]);
    for (const [cell, ranges] of covered.entries()) {
      ranges.sort((a, b) => a[0] - b[0]);
      let next = 0;
      for (const [start, end] of ranges) {
        if (start !== next)
          fail(
            `cell ${cell}: replications ${next}…${start} covered ${start < next ? 'twice' : 'by no shard'}`,
          );
        next = end;
      }
      if (next !== first.replications)
        fail(`cell ${cell}: replications ${next}…${first.replications} missing`);
    }
    mkdirSync(flags.out, { recursive: true });
    const merged = {
      study: first.study,
      shards: first.count,
      cells: first.cells,
      replications: first.replications,
      sources: partials.map((p) => p.detail).sort(),
    };
    writeFileSync(join(flags.out, `${first.study}.merged.json`), `${JSON.stringify(merged, null, 2)}\n`);
    process.stdout.write(`slurm-probe: merged ${partials.length} shards of ${first.study}\n`);
  } else {
    fail(`unknown command ${command}`);
  }
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
