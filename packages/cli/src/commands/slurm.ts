/**
 * `evalsim slurm <study> --shards N`: writes the Slurm scripts of a sharded run —
 * `<out>/slurm/array.sh` (an N-task job array, one shard per task), `merge.sh` (chained with
 * `--dependency=afterok`), `submit.sh` and `rerun.sh` — and prints how to submit them.
 * `--reproduce` shards every study of `evalsim reproduce` the same way. The study is validated
 * first, so a broken study fails here and not on the cluster.
 */
import { chmodSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadStudy, ShardError, type SlurmScripts, slurmScripts } from '@evalsim/sim';
import {
  checkShardCount,
  prepareOutputDirectory,
  resolveStudyPath,
  SLURM_SCRIPT_FILES,
  shellCommand,
  writeFileAtomic,
} from '@evalsim/sim/internal';
import type { CommandModule } from 'yargs';
import type { CliIo } from '../io.js';
import { discoverStudies } from '../reproduce/discoverStudies.js';
import { listOption } from './shared.js';
import { inputPath, studiesDirectory } from './shippedStudies.js';
import { studiesFolder } from './studyFiles.js';

interface Args {
  io: CliIo;
  study: string[];
  shards: number;
  partition?: string;
  time?: string;
  cpus: number;
  memory?: string;
  account?: string;
  out?: string;
  replications?: number;
  seed?: number;
  reproduce: boolean;
  replicationsScale?: number;
  studies: string;
  evalsim?: string;
  setup?: string[];
  json: boolean;
}

/** Slurm's default MaxArraySize: array indices 0 … 1000. */
const DEFAULT_MAX_ARRAY_SIZE = 1001;

export const slurmCommand: CommandModule<object, Args> = {
  command: 'slurm [study..]',
  describe: 'Write Slurm job-array scripts that run a study in N shards and merge them',
  builder: (y) =>
    y
      .positional('study', {
        type: 'string',
        array: true,
        describe: 'the study (a file, or its name in --studies); with --reproduce: only these studies',
      })
      .option('shards', { type: 'number', demandOption: true, describe: 'N: array tasks, one shard each' })
      .option('cpus', {
        type: 'number',
        default: 1,
        describe: 'CPUs per task (--cpus-per-task; = --workers)',
      })
      .option('partition', { type: 'string', describe: 'sbatch --partition' })
      .option('time', { type: 'string', describe: 'sbatch --time per task, e.g. 2:00:00' })
      .option('memory', { type: 'string', describe: 'sbatch --mem per task, e.g. 4G' })
      .option('account', { type: 'string', describe: 'sbatch --account' })
      .option('out', {
        type: 'string',
        describe: 'directory of the scripts, logs, partial and merged results (default shards/<name>)',
      })
      .option('replications', {
        type: 'number',
        describe: "passed to run: override the study's replications",
      })
      .option('seed', { type: 'number', describe: "passed to run: override the study's seed" })
      .option('reproduce', {
        type: 'boolean',
        default: false,
        describe: 'shard every study of `evalsim reproduce` instead of one study',
      })
      .option('replications-scale', { type: 'number', describe: 'with --reproduce: passed to reproduce' })
      .option('studies', {
        type: 'string',
        default: 'studies',
        describe: 'the folder where study names are looked up',
      })
      .option('evalsim', {
        type: 'string',
        describe:
          'the evalsim command on the compute nodes, words split at spaces (default: this node and CLI)',
      })
      .option('setup', {
        type: 'string',
        array: true,
        describe: 'shell line run before evalsim in every job, e.g. "module load nodejs/20" (repeatable)',
      })
      .option('json', { type: 'boolean', default: false, describe: 'print what was written as JSON' })
      .example('$0 slurm clustered-coverage --shards 16 --cpus 4', '16 tasks of 4 CPUs')
      .example('$0 slurm studies/few-clusters.json --shards 8 --partition short --out /scratch/fc', '')
      .example('$0 slurm --reproduce --shards 32 --cpus 2', 'every published study, 32 shards each')
      .example('bash shards/clustered-coverage/slurm/submit.sh', 'then submit (--wait blocks until done)')
      .epilog('Shard i reads its index from SLURM_ARRAY_TASK_ID; see docs/shards.md.') as never,
  handler: async (args) => {
    const { io } = args;
    const shards = checkShardCount(args.shards);
    const cpus = checkShardCount(args.cpus, '--cpus');
    const target = await resolveTarget(args);
    const outDir = io.resolve(args.out ?? join('shards', target.name));
    const evalsim = args.evalsim?.trim() ? args.evalsim.trim().split(/\s+/) : defaultEvalsim(io);
    const scripts = slurmScripts({
      name: target.name,
      ...(target.study !== undefined ? { study: target.study } : { reproduce: true }),
      shards,
      cpus,
      outDir,
      evalsim,
      extraArgs: target.extraArgs,
      workDir: io.cwd,
      partition: args.partition,
      time: args.time,
      memory: args.memory,
      account: args.account,
      setup: args.setup ?? [],
    });
    prepareOutputDirectory(
      outDir,
      Object.values(SLURM_SCRIPT_FILES).map((name) => join('slurm', name)),
      { label: `--out ${args.out ?? join('shards', target.name)}`, create: false },
    );
    const partsDir = join(outDir, 'parts');
    const leftovers = existsSync(partsDir) ? readdirSync(partsDir).length : 0;
    const files = writeScripts(join(outDir, 'slurm'), scripts);
    mkdirSync(join(outDir, 'logs'), { recursive: true });
    mkdirSync(partsDir, { recursive: true });

    const warnings: string[] = [];
    if (shards > DEFAULT_MAX_ARRAY_SIZE) {
      warnings.push(
        `${shards} array tasks exceed Slurm's default MaxArraySize (${DEFAULT_MAX_ARRAY_SIZE}); check \`scontrol show config | grep MaxArraySize\` or use fewer shards`,
      );
    }
    if (leftovers > 0) {
      warnings.push(
        `${partsDir} already holds ${leftovers} file(s) from an earlier run; the merge reads every file there, so remove them unless you are resuming that run`,
      );
    }
    for (const warning of warnings) io.stderr.write(`evalsim slurm: warning: ${warning}\n`);

    const shardCommand = [...evalsim, ...(target.study ? ['run', target.study] : ['reproduce'])];
    if (args.json) {
      const report = {
        name: target.name,
        study: target.study ?? null,
        reproduce: target.study === undefined,
        shards,
        cpus,
        outDir,
        partsDir,
        logsDir: join(outDir, 'logs'),
        scripts: files,
        submit: `bash ${shellCommand([files.submitScript])}`,
        warnings,
      };
      io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
      return;
    }
    const what = target.study ? `study ${target.name}` : `evalsim reproduce (${target.count} studies)`;
    io.stdout.write(
      [
        `Slurm scripts for ${what}: ${shards} shard${shards === 1 ? '' : 's'} × ${cpus} CPU${cpus === 1 ? '' : 's'}, then a merge`,
        `  ${files.arrayScript}   array job --array=0-${shards - 1}: ${shellCommand(shardCommand)} … --shards ${shards}`,
        `  ${files.mergeScript}   merge job after every shard succeeded (--dependency=afterok)`,
        `  ${files.submitScript}  submits both (--wait: block until they end, fail if any failed)`,
        `  ${files.rerunScript}   reruns named shards (bash rerun.sh 2 5), then merges`,
        '',
        `Submit:  bash ${shellCommand([files.submitScript])}`,
        `Result:  ${outDir}   (logs in ${join(outDir, 'logs')})`,
        '',
      ].join('\n'),
    );
  },
};

