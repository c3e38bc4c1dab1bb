/**
 * Every command's `--help` as a newcomer reads it: lines within 100 columns, each example
 * command whole on one line (never wrapped inside an argument), and no terminal colour
 * codes; the commands a study names building blocks with use one set of names.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli.js';
import { captureSink } from '../io.js';
import { commandNames, loadCommands } from './index.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const names = commandNames;

describe('the lazy command registry', () => {
  it('names each command by its module’s first word, in listing order', async () => {
    const loaded = await loadCommands();
    expect(loaded.map((command) => String(command.command).split(' ')[0])).toEqual([...names]);
    const one = await loadCommands(['interval']);
    expect(one.map((command) => String(command.command).split(' ')[0])).toEqual(['interval']);
  });

  it('`evalsim --help` still lists every command; a lone --version prints the version', async () => {
    const listing = await runCli(['--help'], { cwd: root, env: {} });
    for (const name of names) expect(listing.stdout).toContain(`evalsim ${name}`);
    const version = await runCli(['--version'], { cwd: root, env: {} });
    expect(version.exitCode).toBe(0);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });
});

async function help(name: string): Promise<string> {
  const result = await runCli([name, '--help'], { cwd: root, env: {} });
  expect(result.exitCode).toBe(0);
  return result.stdout;
}

describe('--help', () => {
  it.each(names)('%s: fits 100 columns, examples whole on their own lines, no colour', async (name) => {
    const text = await help(name);
    for (const line of text.split('\n')) expect([...line].length, line).toBeLessThanOrEqual(100);
    expect(text).not.toContain('\x1b[');
    const examples = text.split('\nExamples:\n')[1];
    expect(examples, `${name} has examples`).toBeDefined();
    const commandLines = (examples ?? '').split('\n').filter((line) => /^ {2}\S/.test(line));
    expect(commandLines.length).toBeGreaterThan(0);
    for (const line of commandLines) expect(line).toMatch(/^ {2}(evalsim|bash) /);
  });

  it('the top-level help lists every command', async () => {
    const result = await runCli(['--help'], { cwd: root, env: {} });
    for (const name of names) expect(result.stdout).toContain(`evalsim ${name}`);
  });
});

describe('output on a pipe', () => {
  it.each([[['interval', '--k', '14', '--n', '15']], [['list']], [['methods']], [['run', 'nope']]])(
    '%j has no ANSI colour codes when not on a terminal',
    async (args) => {
      const stdout = captureSink();
      const stderr = captureSink();
      await runCli(args, { cwd: root, env: {}, stdout, stderr });
      expect(stdout.text + stderr.text).not.toContain('\x1b[');
    },
  );

  it('list wraps long titles to fit 100 columns', async () => {
    const result = await runCli(['list'], { cwd: root, env: {} });
    expect(result.exitCode).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    for (const line of lines) expect([...line].length, line).toBeLessThanOrEqual(100);
    expect(lines.length).toBeGreaterThan(15);
    expect(result.stdout).toContain('studies/clustered-coverage.json');
  });

  it('calculator tables wrap their text columns to fit 100 columns', async () => {
    const result = await runCli(['power', '--delta', '0.03', '--p', '0.7', '--deff', '2'], {
      cwd: root,
      env: {},
    });
    expect(result.exitCode).toBe(0);
    for (const line of result.stdout.split('\n')) expect([...line].length, line).toBeLessThanOrEqual(100);
  });
});
