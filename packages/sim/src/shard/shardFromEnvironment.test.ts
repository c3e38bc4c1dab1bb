import { describe, expect, test } from 'vitest';
import type { ShardEnvironment } from './environment.js';
import { resolveShard } from './resolveShard.js';
import { ShardError } from './shardError.js';
import { shardFromEnvironment } from './shardFromEnvironment.js';

/** The variables Slurm sets in task `id` of an array (as measured, shared/slurm/README.md). */
function slurmTask(id: number, min: number, max: number, step: number, count: number): ShardEnvironment {
  return {
    SLURM_ARRAY_TASK_ID: String(id),
    SLURM_ARRAY_TASK_MIN: String(min),
    SLURM_ARRAY_TASK_MAX: String(max),
    SLURM_ARRAY_TASK_STEP: String(step),
    SLURM_ARRAY_TASK_COUNT: String(count),
  };
}

function refusal(f: () => unknown): ShardError {
  try {
    f();
  } catch (error) {
    expect(error).toBeInstanceOf(ShardError);
    return error as ShardError;
  }
  throw new Error('expected a ShardError, got none');
}

describe('shardFromEnvironment: Slurm job arrays', () => {
  test('no scheduler variable → null', () => {
    expect(shardFromEnvironment({})).toBeNull();
    expect(shardFromEnvironment({ SLURM_JOB_ID: '12', PATH: '/bin' })).toBeNull();
  });

  test('--array=0-3: shard = ID', () => {
    for (let id = 0; id < 4; id++) {
      expect(shardFromEnvironment(slurmTask(id, 0, 3, 1, 4))).toMatchObject({
        index: id,
        count: 4,
        source: 'slurm',
        detail: `SLURM_ARRAY_TASK_ID=${id} (MIN=0, MAX=3, STEP=1, COUNT=4)`,
      });
    }
  });

  test('--array=1-3 (1-based) and --array=0-7:2%2 (stepped): shard = (ID − MIN)/STEP', () => {
    expect([1, 2, 3].map((id) => shardFromEnvironment(slurmTask(id, 1, 3, 1, 3))?.index)).toEqual([0, 1, 2]);
    expect([0, 2, 4, 6].map((id) => shardFromEnvironment(slurmTask(id, 0, 6, 2, 4))?.index)).toEqual([
      0, 1, 2, 3,
    ]);
    // --array=0-7:3 runs 0, 3, 6 and reports MAX=6 (measured).
    expect([0, 3, 6].map((id) => shardFromEnvironment(slurmTask(id, 0, 6, 3, 3))?.index)).toEqual([0, 1, 2]);
  });

  test('--array=1,5,9 (a list: COUNT=3 MIN=1 MAX=9 STEP=1) is refused in every task, saying what to submit', () => {
    for (const id of [1, 5, 9]) {
      const error = refusal(() => shardFromEnvironment(slurmTask(id, 1, 9, 1, 3)));
      expect(error.field).toBe('SLURM_ARRAY_TASK_ID');
      expect(error.message).toContain('does not describe one task of a uniform array');
      expect(error.message).toContain('A list array such as --array=1,5,9');
      expect(error.message).toContain('--array=0-2');
    }
    // Two ranges, --array=0-3,8-11: COUNT=8 MIN=0 MAX=11 (measured) — every task refused, task 0 included.
    for (const id of [0, 3, 8, 11]) {
      expect(() => shardFromEnvironment(slurmTask(id, 0, 11, 1, 8))).toThrow(
        'MAX must equal MIN + (COUNT − 1)·STEP = 7',
      );
    }
  });

  test('an ID off the step, below MIN or beyond COUNT is refused', () => {
    expect(() => shardFromEnvironment(slurmTask(3, 0, 6, 2, 4))).toThrow(
      '(ID − MIN)/STEP = 3/2 must be an integer',
    );
    expect(() => shardFromEnvironment(slurmTask(0, 1, 3, 1, 3))).toThrow('does not describe one task');
    expect(() => shardFromEnvironment(slurmTask(4, 0, 3, 1, 4))).toThrow(
      '= 4 must be an integer below COUNT',
    );
    expect(() => shardFromEnvironment(slurmTask(0, 0, 0, 0, 1))).toThrow('STEP and COUNT must be ≥ 1');
  });

  test('a missing or malformed array variable is named', () => {
    const { SLURM_ARRAY_TASK_COUNT: _, ...withoutCount } = slurmTask(1, 0, 3, 1, 4);
    const missing = refusal(() => shardFromEnvironment(withoutCount));
    expect(missing.field).toBe('SLURM_ARRAY_TASK_COUNT');
    expect(missing.message).toContain('is not set, but SLURM_ARRAY_TASK_ID is');
    expect(() => shardFromEnvironment({ ...slurmTask(1, 0, 3, 1, 4), SLURM_ARRAY_TASK_ID: '1.5' })).toThrow(
      'SLURM_ARRAY_TASK_ID: expected a non-negative integer, got "1.5"',
    );
    expect(() => shardFromEnvironment({ ...slurmTask(1, 0, 3, 1, 4), SLURM_ARRAY_TASK_MIN: '' })).toThrow(
      'SLURM_ARRAY_TASK_MIN: expected a non-negative integer, got ""',
    );
  });

  test('--shards N must equal COUNT: a single task resubmitted as --array=2 is refused', () => {
    expect(shardFromEnvironment(slurmTask(2, 0, 3, 1, 4), { shards: 4 })?.index).toBe(2);
    const error = refusal(() => shardFromEnvironment(slurmTask(2, 2, 2, 1, 1), { shards: 4 }));
    expect(error.field).toBe('--shards');
    expect(error.message).toContain('4, but this Slurm array has 1 tasks');
    expect(error.message).toContain('--shard i/4');
    expect(() => shardFromEnvironment(slurmTask(0, 0, 3, 1, 4), { shards: 0 })).toThrow(
      '--shards: expected an integer ≥ 1, got 0',
    );
  });
});

