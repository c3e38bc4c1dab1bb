/**
 * `evalsim analyze`'s interval library end to end on a small clustered eval: the seeded
 * cluster bootstraps (same seed → byte-identical Markdown, JSON and Arrow; another --seed →
 * other bootstrap endpoints and nothing else), the Arrow columns equal the JSON, the
 * terminal's headline columns and --all-intervals, the seed stated in the output, and bad
 * flag values named.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tableFromIPC } from 'apache-arrow';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli.js';

const tmp = mkdtempSync(join(tmpdir(), 'evalsim-analyze-intervals-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function evalsim(...args: string[]) {
  const r = await runCli(args, { cwd: tmp, env: {} });
  return { code: r.exitCode, stdout: r.stdout, stderr: r.stderr };
}

/** A fixed hash of i onto [0, 1) (the fixture's "random" numbers, no RNG state). */
const u = (i: number) => (Math.imul((i + 1) ^ 0x9e3779b9, 0x85ebca6b) >>> 0) / 4294967296;

/** 3 systems × 60 questions in 8 subjects of unequal difficulty (fixed 0/1 answers). */
function clusteredCsv(): string {
  const lines = ['question,system,score,subject'];
  for (let q = 0; q < 60; q++) {
    const g = q % 8;
    ['A', 'B', 'C'].forEach((s, i) => {
      const rate = 0.35 + 0.15 * i + 0.4 * u(1000 + 10 * g + i) - 0.2;
      lines.push(`q${q},${s},${u(7 * q + i) < rate ? 1 : 0},s${g}`);
    });
  }
  const path = join(tmp, 'clustered.csv');
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}
const csv = clusteredCsv();
const base = [csv, '--cluster', 'subject', '--resamples', '400'];

/** What a --seed may change: the bootstrap results, the seed itself and the note that states it. */
const BOOTSTRAP_KEYS = new Set(['bootstrap', 'clusterBootstrap', 'seed', 'notes']);
const withoutBootstrap = (doc: unknown) =>
  JSON.parse(JSON.stringify(doc, (k, v) => (BOOTSTRAP_KEYS.has(k) ? undefined : v)));

