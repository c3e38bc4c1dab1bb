/**
 * A byte buffer reused from one read to the next, grown (never shrunk) to the largest size
 * asked for. Writing into memory the process already touched is several times cheaper than
 * into a fresh allocation, where every 4 KiB page costs a page fault (on a virtual machine,
 * enough to make inflating inspect_ai's summaries.json mostly kernel time).
 * A view handed out by `take` is valid only until the next `take` on the same scratch.
 */
export class ScratchBuffer {
  private buffer: Buffer = Buffer.alloc(0);

  /** A view of exactly `length` bytes (contents unspecified), valid until the next take. */
  take(length: number): Buffer {
    if (!Number.isSafeInteger(length) || length < 0)
      throw new RangeError(`ScratchBuffer.take: length ${length} is not a non-negative integer`);
    if (length > this.buffer.length) {
      // An eighth more than asked, so that the next, slightly larger log does not reallocate
      // (and touch fresh memory again); pages never written cost nothing.
      this.buffer = Buffer.allocUnsafeSlow(length + Math.ceil(length / 8));
    }
    return this.buffer.subarray(0, length);
  }
}

/**
 * The scratch buffers of ZIP reads: a member's compressed bytes and inflated ones, and an
 * archive's central directory (which an open archive keeps: one archive at a time).
 */
export interface MemberScratch {
  readonly raw: ScratchBuffer;
  readonly out: ScratchBuffer;
  readonly directory: ScratchBuffer;
}

/** Fresh scratch buffers (one set per thread and import). */
export function memberScratch(): MemberScratch {
  return { raw: new ScratchBuffer(), out: new ScratchBuffer(), directory: new ScratchBuffer() };
}
