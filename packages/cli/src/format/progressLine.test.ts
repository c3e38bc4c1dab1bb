import { describe, expect, test } from 'vitest';
import { captureSink } from '../io.js';
import { createProgressLine, describeProgress } from './progressLine.js';

test('progress line: cells, replications, rate and ETA', () => {
  const text = describeProgress({
    study: 'toy',
    cellsDone: 2,
    cellsTotal: 5,
    replicationsDone: 2000,
    replicationsTotal: 5000,
    replicationsRun: 1000,
    elapsedMs: 2000,
  });
  // 1,000 simulated in 2 s → 500/s; 3,000 left → 6 s.
  expect(text).toBe('toy: cells 2/5  replications 2,000/5,000  500/s  ETA 6s');
});

test("progress line numbers are grouped as toLocaleString('en-US') groups them, without ICU", () => {
  const values = [0, 0.4, 7, 999, 999.5, 1000, 12345.6, 999999, 1000000, 123456789, 2 ** 40 + 0.7, 1e15];
  for (const x of values) {
    const text = describeProgress({
      study: 's',
      cellsDone: 0,
      cellsTotal: 1,
      replicationsDone: 0,
      replicationsTotal: x,
      replicationsRun: 0,
      elapsedMs: 0,
    });
    expect(text, String(x)).toContain(`replications 0/${Math.round(x).toLocaleString('en-US')}  `);
  }
});

describe('createProgressLine', () => {
  test('draws on a terminal and clears at the end; silent elsewhere or when quiet', () => {
    const progress = {
      study: 'toy',
      cellsDone: 1,
      cellsTotal: 1,
      replicationsDone: 10,
      replicationsTotal: 10,
      replicationsRun: 10,
      elapsedMs: 1000,
    };
    const terminal = Object.assign(captureSink(), { isTTY: true, columns: 80 });
    const line = createProgressLine({ stream: terminal });
    line.update(progress);
    line.finish();
    expect(terminal.text).toBe(`\r\x1b[2K${describeProgress(progress)}\r\x1b[2K`);
    const pipe = captureSink();
    const silent = createProgressLine({ stream: pipe });
    silent.update(progress);
    silent.finish();
    expect(pipe.text).toBe('');
    const quiet = Object.assign(captureSink(), { isTTY: true });
    createProgressLine({ stream: quiet, quiet: true }).update(progress);
    expect(quiet.text).toBe('');
  });
});
