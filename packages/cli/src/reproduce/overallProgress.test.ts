import type { RunProgress } from '@evalsim/sim';
import { describe, expect, it } from 'vitest';
import { createOverallProgress } from './overallProgress.js';

const progressOf = (replicationsDone: number) => ({ replicationsDone }) as RunProgress;

describe('reproduce progress', () => {
  it('prints the summaries in the studies’ order whichever study ends first; the line names both running', () => {
    const written: string[] = [];
    const stream = { isTTY: true, columns: 200, write: (text: string) => written.push(text) };
    const progress = createOverallProgress({ studies: 3, totalReplications: 300, quiet: false, stream });
    progress.startStudy(0, 'first');
    progress.startStudy(1, 'second');
    expect(written.join('')).toContain('reproduce [1/3] first + second  replications 0/300');
    progress.update(1, progressOf(100));
    progress.endStudy(1, 'second done');
    progress.startStudy(2, 'third');
    expect(written.join('')).toContain('reproduce [1/3] first + third  replications 100/300');
    expect(written.join('')).not.toContain('second done');
    progress.endStudy(0, 'first done');
    progress.endStudy(2, 'third done');
    progress.finish();
    const lines = written
      .join('')
      .replaceAll('\u001b[2K', '')
      .split(/[\r\n]/)
      .filter((line) => line.endsWith('done'));
    expect(lines).toEqual(['first done', 'second done', 'third done']);
  });

  it('prints what an interrupted run held back, in order, and nothing when quiet', () => {
    const written: string[] = [];
    const stream = { write: (text: string) => written.push(text) };
    const progress = createOverallProgress({ studies: 3, totalReplications: 3, quiet: false, stream });
    progress.endStudy(2, 'third done');
    progress.endStudy(1, 'second done');
    expect(written).toEqual([]);
    progress.finish();
    expect(written).toEqual(['second done\n', 'third done\n']);
    const silent: string[] = [];
    const quiet = createOverallProgress({
      studies: 1,
      totalReplications: 1,
      quiet: true,
      stream: { write: (t: string) => silent.push(t) },
    });
    quiet.startStudy(0, 'only');
    quiet.endStudy(0, 'only done');
    quiet.finish();
    expect(silent).toEqual([]);
  });
});
