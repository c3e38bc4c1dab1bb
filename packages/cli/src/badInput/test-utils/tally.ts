/**
 * The bad-input suite's tally: one JSON line per case run through the harness — the test file,
 * the case, its outcome and why — appended to EVALSIM_BAD_INPUT_TALLY (default
 * `<tmpdir>/evalsim-bad-input-tally.jsonl`, the test run's own temporary folder), from every test
 * process; `summarizeTally` sums a tally file into the totals the suite reports (tried, clear,
 * silent, traces, hangs, unclear), which `node scripts/bad-input-tally.mjs` prints.
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { expect } from 'vitest';

export const OUTCOMES = ['clear', 'silent', 'trace', 'hang', 'unclear'] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** Where outcomes are appended. */
export function tallyFile(): string {
  return process.env.EVALSIM_BAD_INPUT_TALLY ?? join(tmpdir(), 'evalsim-bad-input-tally.jsonl');
}

/** Appends a case's outcome (the current test file is taken from vitest). */
export function recordOutcome(name: string, outcome: Outcome, why: string): void {
  const test = expect.getState().testPath;
  const line = { file: test ? basename(test) : '?', name, outcome, why };
  appendFileSync(tallyFile(), `${JSON.stringify(line)}\n`);
}

export interface TallyTotals {
  readonly tried: number;
  readonly clear: number;
  readonly silent: number;
  readonly traces: number;
  readonly hangs: number;
  readonly unclear: number;
  /** Cases per test file. */
  readonly byFile: Readonly<Record<string, number>>;
  /** The cases that were not clear, with why. */
  readonly notClear: readonly { file: string; name: string; outcome: Outcome; why: string }[];
}

/** The totals of a tally file's lines. */
export function summarizeTally(text: string): TallyTotals {
  const lines = text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { file: string; name: string; outcome: Outcome; why: string });
  const count = (outcome: Outcome) => lines.filter((l) => l.outcome === outcome).length;
  const byFile: Record<string, number> = {};
  for (const line of lines) byFile[line.file] = (byFile[line.file] ?? 0) + 1;
  return {
    tried: lines.length,
    clear: count('clear'),
    silent: count('silent'),
    traces: count('trace'),
    hangs: count('hang'),
    unclear: count('unclear'),
    byFile,
    notClear: lines.filter((l) => l.outcome !== 'clear'),
  };
}

/** The totals of the tally file, or undefined when there is none. */
export function readTally(path = tallyFile()): TallyTotals | undefined {
  return existsSync(path) ? summarizeTally(readFileSync(path, 'utf8')) : undefined;
}
