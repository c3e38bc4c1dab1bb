import { posix } from 'node:path';
import { type ShardCommandOptions, shardCommands } from './shardCommands.js';
import { ShardError } from './shardError.js';

export interface KubernetesJobOptions extends ShardCommandOptions {
  /** The study's name (or `reproduce`), for the Job names. */
  readonly name: string;
  /** The container image with evalsim (and the study files) in it. */
  readonly image: string;
  /** Pods at once: 1 ≤ parallelism ≤ shards (= completions). Default: shards. */
  readonly parallelism?: number | undefined;
  /** A ReadWriteMany PersistentVolumeClaim shared by the shards and the merge. */
  readonly volumeClaim: string;
  /** Where the claim is mounted; `outDir` must lie inside it. */
  readonly mountPath: string;
  /** Memory request per pod, a Kubernetes quantity such as `4Gi`. */
  readonly memory?: string | undefined;
  /** Retries of each index on its own (`spec.backoffLimitPerIndex`, Kubernetes ≥ 1.29). */
  readonly backoffLimitPerIndex?: number | undefined;
}

export interface KubernetesJobs {
  /** The Indexed Job: `completionMode: Indexed`, `completions: N`; pod i gets JOB_COMPLETION_INDEX=i. */
  readonly job: string;
  /** The merge Job, to apply once the Indexed Job is complete (Kubernetes has no job dependencies). */
  readonly mergeJob: string;
}

/** A DNS-1123 label from a study name: lowercase letters, digits and -, at most 63 characters. */
function jobName(name: string, suffix = ''): string {
  const base = `evalsim-${name.toLowerCase().replace(/[^a-z0-9-]+/g, '-')}`.slice(0, 63 - suffix.length);
  return `${base.replace(/-+$/, '')}${suffix}`;
}

const quote = (value: string | number): string =>
  JSON.stringify(typeof value === 'number' ? String(value) : value);

/**
 * Manifests for a sharded run on Kubernetes: an Indexed Job whose pod i runs
 * `evalsim run <study> --out <dir>/parts --shards N` (evalsim reads JOB_COMPLETION_INDEX; Kubernetes
 * does not tell a pod `completions`, hence `--shards N`), and a merge Job. Strings are written as
 * JSON strings, which YAML reads as double-quoted scalars.
 */
export function kubernetesJobs(options: KubernetesJobOptions): KubernetesJobs {
  const N = options.shards;
  const parallelism = options.parallelism ?? N;
  if (!Number.isSafeInteger(parallelism) || parallelism < 1 || parallelism > N) {
    throw new ShardError(
      'parallelism',
      `expected an integer from 1 to completions = ${N}, got ${parallelism}`,
    );
  }
  const mount = posix.normalize(options.mountPath);
  const out = posix.normalize(options.outDir);
  if (!posix.isAbsolute(mount) || !(out === mount || out.startsWith(`${mount.replace(/\/$/, '')}/`))) {
    throw new ShardError(
      '--out',
      `${JSON.stringify(options.outDir)} must lie inside the volume mounted at ${mount}`,
    );
  }
  const retries = options.backoffLimitPerIndex;
  if (retries !== undefined && (!Number.isSafeInteger(retries) || retries < 0)) {
    throw new ShardError('backoffLimitPerIndex', `expected an integer ≥ 0, got ${retries}`);
  }
  const commands = shardCommands(options);
  const cpus = options.cpus ?? 1;
  const podSpec = (container: string, command: readonly string[], indent: string) =>
    [
      'template:',
      '  spec:',
      '    restartPolicy: Never',
      '    containers:',
      `      - name: ${container}`,
      `        image: ${quote(options.image)}`,
      `        command: [${command.map(quote).join(', ')}]`,
      '        resources:',
      '          requests:',
      `            cpu: ${quote(container === 'merge' ? 1 : cpus)}`,
      ...(options.memory !== undefined ? [`            memory: ${quote(options.memory)}`] : []),
      '        volumeMounts:',
      '          - name: results',
      `            mountPath: ${quote(mount)}`,
      '    volumes:',
      '      - name: results',
      '        persistentVolumeClaim:',
      `          claimName: ${quote(options.volumeClaim)}`,
    ].map((line) => `${indent}${line}`);

  const what = options.reproduce ? 'evalsim reproduce' : `study ${options.name}`;
  const job = [
    `# Shard i of ${N} of ${what}: the pod with JOB_COMPLETION_INDEX=i runs it. Written by evalsim.`,
    'apiVersion: batch/v1',
    'kind: Job',
    'metadata:',
    `  name: ${jobName(options.name)}`,
    'spec:',
    '  completionMode: Indexed',
    `  completions: ${N}`,
    `  parallelism: ${parallelism}`,
    ...(retries !== undefined ? [`  backoffLimitPerIndex: ${retries}`] : []),
    ...podSpec('shard', [...commands.run, '--shards', String(N)], '  '),
    '',
  ].join('\n');
  const mergeJob = [
    `# Merges the ${N} partial results of ${what}; apply once ${jobName(options.name)} is complete.`,
    'apiVersion: batch/v1',
    'kind: Job',
    'metadata:',
    `  name: ${jobName(options.name, '-merge')}`,
    'spec:',
    '  backoffLimit: 0',
    ...podSpec('merge', ['/bin/sh', '-c', `exec ${commands.mergeShell}`], '  '),
    '',
  ].join('\n');
  return { job, mergeJob };
}
