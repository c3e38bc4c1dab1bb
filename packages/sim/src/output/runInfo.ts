/**
 * The `.runs/<study>.run.json` sidecar: what varies from run to run (wall time,
 * worker count, machine), kept out of the Arrow file so that file's bytes
 * depend only on the study, its seed and its replication count, and in a
 * dot-directory of the output directory so a committed results/ stays clean
 * (results/.runs/ is git-ignored).
 */
import { cpus } from 'node:os';
import { writeFileAtomic } from './atomicWrite.js';

/** Subdirectory of an output directory that holds the run-info sidecars. */
export const RUN_INFO_DIR = '.runs';

export interface RunInfo {
  readonly study: string;
  readonly startedAt: string;
  readonly wallTimeSeconds: number;
  readonly workers: number;
  readonly chunkSize: number;
  readonly seed?: number;
  readonly replications?: number;
  /** Cells taken from checkpoints by --resume. */
  readonly resumedCells: number;
  /** Methods that gave invalid intervals (counted as degenerate), per cell with the first replication. */
  readonly invalidIntervals?: readonly object[];
  readonly evalsimVersion: string;
  readonly node: string;
  readonly cpu: string;
}

/** The machine line recorded in run info. */
export function machineDescription(): string {
  const list = cpus();
  return `${list.length} × ${list[0]?.model.trim() ?? 'unknown CPU'}`;
}

/** `info` as the sidecar's text (pretty JSON). */
export function runInfoText(info: RunInfo): string {
  return `${JSON.stringify(info, null, 2)}\n`;
}

/** Writes `info` as pretty JSON, atomically. */
export function writeRunInfo(path: string, info: RunInfo): void {
  writeFileAtomic(path, runInfoText(info));
}
