/** Progress of a run, reported by runStudy after every chunk (the CLI draws it). */
import { performance } from 'node:perf_hooks';

export interface RunProgress {
  readonly study: string;
  readonly cellsDone: number;
  readonly cellsTotal: number;
  /** Replications of the model simulated so far (over all cells), including resumed cells. */
  readonly replicationsDone: number;
  readonly replicationsTotal: number;
  /** Replications simulated in this process (excludes resumed cells; the rate uses these). */
  readonly replicationsRun: number;
  readonly elapsedMs: number;
}

/** The counts a run starts from: its cells and replications, and those done already (resumed). */
export interface ProgressStart {
  readonly cellsDone: number;
  readonly cellsTotal: number;
  readonly replicationsDone: number;
  readonly replicationsTotal: number;
}

/** Counts a run's progress and reports it to `report` (nothing when undefined). */
export class ProgressCounter {
  private cellsDone: number;
  private replicationsDone: number;
  private replicationsTotal: number;
  private replicationsRun = 0;
  private readonly cellsTotal: number;
  private readonly started = performance.now();

  constructor(
    private readonly study: string,
    start: ProgressStart,
    private readonly report: ((progress: RunProgress) => void) | undefined,
  ) {
    this.cellsDone = start.cellsDone;
    this.replicationsDone = start.replicationsDone;
    this.replicationsTotal = start.replicationsTotal;
    this.cellsTotal = start.cellsTotal;
  }

  /** `count` more replications simulated. */
  simulated(count: number): void {
    this.replicationsDone += count;
    this.replicationsRun += count;
  }

  /** A targeted run's cell gets another batch of `count` replications. */
  extended(count: number): void {
    this.replicationsTotal += count;
  }

  /** A cell (a shard's piece) is done. */
  finished(): void {
    this.cellsDone++;
  }

  /** Every cell is done (a formula study). */
  finishedAll(): void {
    this.cellsDone = this.cellsTotal;
  }

  /** Reports the counts now. */
  tell(): void {
    this.report?.({
      study: this.study,
      cellsDone: this.cellsDone,
      cellsTotal: this.cellsTotal,
      replicationsDone: this.replicationsDone,
      replicationsTotal: this.replicationsTotal,
      replicationsRun: this.replicationsRun,
      elapsedMs: performance.now() - this.started,
    });
  }
}