interface Target {
  readonly name: string;
  /** Absolute study file; undefined for --reproduce. */
  readonly study?: string;
  readonly count: number;
  readonly extraArgs: string[];
}

/** The study (or the studies of reproduce), validated, and the arguments passed on to run/reproduce. */
async function resolveTarget(args: Args): Promise<Target> {
  const named = listOption(args.study);
  if (args.reproduce) {
    for (const flag of ['replications', 'seed'] as const) {
      if (args[flag] !== undefined) {
        throw new ShardError(`--${flag}`, 'applies to one study; with --reproduce use --replications-scale');
      }
    }
    const studiesDir = studiesFolder(args.io, args.studies, 'slurm --reproduce');
    const names = named;
    const files = discoverStudies(studiesDir, names);
    if (files.length === 0) throw new ShardError('--studies', `no study files in ${studiesDir}`);
    for (const file of files) await loadStudy(file);
    const scale = args.replicationsScale;
    if (scale !== undefined && !(scale > 0 && Number.isFinite(scale))) {
      throw new ShardError('--replications-scale', `must be > 0, got ${scale}`);
    }
    return {
      name: 'reproduce',
      count: files.length,
      extraArgs: [
        '--studies',
        studiesDir,
        ...names,
        ...(scale !== undefined ? ['--replications-scale', String(scale)] : []),
      ],
    };
  }
  if (named.length !== 1) {
    throw new ShardError(
      'study',
      named.length === 0
        ? 'name the study to shard (a file, or a name in --studies), or use --reproduce'
        : `name one study to shard (got ${named.length}), or use --reproduce for several`,
    );
  }
  if (args.replicationsScale !== undefined)
    throw new ShardError('--replications-scale', 'only applies with --reproduce');
  const file = resolveStudyPath(
    inputPath(args.io, named[0]),
    studiesDirectory(args.io, args.studies),
    args.io.cwd,
  );
  const study = await loadStudy(file);
  const extraArgs: string[] = [];
  for (const flag of ['replications', 'seed'] as const) {
    const value = args[flag];
    if (value === undefined) continue;
    if (!Number.isSafeInteger(value) || value < (flag === 'seed' ? 0 : 1)) {
      throw new ShardError(`--${flag}`, `expected an integer ≥ ${flag === 'seed' ? 0 : 1}, got ${value}`);
    }
    extraArgs.push(`--${flag}`, String(value));
  }
  return { name: study.name, study: file, count: 1, extraArgs };
}

/** This Node and this CLI file, as absolute paths (the compute nodes are assumed to share them). */
function defaultEvalsim(io: CliIo): string[] {
  if (!io.bin || io.bin.length === 0)
    throw new ShardError('--evalsim', 'cannot tell where this evalsim is; pass --evalsim');
  return [...io.bin];
}

/** Writes the four scripts (executable) into `dir`; returns their paths by role. */
function writeScripts(dir: string, scripts: SlurmScripts): Record<keyof SlurmScripts, string> {
  const paths = {} as Record<keyof SlurmScripts, string>;
  for (const role of Object.keys(SLURM_SCRIPT_FILES) as (keyof SlurmScripts)[]) {
    const path = join(dir, SLURM_SCRIPT_FILES[role]);
    writeFileAtomic(path, scripts[role]);
    chmodSync(path, 0o755);
    paths[role] = path;
  }
  return paths;
}
