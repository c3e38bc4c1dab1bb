/**
 * Progress of a run, and a one-line stderr display of it: cells done,
 * replications per second and ETA, redrawn in place. Silent when the stream
 * is not a TTY or when quiet.
 */

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

export interface ProgressLine {
  update(progress: RunProgress): void;
  /** Clears the line. */
  finish(): void;
}

function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  if (seconds < 60) return `${Math.ceil(seconds)}s`;
  const minutes = Math.floor(seconds / 60);
  return minutes < 60
    ? `${minutes}m${String(Math.round(seconds % 60)).padStart(2, '0')}s`
    : `${Math.floor(minutes / 60)}h${String(minutes % 60).padStart(2, '0')}m`;
}

/** The text of the progress line. */
export function describeProgress(progress: RunProgress): string {
  const seconds = progress.elapsedMs / 1000;
  const rate = seconds > 0 ? progress.replicationsRun / seconds : 0;
  const remaining = progress.replicationsTotal - progress.replicationsDone;
  const eta = rate > 0 ? duration(remaining / rate) : '?';
  const n = (x: number) => Math.round(x).toLocaleString('en-US');
  return `${progress.study}: cells ${progress.cellsDone}/${progress.cellsTotal}  replications ${n(progress.replicationsDone)}/${n(progress.replicationsTotal)}  ${n(rate)}/s  ETA ${eta}`;
}

/** A progress line on `stream` (default stderr), redrawn at most every 100 ms. */
export function createProgressLine(
  options: { stream?: NodeJS.WriteStream; quiet?: boolean } = {},
): ProgressLine {
  const stream = options.stream ?? process.stderr;
  if (options.quiet || !stream.isTTY) return { update() {}, finish() {} };
  let last = 0;
  let drawn = false;
  return {
    update(progress) {
      const now = Date.now();
      const finished = progress.cellsDone === progress.cellsTotal;
      if (!finished && now - last < 100) return;
      last = now;
      const columns = stream.columns ?? 100;
      stream.write(`\r\x1b[2K${describeProgress(progress).slice(0, columns - 1)}`);
      drawn = true;
    },
    finish() {
      if (drawn) stream.write('\r\x1b[2K');
      drawn = false;
    },
  };
}
