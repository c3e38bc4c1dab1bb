import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { type KubernetesJobOptions, kubernetesJobs } from './kubernetesJobs.js';
import { ShardError } from './shardError.js';
import { slurmScripts } from './slurmScripts.js';

const example: KubernetesJobOptions = {
  name: 'clustered-coverage',
  study: '/app/studies/clustered-coverage.json',
  shards: 16,
  parallelism: 8,
  cpus: 2,
  memory: '2Gi',
  outDir: '/results/clustered-coverage',
  evalsim: ['evalsim'],
  image: 'ghcr.io/example/evalsim:0.1.0',
  volumeClaim: 'evalsim-results',
  mountPath: '/results',
  backoffLimitPerIndex: 2,
};

describe('kubernetesJobs', () => {
  test('an Indexed Job with completions = N, parallelism ≤ N, and the shard command with --shards N', () => {
    const { job, mergeJob } = kubernetesJobs(example);
    const manifest = parse(job);
    expect(manifest).toMatchObject({
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: { name: 'evalsim-clustered-coverage' },
      spec: { completionMode: 'Indexed', completions: 16, parallelism: 8, backoffLimitPerIndex: 2 },
    });
    const pod = manifest.spec.template.spec;
    expect(pod.restartPolicy).toBe('Never');
    expect(pod.containers[0].command).toEqual([
      'evalsim',
      'run',
      '/app/studies/clustered-coverage.json',
      '--out',
      '/results/clustered-coverage/parts',
      '--workers',
      '2',
      '--shards',
      '16',
    ]);
    expect(pod.containers[0].resources.requests).toEqual({ cpu: '2', memory: '2Gi' });
    expect(pod.containers[0].volumeMounts).toEqual([{ name: 'results', mountPath: '/results' }]);
    expect(pod.volumes).toEqual([
      { name: 'results', persistentVolumeClaim: { claimName: 'evalsim-results' } },
    ]);
    const merge = parse(mergeJob);
    expect(merge.metadata.name).toBe('evalsim-clustered-coverage-merge');
    expect(merge.spec.completionMode).toBeUndefined();
    expect(merge.spec.template.spec.containers[0].command).toEqual([
      '/bin/sh',
      '-c',
      'exec evalsim merge /results/clustered-coverage/parts/* --out /results/clustered-coverage',
    ]);
  });

  test('defaults: parallelism = completions, no per-index backoff; odd names become DNS labels', () => {
    const { job } = kubernetesJobs({
      ...example,
      name: 'My_Study v2',
      parallelism: undefined,
      backoffLimitPerIndex: undefined,
      memory: undefined,
    });
    const manifest = parse(job);
    expect(manifest.metadata.name).toBe('evalsim-my-study-v2');
    expect(manifest.spec.parallelism).toBe(16);
    expect(manifest.spec.backoffLimitPerIndex).toBeUndefined();
    expect(manifest.spec.template.spec.containers[0].resources.requests).toEqual({ cpu: '2' });
    const long = parse(kubernetesJobs({ ...example, name: 'x'.repeat(80) }).mergeJob).metadata.name as string;
    expect(long.length).toBeLessThanOrEqual(63);
    expect(long.endsWith('-merge')).toBe(true);
  });

  test('strings that YAML would misread stay strings', () => {
    const { job } = kubernetesJobs({ ...example, study: '/app/studies/yes: no #1.json', image: 'on' });
    const container = parse(job).spec.template.spec.containers[0];
    expect(container.image).toBe('on');
    expect(container.command[2]).toBe('/app/studies/yes: no #1.json');
  });

  test('refusals name the option', () => {
    for (const [overrides, message] of [
      [{ parallelism: 17 }, 'parallelism: expected an integer from 1 to completions = 16, got 17'],
      [{ parallelism: 0 }, 'parallelism: expected an integer from 1 to completions = 16, got 0'],
      [{ outDir: '/elsewhere/x' }, '--out: "/elsewhere/x" must lie inside the volume mounted at /results'],
      [{ outDir: '/results-2/x' }, 'must lie inside the volume mounted at /results'],
      [{ backoffLimitPerIndex: -1 }, 'backoffLimitPerIndex: expected an integer ≥ 0, got -1'],
    ] as [Partial<KubernetesJobOptions>, string][]) {
      expect(() => kubernetesJobs({ ...example, ...overrides })).toThrow(ShardError);
      expect(() => kubernetesJobs({ ...example, ...overrides })).toThrow(message);
    }
  });
});

describe('docs/shards.md', () => {
  const docs = readFileSync(new URL('../../../../docs/shards.md', import.meta.url), 'utf8');

  test('shows exactly the Kubernetes manifests kubernetesJobs writes', () => {
    const { job, mergeJob } = kubernetesJobs(example);
    expect(docs).toContain(`\`\`\`yaml\n${job}\`\`\``);
    expect(docs).toContain(`\`\`\`yaml\n${mergeJob}\`\`\``);
  });

  test('shows exactly the Slurm scripts slurmScripts writes', () => {
    const scripts = slurmScripts({
      name: 'clustered-coverage',
      study: '/home/ana/evalsim/studies/clustered-coverage.json',
      shards: 16,
      cpus: 4,
      time: '1:00:00',
      partition: 'short',
      outDir: '/scratch/ana/cc',
      evalsim: ['/usr/bin/node', '/home/ana/evalsim/packages/evalsim/dist/evalsim.mjs'],
      workDir: '/home/ana/evalsim',
    });
    expect(docs).toContain(`\`\`\`bash\n${scripts.arrayScript}\`\`\``);
    expect(docs).toContain(`\`\`\`bash\n${scripts.mergeScript}\`\`\``);
  });
});
