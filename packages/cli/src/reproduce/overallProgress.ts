/**
 * One progress line for a whole `evalsim reproduce` run: which study, overall
 * replications done, rate and ETA. Silent when stderr is not a TTY or quiet.
 */
import type { RunProgress } from '@evalsim/sim';

export interface OverallProgress {
  startStudy(index: number, name: string, replications: number): void;
  update(progress: RunProgress): void;
  endStudy(line: string): void;
  finish(): void;
}

export function createOverallProgress(options: {
  studies: number;
  totalReplications: number;
  quiet: boolean;
  stream?: NodeJS.WriteStream;
}): OverallProgress {
  const stream = options.stream ?? process.stderr;
  const live = !options.quiet && stream.isTTY === true;
  const started = Date.now();
  let before = 0;
  let current = 0;
  let index = 0;
  let name = '';
  let last = 0;
  const draw = (force: boolean) => {
    if (!live) return;
    const now = Date.now();
    if (!force && now - last < 100) return;
    last = now;
    const done = before + current;
    const seconds = (now - started) / 1000;
    const rate = seconds > 0 ? done / seconds : 0;
    const eta = rate > 0 ? Math.ceil((options.totalReplications - done) / rate) : Number.NaN;
    const text = `reproduce [${index + 1}/${options.studies}] ${name}  replications ${done.toLocaleString('en-US')}/${options.totalReplications.toLocaleString('en-US')}  ${Math.round(rate).toLocaleString('en-US')}/s  ETA ${Number.isFinite(eta) ? `${eta}s` : '?'}`;
    stream.write(`\r\x1b[2K${text.slice(0, (stream.columns ?? 100) - 1)}`);
  };
  return {
    startStudy(i, studyName) {
      index = i;
      name = studyName;
      current = 0;
      draw(true);
    },
    update(progress) {
      current = progress.replicationsDone;
      draw(false);
    },
    endStudy(line) {
      before += current;
      current = 0;
      if (live) stream.write('\r\x1b[2K');
      if (!options.quiet) stream.write(`${line}\n`);
    },
    finish() {
      if (live) stream.write('\r\x1b[2K');
    },
  };
}
