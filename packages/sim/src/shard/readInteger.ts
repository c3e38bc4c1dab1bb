import { ShardError } from './shardError.js';

/**
 * A non-negative decimal integer written as text (a flag or an environment variable);
 * anything else — a sign, a fraction, spaces, an empty string, a value beyond
 * 2^53 − 1 — is a {@link ShardError} naming `field` and quoting the value.
 */
export function readInteger(field: string, text: string): number {
  if (!/^[0-9]+$/.test(text)) {
    throw new ShardError(field, `expected a non-negative integer, got ${JSON.stringify(text)}`);
  }
  const value = Number(text);
  if (!Number.isSafeInteger(value)) {
    throw new ShardError(field, `${text} is too large`);
  }
  return value;
}

/** A shard count given as a number (`--shards N`): an integer ≥ 1. */
export function checkShardCount(value: number, field = '--shards'): number {
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new ShardError(field, `expected an integer ≥ 1, got ${String(value)}`);
  }
  return value;
}
