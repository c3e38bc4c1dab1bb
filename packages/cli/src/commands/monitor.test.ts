/**
 * `evalsim monitor` in process (runCli) on the docs' worked example (seed 000's first answers of
 * Sonnet and Haiku in a shuffled order, studies/data/seed000-shuffled.jsonl): the headline
 * interval and decision with their exit statuses, a log cut mid-line, equivalence, a budget,
 * a planned gate from --looks and from the design file `evalsim plan --looks` writes, and JSON.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { runCli } from '../cli.js';
import { captureSink } from '../io.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'evalsim-monitor-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function evalsim(...args: string[]) {
  const result = await runCli(args, { cwd: root, env: {} });
  // Paragraphs are wrapped at 100 columns: `text` has them on one line each.
  return {
    code: result.exitCode,
    stdout: result.stdout,
    stderr: result.stderr,
    text: result.stdout.replace(/\n(?!\n)/g, ' '),
  };
}

const LOG = 'studies/data/seed000-shuffled.jsonl';
const lines = readFileSync(join(root, LOG), 'utf8').split('\n');

describe('evalsim monitor', () => {
  test('draws a progress line of the logs read on a terminal, none with --quiet; stdout the same', async () => {
    const args = ['monitor', LOG, '--order', 'order', '--baseline', 'haiku_off'];
    const terminal = Object.assign(captureSink(), { isTTY: true, columns: 100 });
    const shown = await runCli(args, { cwd: root, env: {}, stderr: terminal });
    expect(terminal.text).toMatch(/monitor: logs read 1\/1/);
    const quiet = Object.assign(captureSink(), { isTTY: true, columns: 100 });
    const still = await runCli([...args, '--quiet'], { cwd: root, env: {}, stderr: quiet });
    expect(quiet.text).not.toMatch(/monitor: logs read/);
    expect(still.stdout).toBe(shown.stdout);
    expect(still.exitCode).toBe(shown.exitCode);
  });

  test('the 6.9-point first-run gap: stop, Sonnet better, exit 0; against Sonnet as baseline, exit 12', async () => {
    const r = await evalsim('monitor', LOG, '--order', 'order', '--baseline', 'haiku_off');
    expect(r.code).toBe(0);
    expect(r.text).toContain(
      'sonnet_off − haiku_off on 1,140 paired questions in the order of the --order column',
    );
    expect(r.text).toContain(
      'betting confidence sequence (Waudby-Smith & Ramdas 2023): [+4.0, +10.8] points',
    );
    expect(r.text).toContain('Decision: STOP — sonnet_off is better than haiku_off');
    expect(r.text).toContain('107 only sonnet_off right, 28 only haiku_off');
    for (const line of r.stdout.split('\n')) expect(line.length).toBeLessThanOrEqual(100);
    const worse = await evalsim('monitor', LOG, '--order', 'order', '--baseline', 'sonnet_off');
    expect(worse.code).toBe(12);
    expect(worse.text).toContain('haiku_off is worse than the baseline sonnet_off');
  });
  test('a log cut mid-line: the partial line is noted, the first 91 questions say continue (exit 10)', async () => {
    const cut = join(tmp, 'cut.jsonl');
    writeFileSync(cut, `${lines.slice(0, 183).join('\n')}\n${lines[183].slice(0, 20)}`);
    const r = await evalsim('monitor', cut, '--order', 'order', '--baseline', 'haiku_off');
    expect(r.code).toBe(10);
    expect(r.stderr).toContain('line 184: ignored a partial last line (the log is still being written)');
    expect(r.text).toContain('on 91 paired questions');
    expect(r.text).toContain('1 question only sonnet_off answered so far');
    expect(r.text).toContain('Decision: CONTINUE');
  });
  test('no difference of δ: identical answers stop-equivalent (exit 11); a budget without a decision (exit 14)', async () => {
    const same = join(tmp, 'same.jsonl');
    writeFileSync(
      same,
      lines
        .filter((l) => l.includes('"haiku_off"'))
        .flatMap((l) => [l, l.replace('"haiku_off"', '"copy"')])
        .join('\n'),
    );
    const eq = await evalsim('monitor', same, '--baseline', 'haiku_off', '--delta', '0.02');
    expect(eq.code).toBe(11);
    expect(eq.text).toContain('no difference of 2.0 points');
    const budget = await evalsim('monitor', same, '--baseline', 'haiku_off', '--max-questions', '50');
    expect(budget.code).toBe(14);
    expect(budget.text).toContain('--max-questions 50 used without a decision');
    expect(budget.text).toContain('beyond the planned maximum of 50');
  });
  test("a planned gate: O'Brien–Fleming at 5 looks decides only at the looks, as JSON too", async () => {
    const r = await evalsim(
      'monitor',
      LOG,
      '--order',
      'order',
      '--baseline',
      'haiku_off',
      '--looks',
      '5',
      '--max-questions',
      '1000',
      '--json',
    );
    const doc = JSON.parse(r.stdout);
    expect(doc.gate.looks.map((l: { questions: number }) => l.questions)).toEqual([200, 400, 600, 800, 1000]);
    expect(doc.decision).toBe('stop-better');
    expect(r.code).toBe(0);
    expect(doc.exitCode).toBe(0);
    const decided = doc.gate.looks.find((l: { z: number | null }) => l.z !== null && Math.abs(l.z) >= 0);
    expect(decided).toBeDefined();
    const last = doc.gate.looks.filter((l: { z: number | null }) => l.z !== null).at(-1);
    expect(Math.abs(last.z)).toBeGreaterThanOrEqual(last.critical);
    expect(doc.headline.pValue).toBeLessThanOrEqual(0.05);
  });
  test('plan --looks writes the design monitor --design reads', async () => {
    const out = join(tmp, 'plan');
    const plan = await evalsim(
      'plan',
      'studies/data/mmlu-standin.csv',
      '--delta',
      '0.03',
      '--systems',
      'haiku_low,sonnet_off',
      '--resample',
      'questions',
      '--sizes',
      '600,1200',
      '--replications',
      '100',
      '--workers',
      '0',
      '--quiet',
      '--out',
      out,
      '--looks',
      '4',
      '--spending',
      'pocock',
    );
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.text).toContain('Group-sequential gate (4 looks, spending pocock, two-sided α = 0.05)');
    expect(plan.text).toMatch(/inflation factor 1\.\d{4} = at most 1,\d{3} questions/);
    const design = JSON.parse(readFileSync(join(out, 'design.json'), 'utf8'));
    expect(design.kind).toBe('evalsim group-sequential design');
    expect(design.looks).toHaveLength(4);
    const r = await evalsim(
      'monitor',
      LOG,
      '--order',
      'order',
      '--baseline',
      'haiku_off',
      '--design',
      join(out, 'design.json'),
    );
    expect([0, 13]).toContain(r.code);
    expect(r.text).toContain('repeated confidence interval at look');
    expect(r.text).toContain('Pocock spending');
  });
  test('--help lists the exit codes and its examples', async () => {
    const r = await evalsim('monitor', '--help');
    expect(r.text).toContain('exit 10: continue');
    expect(r.text).toContain('exit 13: stop, the planned maximum');
    expect(r.stdout).toContain(
      'evalsim monitor studies/data/seed000-shuffled.jsonl --order order --baseline haiku_off',
    );
  });
});
