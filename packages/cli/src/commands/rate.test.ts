/**
 * `evalsim rate` in process: the terminal leaderboard (the recommended interval named first, lines
 * within 100 columns), --json, --out (Markdown, JSON, the Arrow files and their round trip, SVG),
 * byte-identical output for the same seed, the flags refused by name.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tableFromIPC } from 'apache-arrow';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli.js';
import { captureSink } from '../io.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const fixtures = 'packages/sim/src/battles/fixtures';
const tmp = mkdtempSync(join(tmpdir(), 'evalsim-rate-cli-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function evalsim(...args: string[]) {
  const r = await runCli(args, { cwd: root, env: {} });
  return { code: r.exitCode, stdout: r.stdout, stderr: r.stderr };
}

describe('evalsim rate', () => {
  it('draws a progress line of the bootstrap rounds on a terminal, none with --quiet; stdout the same', async () => {
    const args = ['rate', `${fixtures}/lmarena/clean-battle.json`, '--ci', 'bootstrap', '--rounds', '200'];
    const terminal = Object.assign(captureSink(), { isTTY: true, columns: 100 });
    const shown = await runCli(args, { cwd: root, env: {}, stderr: terminal });
    expect(shown.exitCode).toBe(0);
    // The status line's redraw: carriage return, ESC [2K (erase the line), the text.
    expect(terminal.text).toMatch(
      new RegExp(`\r${String.fromCharCode(27)}\\[2Krate: bootstrap rounds \\d+/200 {2}ETA `),
    );
    expect(terminal.text).toMatch(/rate: bootstrap rounds 200\/200/);
    const quiet = Object.assign(captureSink(), { isTTY: true, columns: 100 });
    const still = await runCli([...args, '--quiet'], { cwd: root, env: {}, stderr: quiet });
    expect(quiet.text).not.toMatch(/bootstrap rounds/);
    expect(still.stdout).toBe(shown.stdout);
  });

  it('prints the recommended interval first, then the leaderboard and what each rank promises', async () => {
    const run = await evalsim('rate', `${fixtures}/lmarena/clean-battle.json`);
    expect(run.code).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toMatch(/^Recommended interval: 95% sandwich \(arena-rank\)/);
    expect(run.stdout).toMatch(/rank\s+model\s+rating\s+95% CI\s+ranks\s+P\(1st\)\s+W-T-L\s+online Elo/);
    expect(run.stdout).toMatch(/1\s+gpt-4-0314\s+1137\.5\s+1048\.0–1226\.9\s+1–2\s+0\.\d{3}\s+18-4-6/);
    expect(run.stdout).toContain('note: ranks: simultaneous rank intervals (max-t');
    expect(run.stderr).toContain('9 battles are not anonymous');
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(100);
  });

  it('--json: one document; the same seed gives the same bytes, another seed other bootstrap endpoints', async () => {
    const args = [
      'rate',
      `${fixtures}/lmarena/arena-hard-battles.jsonl`,
      '--ci',
      'cluster',
      '--rounds',
      '300',
      '--json',
    ];
    const a = await evalsim(...args, '--seed', '3');
    const b = await evalsim(...args, '--seed', '3');
    const c = await evalsim(...args, '--seed', '4');
    expect(a.code).toBe(0);
    expect(b.stdout).toBe(a.stdout);
    expect(c.stdout).not.toBe(a.stdout);
    const doc = JSON.parse(a.stdout);
    expect(doc.interval).toMatchObject({ method: 'cluster', cluster: 'question_id', rounds: 300, seed: 3 });
    expect(doc.headline.interval).toMatch(/cluster bootstrap over question_id/);
    expect(doc.ratings.map((r: { model: string }) => r.model)).toEqual([
      'claude-3-5-sonnet-20240620',
      'claude-3-opus-20240229',
      'claude-3-haiku-20240307',
    ]);
  });

  it('--out writes Markdown, JSON, Arrow (ratings, pairs, the battle table) and SVG; open bounds are null in JSON', async () => {
    const out = join(tmp, 'out');
    const run = await evalsim('rate', `${fixtures}/bad/only-wins.jsonl`, '--out', out);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(
      /wrote .*ratings\.md, ratings\.json, ratings\.arrow, pairs\.arrow, battles\.arrow, ratings\.svg/,
    );
    expect(run.stderr).toMatch(/a never lost a point to the rest/);
    const doc = JSON.parse(readFileSync(join(out, 'ratings.json'), 'utf8'));
    const a = doc.ratings.find((r: { model: string }) => r.model === 'a');
    expect(a.upper).toBeNull();
    expect(a.unbounded).toBe('above');
    const md = readFileSync(join(out, 'ratings.md'), 'utf8');
    expect(md).toContain('# Ratings');
    expect(md).toContain('![ratings with their intervals](ratings.svg)');
    const ratings = tableFromIPC(readFileSync(join(out, 'ratings.arrow')));
    expect(ratings.numRows).toBe(3);
    expect(ratings.getChild('upper')?.get(0)).toBe(Number.POSITIVE_INFINITY);
    const battles = tableFromIPC(readFileSync(join(out, 'battles.arrow')));
    expect(battles.numRows).toBe(5);
    expect(readFileSync(join(out, 'ratings.svg'), 'utf8')).toMatch(/^<svg /);
    // the battle table reads back as input, with the same ratings
    const again = await evalsim('rate', join(out, 'battles.arrow'), '--json');
    expect(JSON.parse(again.stdout).ratings).toEqual(doc.ratings);
  });

  it('refuses bad flags by name', async () => {
    const file = `${fixtures}/lmarena/clean-battle.json`;
    expect((await evalsim('rate', file, '--ci', 'jackknife')).stderr).toMatch(
      /--ci: unknown value "jackknife"; allowed: sandwich, fisher, bootstrap, cluster, cluster-sandwich/,
    );
    expect((await evalsim('rate', file, '--anchor', 'gpt-4')).stderr).toMatch(
      /--anchor: "gpt-4" is not mean, fastchat or MODEL=RATING/,
    );
    expect((await evalsim('rate', file, '--rounds', '10')).stderr).toMatch(/--rounds/);
    expect((await evalsim('rate', file, '--prior', '-1')).stderr).toMatch(
      /--prior: "-1" is not auto or a number/,
    );
    expect((await evalsim('rate', file, '--models', 'gpt-5')).stderr).toMatch(
      /--models: "gpt-5" is not a model/,
    );
    const v01 = await evalsim('rate', `${fixtures}/arena-hard/v0.1-gpt-3.5-turbo-0125.jsonl`);
    expect(v01.code).toBe(2);
    expect(v01.stderr).toMatch(/line 1, field "baseline": is missing/);
  });

  it('--audit simulates the file design and reports the coverage of each interval, with a study that reruns', async () => {
    const out = join(tmp, 'audit');
    const run = await evalsim(
      'rate',
      'studies/data/arena/clean-battle.json',
      '--audit',
      '--out',
      out,
      '--replications',
      '40',
      '--quiet',
      '--json',
    );
    expect(run.code).toBe(0);
    const doc = JSON.parse(run.stdout);
    expect(doc.fit).toBe('davidson');
    expect(doc.lines.map((l: { method: string }) => l.method)).toEqual([
      'sandwich',
      'sandwichAll',
      'fisher',
      'bootstrap',
      'bootstrapAll',
      'arenaRanks',
      'maxTRanks',
    ]);
    for (const l of doc.lines) expect(l.value >= 0 && l.value <= 1).toBe(true);
    const design = JSON.parse(readFileSync(join(out, 'arena-design.json'), 'utf8'));
    expect(design.models).toHaveLength(4);
    expect(design.pairs.reduce((n: number, p: number[]) => n + p[2], 0)).toBe(60);
    const again = await evalsim(
      'run',
      join(out, 'arena-audit.json'),
      '--out',
      join(tmp, 'audit-again'),
      '--quiet',
    );
    expect(again.code).toBe(0);
    expect(
      readFileSync(join(tmp, 'audit-again', 'arena-audit.arrow')).equals(
        readFileSync(join(out, 'arena-audit.arrow')),
      ),
    ).toBe(true);
  });

  it('--plan: votes to separate two models, and the simulated power at them', async () => {
    const text = await evalsim('rate', '--plan', '--gap', '40', '--tie-share', '0.3');
    expect(text.stdout).toMatch(/852 votes between the two/);
    const run = await evalsim(
      'rate',
      '--plan',
      '--gap',
      '40',
      '--tie-share',
      '0.3',
      '--out',
      join(tmp, 'plan'),
      '--replications',
      '400',
      '--quiet',
      '--json',
    );
    const doc = JSON.parse(run.stdout);
    expect(doc.headToHead).toBe(852);
    const at = doc.simulated.find((s: { battles: number }) => s.battles === 852);
    // 400 arenas: MCSE √(0.8·0.2/400) = 0.02
    expect(Math.abs(at.power - 0.8)).toBeLessThan(4 * 0.02);
    const fromFile = JSON.parse(
      (await evalsim('rate', 'studies/data/arena/clean-battle.json', '--plan', '--gap', '40', '--json'))
        .stdout,
    );
    expect(fromFile.tieShare).toBeCloseTo(12 / 60, 12);
    expect(fromFile.arenaModels).toBe(4);
  });
});
