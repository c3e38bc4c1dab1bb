import { describe, expect, test } from 'vitest';
import { checkShardCount, readInteger } from './readInteger.js';
import { ShardError } from './shardError.js';
import { formatShardSpec, parseShardSpec } from './shardSpec.js';

describe('parseShardSpec', () => {
  test('i/N with 0 ≤ i < N', () => {
    expect(parseShardSpec('0/1')).toEqual({ index: 0, count: 1 });
    expect(parseShardSpec('3/4')).toEqual({ index: 3, count: 4 });
    expect(parseShardSpec('63/64')).toEqual({ index: 63, count: 64 });
    expect(parseShardSpec('007/10')).toEqual({ index: 7, count: 10 });
    expect(formatShardSpec(parseShardSpec('5/9'))).toBe('5/9');
  });

  test.each([
    ['4/4', '--shard: 4/4: shards are numbered from 0, so i must be below 4 (0/4 … 3/4)'],
    ['1/0', '--shard (N in i/N): expected an integer ≥ 1, got 0'],
    ['-1/4', '--shard (i in i/N): expected a non-negative integer, got "-1"'],
    ['1.0/4', '--shard (i in i/N): expected a non-negative integer, got "1.0"'],
    [' 1/4', '--shard (i in i/N): expected a non-negative integer, got " 1"'],
    ['1/4 ', '--shard (N in i/N): expected a non-negative integer, got "4 "'],
    ['/4', '--shard (i in i/N): expected a non-negative integer, got ""'],
    ['2', '--shard: expected i/N (shard i of N, from 0/N to (N−1)/N), got "2"'],
    ['1/2/3', '--shard: expected i/N (shard i of N, from 0/N to (N−1)/N), got "1/2/3"'],
    ['1/99999999999999999999', '--shard (N in i/N): 99999999999999999999 is too large'],
  ])('refuses %j naming --shard', (text, message) => {
    const error = (() => {
      try {
        parseShardSpec(text);
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(ShardError);
    expect((error as ShardError).message).toBe(message);
    expect((error as ShardError).field.startsWith('--shard')).toBe(true);
  });

  test('readInteger and checkShardCount name their field', () => {
    expect(readInteger('X', '12')).toBe(12);
    expect(() => readInteger('X', '0x1')).toThrow('X: expected a non-negative integer, got "0x1"');
    expect(checkShardCount(3)).toBe(3);
    expect(() => checkShardCount(2.5)).toThrow('--shards: expected an integer ≥ 1, got 2.5');
    expect(() => checkShardCount(Number.NaN, '--cpus')).toThrow('--cpus: expected an integer ≥ 1, got NaN');
  });
});
