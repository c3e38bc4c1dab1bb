/**
 * The suite's own measure: outcomeOf classifies a run as clear, silent, trace, hang or unclear
 * (each class reachable: these cases fail if the classifier calls a bad outcome clear), and
 * summarizeTally sums the tally's lines into the totals `node scripts/bad-input-tally.mjs` prints.
 */
import { describe, expect, it } from 'vitest';
import { outcomeOf, type RunResult } from './test-utils/harness.js';
import { summarizeTally } from './test-utils/tally.js';

const refused = (stderr: string, rest: Partial<RunResult> = {}): RunResult => ({
  exitCode: 2,
  stdout: '',
  stderr,
  timedOut: false,
  ...rest,
});
const refusal = { names: /--out x: it is under \/proc/, hides: ['hunter2'] };

describe('outcomeOf', () => {
  it.each([
    ['clear', refused('evalsim: --out x: it is under /proc, a pseudo file system\n')],
    ['silent', refused('', { exitCode: 0, stdout: 'wrote x\n' })],
    ['trace', refused('TypeError: Cannot read properties of null\n    at f (x.js:1:1)\n')],
    ['hang', refused('', { exitCode: -1, timedOut: true })],
    ['unclear', refused('evalsim: ENOENT: no such file or directory\n')],
    ['unclear', refused('evalsim: --out x: it is under /proc (root:x:hunter2)\n')],
  ])('%s', (outcome, result) => {
    expect(outcomeOf(result, refusal).outcome).toBe(outcome);
  });

  it('files written make a refusal unclear; a report on stdout counts when the command reports there', () => {
    const clear = refused('evalsim: --out x: it is under /proc\n');
    expect(outcomeOf(clear, refusal, ['x.arrow'])).toEqual({
      outcome: 'unclear',
      why: 'files written: x.arrow',
    });
    const check = { exitCode: 1, stdout: '  - --out x: it is under /proc\n', stderr: '', timedOut: false };
    expect(outcomeOf(check, refusal).outcome).toBe('unclear');
    expect(outcomeOf(check, { ...refusal, reportsOnStdout: true }).outcome).toBe('clear');
  });
});

describe('summarizeTally', () => {
  it('sums the lines of every test process', () => {
    const line = (file: string, outcome: string) => JSON.stringify({ file, name: 'n', outcome, why: '' });
    const totals = summarizeTally(
      [
        line('a.test.ts', 'clear'),
        line('a.test.ts', 'hang'),
        line('b.test.ts', 'clear'),
        line('b.test.ts', 'silent'),
        '',
      ].join('\n'),
    );
    expect(totals).toMatchObject({ tried: 4, clear: 2, silent: 1, traces: 0, hangs: 1, unclear: 0 });
    expect(totals.byFile).toEqual({ 'a.test.ts': 2, 'b.test.ts': 2 });
    expect(totals.notClear.map((l) => l.outcome)).toEqual(['hang', 'silent']);
  });
});
