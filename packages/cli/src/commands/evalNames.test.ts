/**
 * One eval, one set of names (issue 26 point 4): audit, plan and leaderboard keep the system
 * names the logs carry (`gpt-x`, `openai/gpt-x`) — in their population file, studies and output —
 * and a wrong name is refused naming the eval as given (not the internal population.csv) with
 * the closest names.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli.js';

const tmp = mkdtempSync(join(tmpdir(), 'evalsim-names-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function evalsim(...args: string[]) {
  const r = await runCli(args, { cwd: tmp, env: {} });
  return { code: r.exitCode, stdout: r.stdout, stderr: r.stderr };
}

const lines = ['question,system,score'];
for (const [system, shift] of [
  ['gpt-x', 0],
  ['openai/gpt-x', 1],
  ['claude_y', 2],
] as const)
  for (let q = 0; q < 40; q++) lines.push(`q${q},${system},${(q * 7 + shift) % 5 < 3 ? 1 : 0}`);
writeFileSync(join(tmp, 'eval.csv'), `${lines.join('\n')}\n`);

describe('system names as the logs carry them', () => {
  it.each([
    ['plan', ['plan', 'eval.csv', '--delta', '0.05', '--systems', 'gpt_x,claude_y', '--out', 'p']],
    ['audit', ['audit', 'eval.csv', '--system', 'openai_gpt_x', '--out', 'a']],
    [
      'leaderboard',
      ['leaderboard', '--population', 'eval.csv', '--systems', 'gpt-x,openai_gpt_x', '--out', 'lb'],
    ],
  ])('%s: a wrong name gets the closest ones, and the eval as given', async (_label, args) => {
    const run = await evalsim(...args);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /: no system "[^"]+" in eval\.csv; closest: .*gpt-x.* \(systems: gpt-x, openai\/gpt-x, claude_y\)/,
    );
    expect(run.stderr).not.toContain('population.csv');
  });
  it('plan and leaderboard keep openai/gpt-x in the population file, the study and the output', async () => {
    const plan = await evalsim(
      'plan',
      'eval.csv',
      '--delta',
      '0.1',
      '--systems',
      'openai/gpt-x,gpt-x',
      '--replications',
      '20',
      '--quiet',
      '--out',
      'p',
    );
    expect(plan.code).toBe(0);
    expect(readFileSync(join(tmp, 'p', 'population.csv'), 'utf8').split('\n')[0]).toContain(
      'correct_openai/gpt-x',
    );
    expect(JSON.parse(readFileSync(join(tmp, 'p', 'plan.json'), 'utf8')).model.params.systems).toEqual([
      'openai/gpt-x',
      'gpt-x',
    ]);
    expect(plan.stdout).toContain('openai/gpt-x vs gpt-x');
    const board = await evalsim(
      'leaderboard',
      '--population',
      'eval.csv',
      '--systems',
      'gpt-x,openai/gpt-x,claude_y',
      '--replications',
      '20',
      '--json',
      '--out',
      'lb',
    );
    expect(board.code).toBe(0);
    expect(JSON.parse(board.stdout).entries.map((e: { entry: string }) => e.entry)).toEqual([
      'gpt-x',
      'openai/gpt-x',
      'claude_y',
    ]);
  });
});
