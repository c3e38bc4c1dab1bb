/**
 * A set of (question code, epoch) pairs, for spotting a sample logged twice: a bitmap of
 * 64 epochs per question code for the usual small codes and epochs (one bit test per
 * sample, nothing allocated per sample), a Set of strings for anything else.
 */
export class SamplePairs {
  private bits = new Uint8Array(0);
  private readonly other = new Set<string>();

  /** Adds the pair; false when it was already there. */
  add(question: number, epoch: number): boolean {
    if (question >= 0 && question < 1 << 24 && epoch >= 0 && epoch < 64) {
      const key = question * 64 + epoch;
      const byte = key >>> 3;
      if (byte >= this.bits.length) {
        const grown = new Uint8Array(Math.max(1024, 2 * this.bits.length, byte + 1));
        grown.set(this.bits);
        this.bits = grown;
      }
      const bit = 1 << (key & 7);
      if (this.bits[byte] & bit) return false;
      this.bits[byte] |= bit;
      return true;
    }
    const key = `${question}:${epoch}`;
    if (this.other.has(key)) return false;
    this.other.add(key);
    return true;
  }
}
