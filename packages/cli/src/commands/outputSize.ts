/**
 * A warning before a command writes a large file: the size is estimated before any work (from
 * the study, e.g. sim's answersFileBytes) and said, with what makes it smaller, when it passes
 * LARGE_OUTPUT_BYTES — a leaderboard export of every answer reaches hundreds of MB at the
 * defaults a README example uses.
 */
import type { CliIo } from '../io.js';

/** Past this many bytes (100 MB), a command says how much it is about to write. */
export const LARGE_OUTPUT_BYTES = 100e6;

/** `bytes` as MB (10^6) or GB, three significant digits. */
export function formatBytes(bytes: number): string {
  return bytes >= 1e9
    ? `${Number((bytes / 1e9).toPrecision(3))} GB`
    : `${Number((bytes / 1e6).toPrecision(3))} MB`;
}

/** Warns on stderr when `bytes` passes LARGE_OUTPUT_BYTES: `<label>: about N MB of <what>; <smaller>`. */
export function warnLargeOutput(
  io: CliIo,
  label: string,
  bytes: number,
  what: string,
  smaller: string,
): void {
  if (bytes > LARGE_OUTPUT_BYTES)
    io.stderr.write(
      `warning: ${label}: about ${formatBytes(bytes)} of ${what} will be written; ${smaller}\n`,
    );
}