describe('shardFromEnvironment: Kubernetes Indexed Jobs and AWS Batch arrays', () => {
  test('JOB_COMPLETION_INDEX with --shards', () => {
    expect(shardFromEnvironment({ JOB_COMPLETION_INDEX: '5' }, { shards: 8 })).toEqual({
      index: 5,
      count: 8,
      source: 'kubernetes',
      detail: 'JOB_COMPLETION_INDEX=5 (--shards 8)',
    });
    const without = refusal(() => shardFromEnvironment({ JOB_COMPLETION_INDEX: '5' }));
    expect(without.field).toBe('--shards');
    expect(without.message).toContain("N = the Job's spec.completions");
    expect(() => shardFromEnvironment({ JOB_COMPLETION_INDEX: '8' }, { shards: 8 })).toThrow(
      'JOB_COMPLETION_INDEX: 8 is not below --shards 8',
    );
    expect(() => shardFromEnvironment({ JOB_COMPLETION_INDEX: 'x' }, { shards: 8 })).toThrow(
      'JOB_COMPLETION_INDEX: expected a non-negative integer',
    );
  });

  test('AWS_BATCH_JOB_ARRAY_INDEX with AWS_BATCH_JOB_ARRAY_SIZE and/or --shards', () => {
    expect(shardFromEnvironment({ AWS_BATCH_JOB_ARRAY_INDEX: '3', AWS_BATCH_JOB_ARRAY_SIZE: '10' })).toEqual({
      index: 3,
      count: 10,
      source: 'aws-batch',
      detail: 'AWS_BATCH_JOB_ARRAY_INDEX=3 (AWS_BATCH_JOB_ARRAY_SIZE=10)',
    });
    expect(shardFromEnvironment({ AWS_BATCH_JOB_ARRAY_INDEX: '3' }, { shards: 4 })).toMatchObject({
      index: 3,
      count: 4,
      detail: 'AWS_BATCH_JOB_ARRAY_INDEX=3 (--shards 4)',
    });
    expect(
      shardFromEnvironment({ AWS_BATCH_JOB_ARRAY_INDEX: '3', AWS_BATCH_JOB_ARRAY_SIZE: '4' }, { shards: 4 })
        ?.count,
    ).toBe(4);
    expect(() =>
      shardFromEnvironment({ AWS_BATCH_JOB_ARRAY_INDEX: '3', AWS_BATCH_JOB_ARRAY_SIZE: '5' }, { shards: 4 }),
    ).toThrow('--shards: 4, but AWS_BATCH_JOB_ARRAY_SIZE=5');
    expect(() => shardFromEnvironment({ AWS_BATCH_JOB_ARRAY_INDEX: '3' })).toThrow(
      '--shards: AWS_BATCH_JOB_ARRAY_INDEX=3 is set but neither --shards nor AWS_BATCH_JOB_ARRAY_SIZE',
    );
    expect(() =>
      shardFromEnvironment({ AWS_BATCH_JOB_ARRAY_INDEX: '4', AWS_BATCH_JOB_ARRAY_SIZE: '4' }),
    ).toThrow('AWS_BATCH_JOB_ARRAY_INDEX: 4 is not below the array size 4 (AWS_BATCH_JOB_ARRAY_SIZE)');
    expect(() =>
      shardFromEnvironment({ AWS_BATCH_JOB_ARRAY_INDEX: '0', AWS_BATCH_JOB_ARRAY_SIZE: '0' }),
    ).toThrow('AWS_BATCH_JOB_ARRAY_SIZE: expected an integer ≥ 1, got 0');
  });

  test('several schedulers: agreeing is accepted, disagreeing refused with each listed', () => {
    const both = { ...slurmTask(2, 0, 3, 1, 4), JOB_COMPLETION_INDEX: '2' };
    expect(shardFromEnvironment(both, { shards: 4 })).toMatchObject({
      index: 2,
      count: 4,
      source: 'slurm',
      detail: 'SLURM_ARRAY_TASK_ID=2 (MIN=0, MAX=3, STEP=1, COUNT=4) and JOB_COMPLETION_INDEX=2 (--shards 4)',
    });
    const error = refusal(() =>
      shardFromEnvironment(
        { ...both, AWS_BATCH_JOB_ARRAY_INDEX: '1', AWS_BATCH_JOB_ARRAY_SIZE: '4' },
        { shards: 4 },
      ),
    );
    expect(error.field).toBe('slurm and kubernetes and aws-batch');
    expect(error.message).toContain('give different shards');
    expect(error.message).toContain('AWS_BATCH_JOB_ARRAY_INDEX=1 (--shards 4) → shard 1/4');
    expect(error.message).toContain('→ shard 2/4');
  });
});

describe('resolveShard', () => {
  const env = slurmTask(1, 0, 3, 1, 4);

  test('--shard wins over the scheduler; --shards must agree with it', () => {
    expect(resolveShard({ shard: '3/4', env })).toEqual({
      index: 3,
      count: 4,
      source: 'flag',
      detail: '--shard 3/4',
    });
    expect(resolveShard({ shard: '3/4', shards: 4, env: {} })?.index).toBe(3);
    expect(() => resolveShard({ shard: '3/4', shards: 5, env: {} })).toThrow(
      '--shards: 5 disagrees with --shard 3/4 (N = 4)',
    );
  });

  test('without --shard the scheduler decides; nothing at all is an unsharded run', () => {
    expect(resolveShard({ env })).toMatchObject({ index: 1, count: 4, source: 'slurm' });
    expect(resolveShard({ shards: 4, env })).toMatchObject({ index: 1, count: 4 });
    expect(resolveShard({ env: {} })).toBeNull();
  });

  test('--shards without an index is refused rather than running everything', () => {
    const error = refusal(() => resolveShard({ shards: 4, env: {} }));
    expect(error.field).toBe('--shards');
    expect(error.message).toContain('Pass --shard i/4');
  });
});
