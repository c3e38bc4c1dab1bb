/**
 * One progress line for a whole `evalsim reproduce` run (on the CLI's status line,
 * format/progressLine.ts): which study, overall replications done, rate and ETA; each
 * finished study's summary line printed above it.
 */
import type { RunProgress } from '@evalsim/sim';
import { createStatusLine } from '../format/progressLine.js';
import type { TextSink } from '../io.js';

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
  stream?: TextSink;
}): OverallProgress {
  const stream = options.stream ?? process.stderr;
  const line = createStatusLine({ stream, quiet: options.quiet });
  const started = Date.now();
  let before = 0;
  let current = 0;
  let index = 0;
  let name = '';
  const draw = (force: boolean) => {
    if (!line.live) return;
    const done = before + current;
    const seconds = (Date.now() - started) / 1000;
    const rate = seconds > 0 ? done / seconds : 0;
    const eta = rate > 0 ? Math.ceil((options.totalReplications - done) / rate) : Number.NaN;
    const n = (x: number) => x.toLocaleString('en-US');
    line.draw(
      `reproduce [${index + 1}/${options.studies}] ${name}  replications ${n(done)}/${n(options.totalReplications)}  ${n(Math.round(rate))}/s  ETA ${Number.isFinite(eta) ? `${eta}s` : '?'}`,
      force,
    );
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
    endStudy(text) {
      before += current;
      current = 0;
      line.clear();
      if (!options.quiet) stream.write(`${text}\n`);
    },
    finish() {
      line.clear();
    },
  };
}
