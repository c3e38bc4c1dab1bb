import { checkShardCount, readInteger } from './readInteger.js';
import { ShardError } from './shardError.js';

/** One slice of a sharded run: shard `index` of `count`, numbered from 0. */
export interface ShardSpec {
  /** 0 ≤ index < count. */
  readonly index: number;
  /** Number of shards, ≥ 1. */
  readonly count: number;
}

/**
 * Parses `--shard i/N` (0 ≤ i < N, both decimal integers, shards numbered from 0).
 * Every refusal is a {@link ShardError} naming `--shard`; `i = N` gets a hint that the
 * numbering starts at 0.
 */
export function parseShardSpec(text: string, field = '--shard'): ShardSpec {
  const match = /^([^/]*)\/([^/]*)$/.exec(text);
  if (!match) {
    throw new ShardError(
      field,
      `expected i/N (shard i of N, from 0/N to (N−1)/N), got ${JSON.stringify(text)}`,
    );
  }
  const index = readInteger(`${field} (i in i/N)`, match[1]!);
  const count = checkShardCount(readInteger(`${field} (N in i/N)`, match[2]!), `${field} (N in i/N)`);
  if (index >= count) {
    throw new ShardError(
      field,
      `${text}: shards are numbered from 0, so i must be below ${count} (0/${count} … ${count - 1}/${count})`,
    );
  }
  return { index, count };
}

/** `i/N`, the inverse of {@link parseShardSpec}. */
export function formatShardSpec(shard: ShardSpec): string {
  return `${shard.index}/${shard.count}`;
}
