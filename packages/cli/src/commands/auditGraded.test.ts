/**
 * `evalsim audit` and `evalsim plan` end to end on a graded eval (issue 26 point 1): a long
 * table of partial-credit scores from the known-truth generator (scripts/evals/known-truth-eval.mjs
 * --graded 0.8: expit(logit p + 0.8z) per answer, 3 epochs, 12 subjects × 5 questions) imported with
 * --cluster subject. audit prints a verdict for analyze's headline interval (clusteredCR2) and
 * the note on the 0/1-only intervals, in the terminal and in --json; the population it writes
 * carries the scores; plan gives a size from the paired CR2 test; the commands that draw 0/1
 * answers (--k, leaderboard) refuse the eval by name before writing anything.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { knownTruthCsv, knownTruthEval } from '../../../../scripts/evals/known-truth-eval.mjs';
import { runCli } from '../cli.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'evalsim-audit-graded-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function evalsim(...args: string[]) {
  const result = await runCli(args, { cwd: root, env: {} });
  return { code: result.exitCode, stdout: result.stdout, stderr: result.stderr };
}

const EVAL = join(tmp, 'graded.csv');
writeFileSync(
  EVAL,
  knownTruthCsv(
    knownTruthEval({
      systems: ['gpt-x', 'claude_y'],
      abilities: [1.2, 1.0],
      subjects: 12,
      perSubject: 5,
      epochs: 3,
      seed: 4,
      graded: 0.8,
    }),
  ),
);
const QUICK = ['--cluster', 'subject', '--replications', '100', '--workers', '0', '--quiet'];

describe('audit and plan on a graded eval', () => {
  test('audit: the headline verdict and the 0/1-only intervals not offered, terminal and --json', async () => {
    const out = join(tmp, 'audit');
    const r = await evalsim('audit', EVAL, ...QUICK, '--resamples', '200', '--out', out);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const text = r.stdout.replace(/\s+/g, ' ');
    expect(text).toMatch(/graded scores, mean score \d+\.\d%/);
    expect(text).toMatch(
      /Not offered for graded scores: the intervals wald, wilson, .*kornGraubardWilson.*hierarchicalBetaBinomial and the paired tango/,
    );
    expect(text).toMatch(/analyze's headline interval clusteredCR2 (holds|is undecided|does not hold)/);
    expect(text).toMatch(/paired clustered CR2 t \(analyze’s test\)/);
    expect(text).not.toMatch(/McNemar/);
    expect(readFileSync(join(out, 'population.csv'), 'utf8').split('\n')[0]).toBe(
      'question,cluster,correct_gpt-x,k_gpt-x,scores_gpt-x,correct_claude_y,k_claude_y,scores_claude_y',
    );
    expect(existsSync(join(out, 'audit-answers.json'))).toBe(false);

    const j = await evalsim(
      'audit',
      EVAL,
      ...QUICK,
      '--resamples',
      '200',
      '--json',
      '--out',
      join(tmp, 'audit-json'),
    );
    expect(j.code).toBe(0);
    const doc = JSON.parse(j.stdout);
    expect(doc.facts.scores).toBe('graded');
    expect(doc.headline.method).toBe('clusteredCR2');
    expect(['holds', 'undecided', 'too low', 'too high']).toContain(doc.headline.verdict);
    expect(doc.notOffered.intervals).toEqual(expect.arrayContaining(['wilson', 'kornGraubardWilson']));
    expect(doc.notOffered.reason).toMatch(/graded/);
    expect(doc.resampling.map((m: { method: string }) => m.method)).not.toContain('wilson');
    expect(doc.answers).toEqual([]);
  });

  test('plan: a size from the paired CR2 t, B shifted by the mixture', async () => {
    const r = await evalsim('plan', EVAL, ...QUICK, '--delta', '0.05', '--json', '--out', join(tmp, 'plan'));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc.shift).toBe('mixture');
    expect(doc.unit).toBe('clusters');
    const primary = doc.curves.find((c: { primary: boolean }) => c.primary);
    expect(primary.id).toBe('pairedCr2');
    expect(primary.required.estimate.kind).toBe('at');
    expect(primary.required.estimate.size).toBeGreaterThan(0);
    expect(doc.miller.n).toBeGreaterThan(0);
  });

  test('commands that draw 0/1 answers refuse the graded eval by name, writing nothing', async () => {
    const out = join(tmp, 'refused');
    const k = await evalsim('audit', EVAL, '--cluster', 'subject', '--k', '1', '--out', out);
    expect(k.code).not.toBe(0);
    expect(k.stderr).toMatch(
      /graded.csv: the score of system "gpt-x" .* is graded \(not 0\/1\); audit --k \(pass@k\) draws 0\/1 answers/,
    );
    const board = await evalsim(
      'leaderboard',
      '--population',
      EVAL,
      '--systems',
      'gpt-x,claude_y',
      '--cluster',
      'subject',
      '--out',
      join(out, 'lb'),
    );
    expect(board.code).not.toBe(0);
    expect(board.stderr).toMatch(/is graded \(not 0\/1\)/);
    expect(existsSync(out)).toBe(false);
  });
});
