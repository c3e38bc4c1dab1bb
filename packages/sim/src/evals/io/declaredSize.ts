/**
 * The sizes a compressed ZIP member is decoded against: the uncompressed size its central
 * directory entry declares, which decoding may not pass (zstdDecode.ts, inflateBounded.ts stop
 * one chunk past it at most and refuse), and a cap on what any member may declare, so that a
 * log cannot make the importer allocate more than {@link MAX_MEMBER_BYTES} for one member.
 */

/** The most bytes one member may declare: 1 GiB (inspect_ai's largest members, summaries.json, are tens of MB). */
export const MAX_MEMBER_BYTES = 1 << 30;

/** A member that decodes to more, or fewer, bytes than it declares. */
export class DeclaredSizeMismatch extends Error {
  constructor(
    readonly declared: number,
    readonly decoded?: number,
  ) {
    super(
      decoded === undefined
        ? `decodes to more than its declared size of ${declared} bytes (refused there)`
        : `decodes to ${decoded} bytes, not its declared ${declared}`,
    );
  }
}
