/**
 * The sink of a whole or targeted run (cellSink.ts): each cell's block partials folded in block
 * order (cellFold.ts) into its rows, every finished cell checkpointed (checkpoint.ts; with an
 * `outDir`) and its kept replications and answers spooled (keptOutput.ts). Opening it discards
 * stale checkpoints and, with `resume`, takes the finished cells of the same run (a cell
 * checkpointed without the spools asked for now is simulated again). A targeted run's cell whose
 * largest MCSE is still above the target after a batch gets the next batch, up to the cap
 * (targetMcse.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ResultRow } from '../output/resultRow.js';
import { CellFold } from './cellFold.js';
import type { CellSink } from './cellSink.js';
import { CheckpointStore } from './checkpoint.js';
import { blockStates, type ChunkResult } from './chunkOutput.js';
import { attachExpectations } from './expectations.js';
import { formulaRows } from './formulaRows.js';
import { type InvalidIntervalReport, invalidIntervalReports } from './invalidIntervals.js';
import { KeptOutput } from './keptOutput.js';
import type { TargetReport } from './runOptions.js';
import type { RunPlan } from './runPlan.js';
import type { CellPiece } from './simulateCells.js';
import { discardStaleCheckpoints } from './staleCheckpoints.js';
import { largestMcse } from './targetMcse.js';

export class FoldingSink implements CellSink {
  readonly pending: readonly CellPiece[];
  /** Cells taken from checkpoints. */
  readonly resumedCells: number;
  /** Checkpoint files of the same study under another key, discarded. */
  readonly staleCheckpoints: number;
  readonly store: CheckpointStore | undefined;
  readonly kept: KeptOutput | undefined;
  /** The folder of the kept spools: the checkpoints' (kept for resume), else a temporary one. */
  private readonly spoolDir: string | undefined;
  private readonly finished: Map<number, ResultRow[]>;
  private readonly folds = new Map<number, CellFold>();
  private readonly invalid: InvalidIntervalReport[] = [];
  /** A targeted run's replications per cell, and the cells stopped at the cap above the target. */
  private readonly cellReplications: number[];
  private readonly capped: number[] = [];

  constructor(private readonly plan: RunPlan) {
    const { study, simulation, mode, outDir, checkpointKey } = plan;
    if (mode.kind === 'shard') throw new Error('a shard has no folding sink');
    this.store = outDir !== undefined ? new CheckpointStore(outDir, study, checkpointKey) : undefined;
    // Checkpoints of other inputs (or seed, replications, version) are discarded and counted.
    this.staleCheckpoints =
      outDir !== undefined ? discardStaleCheckpoints(outDir, study.name, checkpointKey) : 0;
    if (this.store && !mode.resume) this.store.clear();
    this.finished = this.store && mode.resume ? this.store.load() : new Map<number, ResultRow[]>();
    this.cellReplications = study.cells.map(() => simulation?.replications ?? 0);
    const keep = mode.kind === 'whole' ? mode.keep : {};
    if (simulation && Object.keys(keep).length > 0) {
      this.spoolDir = this.store
        ? join(this.store.directory, 'kept')
        : mkdtempSync(join(tmpdir(), 'evalsim-kept-'));
      this.kept = new KeptOutput(
        {
          study: simulation.study,
          config: plan.config,
          seed: simulation.seed,
          replications: simulation.replications,
          version: plan.version,
          caps: simulation.caps,
        },
        this.spoolDir,
        keep,
        plan.parquet,
      );
      for (const cell of [...this.finished.keys()]) if (!this.kept.hasCell(cell)) this.finished.delete(cell);
    }
    this.resumedCells = this.finished.size;
    this.pending = simulation
      ? study.cells
          .map((cell) => ({ cell: cell.index, start: 0, end: simulation.replications }))
          .filter((piece) => !this.finished.has(piece.cell))
      : [];
  }

  chunk(piece: CellPiece, chunk: ChunkResult): void {
    const simulation = this.plan.simulation!;
    if (chunk.kept) this.kept?.append(piece.cell, chunk.kept);
    let fold = this.folds.get(piece.cell);
    if (!fold) {
      fold = new CellFold(simulation.study, piece.cell, simulation.caps);
      this.folds.set(piece.cell, fold);
    }
    for (const state of blockStates(chunk.partials)) fold.fold(state);
  }

  piece(piece: CellPiece): CellPiece | undefined {
    const { mode, simulation } = this.plan;
    const fold = this.folds.get(piece.cell)!;
    if (mode.kind === 'targeted' && mode.cap !== undefined) {
      this.cellReplications[piece.cell] = piece.end;
      if (largestMcse(fold.rows()) > mode.mcse) {
        if (piece.end < mode.cap)
          return {
            cell: piece.cell,
            start: piece.end,
            end: Math.min(mode.cap, piece.end + simulation!.replications),
          };
        this.capped.push(piece.cell);
      }
    }
    const rows = fold.rows();
    this.invalid.push(...invalidIntervalReports(simulation!.study, piece.cell, fold.invalidIntervals()));
    this.folds.delete(piece.cell);
    this.kept?.finishCell(piece.cell);
    this.finished.set(piece.cell, rows);
    this.store?.save(piece.cell, rows);
    return undefined;
  }

  /** Every cell's rows, with the formula rows and the expectations attached. */
  rows(): ResultRow[] {
    const { study } = this.plan;
    return attachExpectations(
      study,
      study.cells.flatMap((cell) => [
        ...(this.finished.get(cell.index) ?? []),
        ...formulaRows(study, cell.index),
      ]),
    );
  }

  /** The invalid intervals of the cells simulated, by cell, then method. */
  invalidIntervals(): InvalidIntervalReport[] {
    return [...this.invalid].sort((a, b) => a.cell - b.cell || a.method.localeCompare(b.method));
  }

  /** What a targeted run did (undefined for a whole run or a formula study). */
  target(): TargetReport | undefined {
    const { mode } = this.plan;
    return mode.kind === 'targeted' && mode.cap !== undefined
      ? { mcse: mode.mcse, cap: mode.cap, replications: this.cellReplications, capped: this.capped }
      : undefined;
  }

  get keepRecords(): boolean {
    return this.kept !== undefined;
  }

  get keepAnswers(): boolean {
    return this.kept?.keepsAnswers ?? false;
  }

  abandon(): void {
    this.store?.clear();
  }

  /** The run stops early (an interrupt, a failure): its finished cells are written for resume. */
  stopped(): void {
    try {
      this.store?.flush();
    } catch {}
  }

  /** Closes the spools of unfinished cells and removes a temporary spool folder. */
  dispose(): void {
    this.kept?.dispose();
    if (this.spoolDir && !this.store) rmSync(this.spoolDir, { recursive: true, force: true });
  }
}
