/**
 * A stream's next words fetched in bulk (RandomStream.fillUint32) and handed out one by one:
 * `uint32`, `uniform`, `index` and `bernoulli` give exactly what the same calls on the stream
 * would (the same words in the same order, through the same samplers), without a stream method
 * call and state load/store per word. Words are fetched ahead in batches, so the stream must
 * serve nothing else until the next `start` (the unused tail of the last batch is dropped):
 * use it for a model's or method's whole draw of one replication, whose stream the runner
 * reseeds before any other use.
 */
import type { RandomStream } from '../base/randomStream.js';
import { sampleBernoulli } from './bernoulli.js';
import type { UniformSource } from './source.js';
import { sampleIndex } from './uniformIndex.js';

const TWO_26 = 67108864;
const TWO_NEG_53 = 1.1102230246251565e-16;
/** Words fetched when the first batch runs out. */
const REFILL = 64;

export class PrefetchedWords implements UniformSource {
  private words = new Uint32Array(REFILL);
  private cursor = 0;
  private available = 0;
  private rng: RandomStream | null = null;

  /** Starts at `rng`'s current position, fetching `expected` words (≥ 1) now and more as needed. */
  start(rng: RandomStream, expected: number): void {
    const count = Math.max(1, Math.ceil(expected));
    if (this.words.length < count) this.words = new Uint32Array(count);
    rng.fillUint32(this.words, count);
    this.rng = rng;
    this.cursor = 0;
    this.available = count;
  }

  /** The next word, as `rng.uint32()` would give it. */
  uint32(): number {
    if (this.cursor === this.available) {
      (this.rng as RandomStream).fillUint32(this.words, REFILL);
      this.cursor = 0;
      this.available = REFILL;
    }
    return this.words[this.cursor++];
  }

  /** The next 53-bit uniform, as `rng.uniform()` would give it (SeededStream's two-word rule). */
  uniform(): number {
    const high = this.uint32() >>> 5;
    const low = this.uint32() >>> 6;
    return (high * TWO_26 + low) * TWO_NEG_53;
  }

  /** As `rng.index(n)`. */
  index(n: number): number {
    return sampleIndex(this, n);
  }

  /** As `rng.bernoulli(p)`. */
  bernoulli(p: number): number {
    return sampleBernoulli(this, p);
  }
}