describe('evalsim analyze: the interval library', () => {
  it('same seed → byte-identical files; another --seed → other bootstrap endpoints, everything else equal', async () => {
    const dirs = ['one', 'two', 'other'].map((d) => join(tmp, d));
    expect((await evalsim('analyze', ...base, '--out', dirs[0])).code).toBe(0);
    expect((await evalsim('analyze', ...base, '--out', dirs[1])).code).toBe(0);
    expect((await evalsim('analyze', ...base, '--seed', '7', '--out', dirs[2])).code).toBe(0);
    for (const f of ['analysis.md', 'analysis.json', 'systems.arrow', 'pairs.arrow']) {
      expect(Buffer.compare(readFileSync(join(dirs[0], f)), readFileSync(join(dirs[1], f))), f).toBe(0);
    }
    const one = JSON.parse(readFileSync(join(dirs[0], 'analysis.json'), 'utf8'));
    const other = JSON.parse(readFileSync(join(dirs[2], 'analysis.json'), 'utf8'));
    expect([one.options.seed, other.options.seed, one.options.resamples]).toEqual([1, 7, 400]);
    expect(one.notes.join(' ')).toContain('cluster bootstraps: 400 whole-cluster resamples each, seed 1;');
    expect(withoutBootstrap(other)).toEqual(withoutBootstrap(one));
    for (let s = 0; s < 3; s++) {
      const x = one.systems[s].clustered.bootstrap;
      const y = other.systems[s].clustered.bootstrap;
      expect([x.seed, y.seed]).toEqual([1, 7]);
      expect(y.percentile).not.toEqual(x.percentile);
      expect(y.bca).not.toEqual(x.bca);
      expect(one.systems[s].binary.clustered.kornGraubardWilson).toEqual(
        other.systems[s].binary.clustered.kornGraubardWilson,
      );
    }
    expect(other.pairs[0].clusterBootstrap.basic).not.toEqual(one.pairs[0].clusterBootstrap.basic);
    const md = readFileSync(join(dirs[0], 'analysis.md'), 'utf8');
    expect(md).toContain('## Clustered intervals for the score (8 clusters)');
    expect(md).toContain('## Cluster bootstraps of the score');
    expect(md).toContain('400 whole-cluster resamples of per-question mean');
    expect(md).toContain('seed 1 (--seed)');
    expect(md).toContain('## Paired differences: cluster bootstraps');
    expect(md).toContain('## Differences treated as unpaired (for contrast)');
  });

  it('the Arrow columns carry the JSON values at full precision', () => {
    const dir = join(tmp, 'one');
    const doc = JSON.parse(readFileSync(join(dir, 'analysis.json'), 'utf8'));
    const systems = tableFromIPC(readFileSync(join(dir, 'systems.arrow')));
    const pairs = tableFromIPC(readFileSync(join(dir, 'pairs.arrow')));
    for (let s = 0; s < 3; s++) {
      const sys = doc.systems[s];
      const col = (name: string) => systems.getChild(name)!.get(s);
      expect(col('korn_graubard_wilson_lower')).toBe(sys.binary.clustered.kornGraubardWilson.lower);
      expect(col('korn_graubard_clopper_pearson_upper')).toBe(
        sys.binary.clustered.kornGraubardClopperPearson.upper,
      );
      expect(col('hierarchical_beta_binomial_lower')).toBe(
        sys.binary.clustered.hierarchicalBetaBinomial.lower,
      );
      expect(col('bootstrap_bca_upper')).toBe(sys.clustered.bootstrap.bca.upper);
      expect(col('bootstrap_studentized_lower')).toBe(sys.clustered.bootstrap.studentized.lower);
      expect(col('bootstrap_se')).toBe(sys.clustered.bootstrap.se);
    }
    expect(pairs.getChild('bootstrap_percentile_lower')!.get(2)).toBe(
      doc.pairs[2].clusterBootstrap.percentile.lower,
    );
    expect(pairs.getChild('miettinen_nurminen_upper')!.get(1)).toBe(
      doc.pairs[1].unpairedIntervals.miettinenNurminen.upper,
    );
    expect(JSON.parse(systems.schema.metadata.get('evalsim.analysis')!).options).toMatchObject({
      seed: 1,
      resamples: 400,
      hbb: 'auto',
    });
  });

  it('the terminal shows the one recommended interval; --all-intervals shows every one and the seed, in 100 columns', async () => {
    const headline = await evalsim('analyze', ...base);
    expect(headline.code).toBe(0);
    const text = headline.stdout.replace(/\s+/g, ' ');
    expect(text).toContain('95% CI: the recommended interval, clustered CR2, Bell–McCaffrey df');
    expect(headline.stdout).not.toMatch(/KG Wilson +boot BCa +HBB/);
    expect(headline.stdout).not.toContain('bootstrap-t');
    expect(headline.stdout).not.toContain('Tango');
    const all = await evalsim('analyze', ...base, '--all-intervals', '--seed', '9');
    expect(all.code).toBe(0);
    expect(all.stdout.replace(/\s+/g, ' ')).toContain('seed 9 (--seed)');
    expect(all.stdout).toMatch(/KG Wilson +KG CP +boot BCa +HBB/);
    expect(all.stdout).toMatch(/system +percentile +basic +bootstrap-t +BCa +SE/);
    expect(all.stdout).toMatch(/pair +Wald +Tango +Newcombe +Bonett–Price +Agresti–Min/);
    expect(all.stdout).toMatch(/pair +Miettinen–Nurminen +Newcombe hybrid +Agresti–Caffo/);
    for (const line of all.stdout.split('\n')) expect(line.length, line).toBeLessThanOrEqual(100);
  });

  it('--hbb off skips the hierarchical beta-binomial with a note; bad values are named', async () => {
    const off = await evalsim('analyze', ...base, '--hbb', 'off');
    expect(off.code).toBe(0);
    expect(off.stdout).not.toMatch(/ HBB/);
    expect(off.stderr).toContain('note: hierarchicalBetaBinomial: skipped (--hbb off; first seen for A)');
    const cases: [string[], RegExp][] = [
      [['--resamples', '5'], /--resamples/],
      [['--seed', '-1'], /--seed/],
      [['--hbb', 'maybe'], /--hbb: unknown value "maybe"; allowed: auto, on, off/],
    ];
    for (const [flags, message] of cases) {
      const run = await evalsim('analyze', ...base, ...flags);
      expect(run.code, flags.join(' ')).toBe(2);
      expect(run.stderr).toMatch(message);
      expect(run.stdout).toBe('');
    }
  });

  it('--help documents the interval flags and an example', async () => {
    const help = await evalsim('analyze', '--help');
    for (const flag of ['--seed', '--resamples', '--hbb', '--all-intervals'])
      expect(help.stdout).toContain(flag);
    expect(help.stdout).toContain('--all-intervals --seed 7 --resamples 5000');
  });
});
