/**
 * One progress line for a whole `evalsim reproduce` run (on the CLI's status line,
 * format/progressLine.ts): which studies run now (up to one per lane, runInLanes.ts), overall
 * replications done, rate and ETA; each finished study's summary line printed above it, in the
 * studies' order whichever finishes first.
 */
import type { RunProgress } from '@evalsim/sim';
import { createStatusLine } from '../format/progressLine.js';
import type { TextSink } from '../io.js';

export interface OverallProgress {
  startStudy(index: number, name: string): void;
  update(index: number, progress: RunProgress): void;
  /** Study `index` ended with summary `line` (printed once every earlier study's is). */
  endStudy(index: number, line: string): void;
  /** Clears the line and prints the summaries still held (an interrupted run's). */
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
  const running = new Map<number, { name: string; done: number }>();
  const held = new Map<number, string>();
  let printed = 0;
  const print = (text: string) => {
    if (!options.quiet) stream.write(`${text}\n`);
  };
  const draw = (force: boolean) => {
    if (!line.live || running.size === 0) return;
    let done = before;
    for (const study of running.values()) done += study.done;
    const seconds = (Date.now() - started) / 1000;
    const rate = seconds > 0 ? done / seconds : 0;
    const eta = rate > 0 ? Math.ceil((options.totalReplications - done) / rate) : Number.NaN;
    const n = (x: number) => x.toLocaleString('en-US');
    const indices = [...running.keys()].sort((a, b) => a - b);
    const names = indices.map((i) => running.get(i)!.name).join(' + ');
    line.draw(
      `reproduce [${indices[0] + 1}/${options.studies}] ${names}  replications ${n(done)}/${n(options.totalReplications)}  ${n(Math.round(rate))}/s  ETA ${Number.isFinite(eta) ? `${eta}s` : '?'}`,
      force,
    );
  };
  return {
    startStudy(index, name) {
      running.set(index, { name, done: 0 });
      draw(true);
    },
    update(index, progress) {
      const study = running.get(index);
      if (study) study.done = progress.replicationsDone;
      draw(false);
    },
    endStudy(index, text) {
      before += running.get(index)?.done ?? 0;
      running.delete(index);
      held.set(index, text);
      line.clear();
      for (let next = held.get(printed); next !== undefined; next = held.get(printed)) {
        held.delete(printed++);
        print(next);
      }
      draw(true);
    },
    finish() {
      line.clear();
      for (const index of [...held.keys()].sort((a, b) => a - b)) print(held.get(index)!);
      held.clear();
    },
  };
}
