import { join } from 'node:path';
import { checkShardCount } from './readInteger.js';
import { ShardError } from './shardError.js';
import { shellCommand, shellQuote } from './shellQuote.js';

/** What the scheduled jobs run, for scripts and manifests alike. */
export interface ShardCommandOptions {
  /** The evalsim command as words, e.g. `['evalsim']` or `['/usr/bin/node', '/opt/evalsim/dist/evalsim.mjs']`. */
  readonly evalsim: readonly string[];
  /** The study file (`evalsim run <study>`); not with `reproduce`. */
  readonly study?: string | undefined;
  /** Shard `evalsim reproduce` (every study) instead of one study. */
  readonly reproduce?: boolean | undefined;
  /** Shards write `<outDir>/parts`; the merge writes `<outDir>`. */
  readonly outDir: string;
  readonly shards: number;
  /** Worker threads per shard (`--workers`), = CPUs per task. Default 1. */
  readonly cpus?: number | undefined;
  /** More arguments for run/reproduce, e.g. `['--replications', '200']`. */
  readonly extraArgs?: readonly string[] | undefined;
}

export interface ShardCommands {
  /** One shard's command without its shard selection: append `--shards N` (scheduler) or `--shard i/N`. */
  readonly run: readonly string[];
  /** `<outDir>/parts`. */
  readonly partsDir: string;
  /** The merge as shell text: `evalsim merge <outDir>/parts/* --out <outDir>` (the glob unquoted). */
  readonly mergeShell: string;
}

/** The commands of a sharded run: `evalsim run|reproduce … --out <dir>/parts` and the merge. */
export function shardCommands(options: ShardCommandOptions): ShardCommands {
  checkShardCount(options.shards);
  const cpus = options.cpus ?? 1;
  if (!Number.isSafeInteger(cpus) || cpus < 1) {
    throw new ShardError('--cpus', `expected an integer ≥ 1, got ${String(cpus)}`);
  }
  if (options.evalsim.length === 0) throw new ShardError('--evalsim', 'the evalsim command is empty');
  if (options.reproduce && options.study !== undefined) {
    throw new ShardError('--reproduce', 'shards every study; do not name a study as well');
  }
  if (!options.reproduce && options.study === undefined) {
    throw new ShardError('study', 'name the study to shard (or use --reproduce for every study)');
  }
  const partsDir = join(options.outDir, 'parts');
  const what = options.reproduce ? ['reproduce'] : ['run', options.study!];
  const run = [
    ...options.evalsim,
    ...what,
    '--out',
    partsDir,
    '--workers',
    String(cpus),
    ...(options.extraArgs ?? []),
  ];
  const mergeShell = `${shellCommand([...options.evalsim, 'merge'])} ${shellQuote(partsDir)}/* --out ${shellQuote(options.outDir)}`;
  return { run, partsDir, mergeShell };
}
