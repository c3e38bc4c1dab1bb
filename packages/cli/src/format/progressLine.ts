/**
 * The one progress line of the CLI: a status line on stderr (default), redrawn in place
 * at most every 100 ms and cleared at the end; silent when the stream is not a TTY or when
 * quiet. `createProgressLine` shows one study's run (cells done, replications per second
 * and ETA); `evalsim reproduce` draws its own text for all studies on the same line.
 */
import type { RunProgress } from '@evalsim/sim/run';
import type { TextSink } from '../io.js';

export interface StatusLine {
  /** Redraws the line with `text` (skipped within 100 ms of the last draw unless `force`). */
  draw(text: string, force?: boolean): void;
  /** Clears the line. */
  clear(): void;
  /** False when nothing is drawn (not a TTY, or quiet). */
  readonly live: boolean;
}

export interface ProgressLine {
  update(progress: RunProgress): void;
  /** Clears the line. */
  finish(): void;
}

/** A status line on `stream` (default stderr). */
export function createStatusLine(options: { stream?: TextSink; quiet?: boolean } = {}): StatusLine {
  const stream = options.stream ?? process.stderr;
  const live = !options.quiet && stream.isTTY === true;
  let last = 0;
  let drawn = false;
  return {
    live,
    draw(text, force = false) {
      if (!live) return;
      const now = Date.now();
      if (!force && now - last < 100) return;
      last = now;
      stream.write(`\r\x1b[2K${text.slice(0, (stream.columns ?? 100) - 1)}`);
      drawn = true;
    },
    clear() {
      if (drawn) stream.write('\r\x1b[2K');
      drawn = false;
    },
  };
}

function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  if (seconds < 60) return `${Math.ceil(seconds)}s`;
  const minutes = Math.floor(seconds / 60);
  return minutes < 60
    ? `${minutes}m${String(Math.round(seconds % 60)).padStart(2, '0')}s`
    : `${Math.floor(minutes / 60)}h${String(minutes % 60).padStart(2, '0')}m`;
}

/**
 * `x` rounded, its thousands separated by commas (`12,345`), as `toLocaleString('en-US')` writes
 * a finite number: without loading ICU's number formatting, which a progress line does not need.
 */
function n(x: number): string {
  return String(Math.round(x)).replace(/\B(?=(\d{3})+$)/g, ',');
}

/** The text of one study's progress line. */
export function describeProgress(progress: RunProgress): string {
  const seconds = progress.elapsedMs / 1000;
  const rate = seconds > 0 ? progress.replicationsRun / seconds : 0;
  const remaining = progress.replicationsTotal - progress.replicationsDone;
  const eta = rate > 0 ? duration(remaining / rate) : '?';
  return `${progress.study}: cells ${progress.cellsDone}/${progress.cellsTotal}  replications ${n(progress.replicationsDone)}/${n(progress.replicationsTotal)}  ${n(rate)}/s  ETA ${eta}`;
}

/** A progress line for one study's run. */
export function createProgressLine(options: { stream?: TextSink; quiet?: boolean } = {}): ProgressLine {
  const line = createStatusLine(options);
  return {
    update(progress) {
      // Described only when drawn: a quiet or piped run never formats it.
      if (line.live) line.draw(describeProgress(progress), progress.cellsDone === progress.cellsTotal);
    },
    finish() {
      line.clear();
    },
  };
}
