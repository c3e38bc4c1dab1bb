/**
 * The bad-input suite's harness: every case runs the CLI in process (runCli) in a scratch
 * folder — or, when it could block a process (a FIFO, a stuck method), the built bundle as a
 * child process with a time limit — and must be refused: a non-zero exit, a message naming the
 * field, flag or file (with row and column for data files), no stack trace, no NaN or Infinity
 * printed as a result, no secret of the file echoed, and nothing written to the output folder.
 *
 * Each case's outcome is classified (outcomeOf) as clear, silent (accepted: exit 0), trace (a
 * stack trace or an internal error's name), hang (past its time limit) or unclear (refused,
 * but the message does not name what it must, echoes a file's contents, or files were written),
 * and appended to the tally (tally.ts) that `node scripts/bad-input-tally.mjs` sums. With
 * EVALSIM_BAD_INPUT_BUNDLE=<evalsim.mjs> every case runs spawned with that bundle and, with
 * EVALSIM_BAD_INPUT_MEASURE=1, outcomes are only recorded, not asserted: the suite then measures
 * another build (the totals of main before a change, say); EVALSIM_BAD_INPUT_HANG_MS caps each
 * spawned case's time.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { runCli } from '../../cli.js';
import { type Outcome, recordOutcome } from './tally.js';

/** The repository root (studies/, the stand-in population). */
export const root = fileURLToPath(new URL('../../../../../', import.meta.url));

/**
 * A scratch folder for the suite's files (the CLI runs with it as its working directory). Test
 * files share one module graph per test process (vitest.config.ts, isolate: false), so every
 * bad-input file of a process uses this one; it lies in the test run's temporary folder, which
 * scripts/testSetup.mjs removes at the end.
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
  /** Run the built bundle as a child process, stopped after this many ms (a case that could block a process). */
  readonly spawnMs?: number;
  /** The case's name in the tally (default: the command line). */
  readonly name?: string;
  /** The command reports on stdout (`evalsim check`): the message is looked for there too. */
  readonly reportsOnStdout?: boolean;
}

/** What a run gave. */
export interface RunResult {
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly timedOut: boolean;
}

/** The built CLI (scripts/testSetup.mjs builds it), or the one EVALSIM_BAD_INPUT_BUNDLE names. */
const BUNDLE =
  process.env.EVALSIM_BAD_INPUT_BUNDLE ??
  fileURLToPath(new URL('../../../../evalsim/dist/evalsim.mjs', import.meta.url));
const SPAWN_ALL = process.env.EVALSIM_BAD_INPUT_BUNDLE !== undefined;
const MEASURE_ONLY = process.env.EVALSIM_BAD_INPUT_MEASURE === '1';

/** Runs the bundle on `args` in the scratch folder, stopped after `timeoutMs`. */
export function runSpawned(args: readonly string[], timeoutMs: number): RunResult {
  const child = spawnSync(process.execPath, [BUNDLE, ...args], {
    cwd: scratch,
    encoding: 'utf8',
    timeout: timeoutMs,
    killSignal: 'SIGKILL',
    env: { PATH: process.env.PATH, TMPDIR: process.env.TMPDIR },
  });
  return {
    exitCode: child.status ?? -1,
    stdout: child.stdout ?? '',
    stderr: child.stderr ?? '',
    timedOut:
      child.signal === 'SIGKILL' || (child.error as NodeJS.ErrnoException | undefined)?.code === 'ETIMEDOUT',
  };
}

/** A cap on every spawned case's time (EVALSIM_BAD_INPUT_HANG_MS: measuring a build whose cases may hang). */
const HANG_MS = Number(process.env.EVALSIM_BAD_INPUT_HANG_MS) || undefined;

async function runCase(refusal: Refusal): Promise<RunResult> {
  if (refusal.spawnMs !== undefined || SPAWN_ALL)
    return runSpawned(refusal.args, Math.min(HANG_MS ?? Number.POSITIVE_INFINITY, refusal.spawnMs ?? 30_000));
  const result = await runCli([...refusal.args], { cwd: scratch, env: {} });
  return { ...result, timedOut: false };
}

/** Files in `out` (none when it does not exist). */
function written(out: string | undefined): string[] {
  return out !== undefined && existsSync(out) ? readdirSync(out, { recursive: true }).map(String) : [];
}

/** The outcome of a case (see the module comment) and, when it is not clear, why. */
export function outcomeOf(
  result: RunResult,
  refusal: Pick<Refusal, 'names' | 'hides' | 'reportsOnStdout'>,
  files: readonly string[] = [],
): { outcome: Outcome; why: string } {
  const text = `${result.stdout}${result.stderr}`;
  if (result.timedOut) return { outcome: 'hang', why: 'past its time limit' };
  if (/^\s+at\s/m.test(text) || /\b(TypeError|RangeError|ReferenceError|SyntaxError)\b/.test(text))
    return { outcome: 'trace', why: 'a stack trace or an internal error name' };
  if (result.exitCode === 0) return { outcome: 'silent', why: 'exit 0' };
  const message = refusal.reportsOnStdout ? text : result.stderr;
  const named =
    typeof refusal.names === 'string' ? message.includes(refusal.names) : refusal.names.test(message);
  if (!named) return { outcome: 'unclear', why: `the message does not name ${String(refusal.names)}` };
  if (/\bNaN\b|\bInfinity\b|∞/.test(result.stdout)) return { outcome: 'unclear', why: 'a non-finite result' };
  const echoed = (refusal.hides ?? []).find((secret) => text.includes(secret));
  if (echoed !== undefined) return { outcome: 'unclear', why: `echoes "${echoed}"` };
  if (files.length > 0) return { outcome: 'unclear', why: `files written: ${files.join(', ')}` };
  return { outcome: 'clear', why: '' };
}

/** Runs `refusal.args`, records its outcome in the tally and checks it is refused as the module comment says. */
export async function expectRefused(refusal: Refusal, out?: string): Promise<void> {
  const result = await runCase(refusal);
  const files = written(out);
  const { outcome, why } = outcomeOf(result, refusal, files);
  recordOutcome(refusal.name ?? refusal.args.join(' '), outcome, why);
  if (MEASURE_ONLY) return;
  const text = `${result.stdout}${result.stderr}`;
  expect(result.timedOut, `${text}\n(timed out)`).toBe(false);
  expect(result.exitCode, text).not.toBe(0);
  const message = refusal.reportsOnStdout ? text : result.stderr;
  if (typeof refusal.names === 'string') expect(message).toContain(refusal.names);
  else expect(message).toMatch(refusal.names);
  expect(text, 'a stack trace').not.toMatch(/^\s+at\s/m);
  expect(text, 'an internal error name').not.toMatch(/\b(TypeError|RangeError|ReferenceError|SyntaxError)\b/);
  expect(result.stdout, 'a non-finite result').not.toMatch(/\bNaN\b|\bInfinity\b|∞/);
  for (const secret of refusal.hides ?? []) expect(text).not.toContain(secret);
  if (out !== undefined) expect(files, 'files written').toEqual([]);
  expect(outcome, why).toBe('clear');
}
