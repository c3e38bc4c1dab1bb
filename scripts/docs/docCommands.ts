/**
 * A documentation page's commands as a test runs them: every ```sh block in page order, each
 * line one command (a trailing `# exits N` states a documented non-zero exit code; other
 * `# …` comments are prose), and the ```text block that directly follows a ```sh block is
 * the output shown for it. A shown line must appear in the real output (stdout and stderr as
 * a terminal interleaves them), in the shown order: exactly (trailing spaces aside), or — when
 * it ends with `…` — as the start of a real line; a line that is only `…` stands for lines
 * left out. So every number shown is checked, and a page cannot go stale silently.
 */
import { spawnSync } from 'node:child_process';

export interface DocCommand {
  /** The command as the page shows it (without its `# exits N`). */
  readonly line: string;
  /** The exit code the page documents (0 unless `# exits N`). */
  readonly exit: number;
}

export interface DocStep {
  readonly commands: readonly DocCommand[];
  /** The output shown after the block, or null when none is. */
  readonly shown: readonly string[] | null;
  /** 1-based line of the ```sh fence in the page. */
  readonly at: number;
}

/** The page's ```sh blocks, each with the ```text block right after it. */
export function docSteps(page: string): DocStep[] {
  const lines = page.split('\n');
  const blocks: { lang: string; body: string[]; at: number }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)\s*$/.exec(lines[i]);
    if (!open) continue;
    const body: string[] = [];
    const at = i + 1;
    for (i++; i < lines.length && !/^```\s*$/.test(lines[i]); i++) body.push(lines[i]);
    blocks.push({ lang: open[1], body, at });
  }
  const steps: DocStep[] = [];
  for (const [k, block] of blocks.entries()) {
    if (block.lang !== 'sh') continue;
    const commands = block.body
      .filter((line) => line.trim() !== '' && !line.trim().startsWith('#'))
      .map((line) => {
        const exit = /\s#\s*exits (\d+)\b.*$/.exec(line);
        return { line: line.replace(/\s+#.*$/, '').trim(), exit: exit ? Number(exit[1]) : 0 };
      });
    const next = blocks[k + 1];
    steps.push({ commands, shown: next?.lang === 'text' ? next.body : null, at: block.at });
  }
  return steps;
}

/** The shown lines that are not in `output` (in order); empty when the page is current. */
export function missingLines(shown: readonly string[], output: string): string[] {
  const real = output.split('\n').map((line) => line.trimEnd());
  const missing: string[] = [];
  let from = 0;
  for (const raw of shown) {
    const line = raw.trimEnd();
    if (line === '' || line === '…') continue;
    const prefix = line.endsWith('…') ? line.slice(0, -1).trimEnd() : null;
    const found = real.findIndex(
      (r, i) => i >= from && (prefix === null ? r === line : r.startsWith(prefix)),
    );
    if (found < 0) missing.push(line);
    else from = found + 1;
  }
  return missing;
}

/** Runs one command with bash in `cwd`, stdout and stderr interleaved as on a terminal. */
export function runDocCommand(
  line: string,
  cwd: string,
  env: NodeJS.ProcessEnv,
): { readonly exit: number; readonly output: string } {
  const result = spawnSync('bash', ['-c', `exec 2>&1\n${line}`], {
    cwd,
    env,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  return { exit: result.status ?? -1, output: result.stdout };
}
