/** Progress of a run, reported by runStudy after every chunk (the CLI draws it). */
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
