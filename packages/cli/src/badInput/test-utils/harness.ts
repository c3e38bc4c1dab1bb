/**
 * The bad-input suite's harness: every case runs the CLI in process (runCli) in a scratch
 * folder and must be refused — a non-zero exit, a message naming the field, flag or file
 * (with row and column for data files), no stack trace, no NaN or Infinity printed as a
 * result, and nothing written to the output folder.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { runCli } from '../../cli.js';

/** The repository root (studies/, the stand-in population). */
export const root = fileURLToPath(new URL('../../../../../', import.meta.url));

/**
 * A scratch folder for the suite's files (the CLI runs with it as its working directory). Test
 * files share one module graph per test process (vitest.config.ts, isolate: false), so every
 * bad-input file of a process uses this one; it lies in the test run's temporary folder, which
 * scripts/testSetup.ts removes at the end.
 */
export const scratch = mkdtempSync(join(tmpdir(), 'evalsim-bad-input-'));

/** Writes `content` to `name` in the scratch folder; returns its absolute path. */
export function file(name: string, content: string | Uint8Array): string {
  const path = join(scratch, name);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, content);
  return path;
}

/** A valid study (validated by a test of its own); cases change one thing in it. */
export function baseStudy(): Record<string, unknown> {
  return {
    name: 'bad-input',
    title: 'A study for the bad-input suite',
    seed: 1,
    replications: 20,
    model: { name: 'betaBinomialClusters', params: { p: 0.7, rho: 0.1, clusters: 5 } },
    grid: { m: [2, 3] },
    methods: [
      { id: 'naive', method: 'wald' },
      { id: 'clustered', method: 'clustered', estimator: 'cr1' },
    ],
    metrics: ['coverage', { metric: 'estimateQuantile', id: 'median', q: 0.5 }],
    expectations: [
      {
        cell: { m: 2 },
        method: 'naive',
        metric: 'coverage',
        published: 0.9,
        tolerance: 0.05,
        basis: 'loose',
      },
    ],
  };
}

let count = 0;

/** The base study with `change` applied, written as JSON; returns its path. */
export function study(change: (s: Record<string, unknown>) => void = () => {}): string {
  const s = baseStudy();
  change(s);
  return file(`study-${count++}.json`, JSON.stringify(s, null, 2));
}

/** A fresh output folder path (not created). */
export function outDir(): string {
  return join(scratch, `out-${count++}`);
}

export interface Refusal {
  /** The command line after `evalsim`. */
  readonly args: readonly string[];
  /** What the message must name: a field path, a flag, a file with row and column. */
  readonly names: string | RegExp;
  /** Text that must not appear (e.g. the contents of a file that is not a population). */
  readonly hides?: readonly string[];
}

/** Runs `refusal.args` and checks it is refused as the module comment says. */
export async function expectRefused(refusal: Refusal, out?: string): Promise<void> {
  const result = await runCli([...refusal.args], { cwd: scratch, env: {} });
  const text = `${result.stdout}${result.stderr}`;
  expect(result.exitCode, text).not.toBe(0);
  if (typeof refusal.names === 'string') expect(result.stderr).toContain(refusal.names);
  else expect(result.stderr).toMatch(refusal.names);
  expect(text, 'a stack trace').not.toMatch(/^\s+at\s/m);
  expect(text, 'an internal error name').not.toMatch(/\b(TypeError|RangeError|ReferenceError|SyntaxError)\b/);
  expect(result.stdout, 'a non-finite result').not.toMatch(/\bNaN\b|\bInfinity\b|∞/);
  for (const secret of refusal.hides ?? []) expect(text).not.toContain(secret);
  if (out !== undefined) expect(existsSync(out) ? readdirSync(out) : [], 'files written').toEqual([]);
}
