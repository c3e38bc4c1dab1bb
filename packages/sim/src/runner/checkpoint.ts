/**
 * Per-cell checkpoints: when a grid cell finishes, its rows are written to
 * `<out>/.checkpoints/<study>-<hash>/cell-<i>.json` (temp file + rename). The
 * hash covers the study's inputDigest (config, the bytes of every file the run reads:
 * user modules and their local imports, data files), the
 * effective seed and replication count, the chunk-independent evalsim
 * version — so `--resume` only ever reuses cells of the very same run.
 * Numbers round-trip exactly (JSON keeps the shortest exact decimal; NaN,
 * ±Infinity and −0 are written as strings), so a resumed run writes the same
 * bytes as an uninterrupted one.
 *
 * Writes are behind by at most {@link CHECKPOINT_INTERVAL_MS}: a finished cell is written at once
 * when the store's last write (or its start) is at least that long ago, else it waits for the next
 * cell past that mark or for {@link CheckpointStore.flush}, which a run that stops early (an
 * interrupt, a failure) calls before it rejects. A study that ends sooner writes none: its
 * checkpoints would be deleted with the results written (a file written and deleted per cell,
 * on the thread that hands out work). A crash loses at most that interval's cells.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Study } from '../config/study.js';
import { writeFileAtomic } from '../output/atomicWrite.js';
import type { ResultRow } from '../output/resultRow.js';

type StoredNumber = number | string;

interface StoredRow {
  readonly method: string;
  readonly metric: string;
  readonly value: StoredNumber;
  readonly mcse: StoredNumber;
  readonly replications: number;
  readonly degenerate: number;
}

interface StoredCell {
  readonly study: string;
  readonly key: string;
  readonly cell: number;
  readonly rows: readonly StoredRow[];
}

function encode(x: number): StoredNumber {
  if (Object.is(x, -0)) return '-0';
  return Number.isFinite(x) ? x : String(x);
}

function decode(x: StoredNumber): number {
  return typeof x === 'number' ? x : Number(x);
}

/** Hash naming a run's checkpoint directory. */
export function checkpointKey(
  study: Study,
  seed: number | undefined,
  replications: number | undefined,
  version: string,
  targetMcse?: number,
  maxReplications?: number,
): string {
  // A targeted run's key adds the target and cap; a plain run's key is as before.
  const target = targetMcse === undefined ? [] : [targetMcse, maxReplications ?? null];
  return createHash('sha256')
    .update(JSON.stringify([study.inputDigest, seed ?? null, replications ?? null, version, ...target])) // every input's bytes (issue 8 item 1)
    .digest('hex')
    .slice(0, 16);
}

/** The longest a finished cell waits to be written (see the module comment). */
export const CHECKPOINT_INTERVAL_MS = 500;

export class CheckpointStore {
  readonly directory: string;
  /** Finished cells not written yet, in the order they finished. */
  private readonly pending = new Map<number, readonly ResultRow[]>();
  private lastWrite = performance.now();

  constructor(
    outDir: string,
    private readonly study: Study,
    private readonly key: string,
    private readonly intervalMs = CHECKPOINT_INTERVAL_MS,
  ) {
    this.directory = join(outDir, '.checkpoints', `${study.name}-${key}`);
  }

  private file(cell: number): string {
    return join(this.directory, `cell-${cell}.json`);
  }

  /** Saves a finished cell's rows: now, with any waiting, when the interval has passed since the last write. */
  save(cell: number, rows: readonly ResultRow[]): void {
    this.pending.set(cell, rows);
    if (performance.now() - this.lastWrite >= this.intervalMs) this.flush();
  }

  /** Writes every finished cell not written yet. */
  flush(): void {
    for (const [cell, rows] of this.pending) {
      this.write(cell, rows);
      this.pending.delete(cell);
    }
    this.lastWrite = performance.now();
  }

  private write(cell: number, rows: readonly ResultRow[]): void {
    const stored: StoredCell = {
      study: this.study.name,
      key: this.key,
      cell,
      rows: rows.map((row) => ({
        method: row.method,
        metric: row.metric,
        value: encode(row.value),
        mcse: encode(row.mcse),
        replications: row.replications,
        degenerate: row.degenerate,
      })),
    };
    writeFileAtomic(this.file(cell), JSON.stringify(stored));
  }

  /** The finished cells on disk (unreadable or foreign files are ignored, so that cell reruns). */
  load(): Map<number, ResultRow[]> {
    const found = new Map<number, ResultRow[]>();
    if (!existsSync(this.directory)) return found;
    for (const name of readdirSync(this.directory)) {
      const match = /^cell-(\d+)\.json$/.exec(name);
      if (!match) continue;
      try {
        const stored = JSON.parse(readFileSync(join(this.directory, name), 'utf8')) as StoredCell;
        const cell = Number(match[1]);
        if (stored.key !== this.key || stored.cell !== cell || cell >= this.study.cells.length) continue;
        const params = this.study.cells[cell].point;
        found.set(
          cell,
          stored.rows.map((row) => ({
            cell,
            params,
            method: row.method,
            metric: row.metric,
            value: decode(row.value),
            mcse: decode(row.mcse),
            replications: row.replications,
            degenerate: row.degenerate,
            published: null,
            tolerance: null,
            within: null,
          })),
        );
      } catch {
        // A torn or foreign file: ignore it and recompute the cell.
      }
    }
    return found;
  }

  /** Removes this run's checkpoints, written or waiting (after the results are written, or before a fresh run). */
  clear(): void {
    this.pending.clear();
    rmSync(this.directory, { recursive: true, force: true });
    try {
      rmdirSync(dirname(this.directory)); // `.checkpoints` itself, when no other run left checkpoints
    } catch {
      // not empty, or already gone
    }
  }
}
