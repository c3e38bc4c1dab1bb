/**
 * MurmurHash3_x86_32 (Appleby 2011, SMHasher) on whole 32-bit words, used to
 * turn (cell key, replication) into generator state. Each 32-bit input word is
 * one 4-byte little-endian block of the message; the finalizer `fmix32` is the
 * avalanche step (every input bit flips each output bit with probability ≈ 1/2).
 */

/** Murmur3 finalizer: h ^= h>>>16; h *= 0x85ebca6b; h ^= h>>>13; h *= 0xc2b2ae35; h ^= h>>>16. Returns int32. */
export function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** Mix one 4-byte block `k` into the running hash `h` (Murmur3 body). Returns int32. */
export function murmur3Block(h: number, k: number): number {
  k = Math.imul(k, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  k = Math.imul(k, 0x1b873593);
  h ^= k;
  h = (h << 13) | (h >>> 19);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}

/**
 * MurmurHash3_x86_32 of the 12-byte message (w0, w1, w2) (each word little-endian)
 * with the given 32-bit seed, as a signed 32-bit integer (the same bits as
 * {@link murmur3Words3}; a hot caller that wants int32 gets a small integer, never a boxed number).
 */
export function murmur3Words3Int32(w0: number, w1: number, w2: number, seed: number): number {
  let h = murmur3Block(seed | 0, w0);
  h = murmur3Block(h, w1);
  h = murmur3Block(h, w2);
  return fmix32(h ^ 12);
}

/**
 * MurmurHash3_x86_32 of the 12-byte message (w0, w1, w2) (each word little-endian)
 * with the given 32-bit seed. Returns an unsigned 32-bit integer.
 */
export function murmur3Words3(w0: number, w1: number, w2: number, seed: number): number {
  return murmur3Words3Int32(w0, w1, w2, seed) >>> 0;
}
