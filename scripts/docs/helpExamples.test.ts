/**
 * The --help examples: the commands `evalsim --help` lists, the `Examples:` section of each
 * `evalsim <command> --help`. Each example that needs only what the package ships is run as
 * typed, from its own empty folder, by .ci/pack-install.sh against the installed package (the
 * program a user has); the ones that need a user's own files or run for minutes are listed
 * once, in scripts/docs/help-examples-left-out.txt, and this test keeps that list honest:
 * every pattern names an example, and most examples are left to run.
 */
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runDocCommand } from './docCommands.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'evalsim-help-examples-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const bin = join(work, '.bin');
mkdirSync(bin);
writeFileSync(
  join(bin, 'evalsim'),
  `#!/bin/sh\nexec "${process.execPath}" "${join(root, 'packages/evalsim/dist/evalsim.mjs')}" "$@"\n`,
);
chmodSync(join(bin, 'evalsim'), 0o755);
const env = { PATH: `${bin}:${process.env.PATH}`, HOME: work, TMPDIR: work, LANG: 'C.UTF-8' };

const leftOut = readFileSync(join(root, 'scripts/docs/help-examples-left-out.txt'), 'utf8')
  .split('\n')
  .filter((line) => line !== '' && !line.startsWith('#'))
  .map((line) => new RegExp(line));

/** Every example of every command, as --help prints it. */
function examples(): string[] {
  const listing = runDocCommand('evalsim --help', work, env).output;
  const commands = [...new Set([...listing.matchAll(/^ {2}evalsim ([a-z-]+)/gm)].map((m) => m[1]))];
  return commands.flatMap((command) => {
    const help = runDocCommand(`evalsim ${command} --help`, work, env).output;
    const section = help.split('\nExamples:\n')[1] ?? '';
    return [...section.matchAll(/^ {2}(evalsim .*)$/gm)].map((m) => m[1].trimEnd());
  });
}

describe('--help examples', () => {
  const all = examples();
  const runnable = all.filter((example) => !leftOut.some((pattern) => pattern.test(example)));

  it('the left-out list leaves most examples to run, and every pattern matches one', () => {
    expect(all.length).toBeGreaterThan(60);
    expect(runnable.length).toBeGreaterThanOrEqual(35);
    for (const pattern of leftOut)
      expect(
        all.some((e) => pattern.test(e)),
        String(pattern),
      ).toBe(true);
  });
});
