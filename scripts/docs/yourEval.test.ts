/**
 * docs/your-eval.md, the tutorial, runs as a newcomer types it: every ```sh block in order, in
 * a fresh folder set up like a user's (HOME is a temporary folder with the checkout at
 * ~/evalsim, `evalsim` on PATH is the built bin), each command's exit code as the page states
 * it, and every output line the page shows found in what the command prints now
 * (scripts/docs/docCommands.ts). The repository's git status is unchanged by the run.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { docSteps, missingLines, runDocCommand } from './docCommands.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const page = readFileSync(join(root, 'docs/your-eval.md'), 'utf8');
const home = mkdtempSync(join(tmpdir(), 'evalsim-tutorial-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

/** A user's folder: ~/evalsim is the checkout, `evalsim` on PATH runs its built bin. */
function userFolder(): { cwd: string; env: NodeJS.ProcessEnv } {
  symlinkSync(root, join(home, 'evalsim'));
  const bin = join(home, '.bin');
  mkdirSync(bin);
  const shim = join(bin, 'evalsim');
  writeFileSync(
    shim,
    `#!/bin/sh\nexec "${process.execPath}" "${join(root, 'packages/evalsim/dist/evalsim.mjs')}" "$@"\n`,
  );
  chmodSync(shim, 0o755);
  const cwd = join(home, 'tutorial');
  mkdirSync(cwd);
  const env = { PATH: `${bin}:${process.env.PATH}`, HOME: home, TMPDIR: home, LANG: 'C.UTF-8' };
  return { cwd, env };
}

const gitStatus = () => execFileSync('git', ['status', '--porcelain'], { cwd: root, encoding: 'utf8' });

describe('docs/your-eval.md', () => {
  const steps = docSteps(page);

  it('has the tutorial’s steps, each with its output shown', () => {
    expect(steps.length).toBeGreaterThanOrEqual(10);
    expect(steps.filter((s) => s.shown !== null).length).toBeGreaterThanOrEqual(8);
    for (const command of ['import', 'analyze', 'audit', 'plan', 'leaderboard', 'rate', 'monitor'])
      expect(
        steps.some((s) => s.commands.some((c) => c.line.startsWith(`evalsim ${command} `))),
        command,
      ).toBe(true);
  });

  it('every command runs as typed, exits as stated, and prints what the page shows', {
    timeout: 240_000,
  }, () => {
    const before = gitStatus();
    const { cwd, env } = userFolder();
    for (const step of steps) {
      let output = '';
      for (const command of step.commands) {
        const run = runDocCommand(command.line, cwd, env);
        expect(run.exit, `line ${step.at}: ${command.line}\n${run.output.slice(-2000)}`).toBe(command.exit);
        output += run.output;
      }
      if (step.shown)
        expect(missingLines(step.shown, output), `the output shown after line ${step.at}`).toEqual([]);
    }
    expect(gitStatus()).toBe(before);
  });
});

describe('the output check', () => {
  it('finds a changed number, a line out of order, and accepts `…` and a trailing `…`', () => {
    const output = 'haiku_off   80.1   [75.8, 84.4]\nhaiku_low   89.2   [87.3, 91.1]\n';
    expect(missingLines(['haiku_off   80.1   [75.8, 84.4]', '…', 'haiku_low   89.2 …'], output)).toEqual([]);
    expect(missingLines(['haiku_off   80.2   [75.8, 84.4]'], output)).toEqual([
      'haiku_off   80.2   [75.8, 84.4]',
    ]);
    expect(
      missingLines(['haiku_low   89.2   [87.3, 91.1]', 'haiku_off   80.1   [75.8, 84.4]'], output),
    ).toHaveLength(1);
  });

  it('reads a documented exit code and the output block after a command block', () => {
    const steps = docSteps(
      '```sh\nevalsim monitor a.jsonl   # exits 10: continue\n```\n\n```text\nDecision: CONTINUE\n```\n',
    );
    expect(steps).toEqual([
      { commands: [{ line: 'evalsim monitor a.jsonl', exit: 10 }], shown: ['Decision: CONTINUE'], at: 1 },
    ]);
  });
});
