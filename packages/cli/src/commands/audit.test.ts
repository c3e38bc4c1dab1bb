/**
 * `evalsim audit` in process (runCli), at reduced replications: three generated studies
 * written beside their results (each reruns byte-identically), the tables fit 100 columns,
 * --json carries the verdicts and the recommendation, a user module is audited beside the
 * built-ins, bad flags are named. (Coverage recovered within MC error: sim yourEval/auditStudies.test.ts.)
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { runCli } from '../cli.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'evalsim-audit-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function evalsim(...args: string[]) {
  const result = await runCli(args, { cwd: root, env: {} });
  return { code: result.exitCode, stdout: result.stdout, stderr: result.stderr };
}

const STANDIN = 'studies/data/mmlu-standin.csv';
const QUICK = ['--replications', '60', '--workers', '0', '--quiet'];

describe('evalsim audit', () => {
  test('tables, verdicts, recommendation; three studies that rerun byte-identically', async () => {
    const out = join(tmp, 'a');
    const r = await evalsim(
      'audit',
      STANDIN,
      '--system',
      'haiku_off',
      '--versus',
      'haiku_low',
      '--methods',
      'wilson,clusteredCR1',
      ...QUICK,
      '--out',
      out,
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Resampling \(whole clusters/);
    expect(r.stdout).toMatch(/Parametric/);
    expect(r.stdout).toMatch(/false wins, identical copies/);
    // Haiku has 5 epochs: simulated, scored as their mean; Wilson (0/1) on one answer per question.
    expect(r.stdout).toMatch(/5 answers per question simulated and scored as their mean/);
    expect(r.stdout).toMatch(/One answer per question \(the 0\/1 methods/);
    expect(r.stdout.replace(/\s+/g, ' ')).toMatch(
      /At 1,140 questions in 57 clusters, 5 epochs scored as their mean, analyze's headline interval \(clusteredCR2\) was not audited/,
    );
    for (const line of r.stdout.split('\n').filter((l) => !/^(wrote|rerun| {2})/.test(l)))
      expect(line.length).toBeLessThanOrEqual(100);
    for (const name of ['audit-resampling', 'audit-answers', 'audit-parametric', 'audit-paired']) {
      const before = readFileSync(join(out, `${name}.arrow`));
      const again = await evalsim(
        'run',
        join(out, `${name}.json`),
        '--out',
        out,
        '--workers',
        '0',
        '--quiet',
      );
      expect(again.code).toBe(0);
      expect(readFileSync(join(out, `${name}.arrow`)).equals(before)).toBe(true);
    }
  });

  test('--json with a user module beside a built-in', async () => {
    // a user module of the method role's shape, importing nothing: p̂ ± 3·√(p̂(1 − p̂)/N)
    const module = join(tmp, 'wide-wald.mjs');
    writeFileSync(
      module,
      `export default { name: 'wideWald', description: 'p ± 3 SE', kind: 'interval', accepts: ['clusteredScores'],
  create: () => (data, _rng, out) => {
    let x = 0;
    for (let k = 0; k < data.clusterCount; k++) x += data.totals[k];
    const n = data.itemCount, p = x / n, h = 3 * Math.sqrt((p * (1 - p)) / n);
    out.estimate = p; out.se = h / 3; out.lower = p - h; out.upper = p + h; out.degenerate = false;
  } };\n`,
    );
    const out = join(tmp, 'b');
    const args = [
      'audit',
      STANDIN,
      '--system',
      'sonnet_off',
      '--methods',
      'wald',
      '--epochs',
      '1',
      '--json',
      ...QUICK,
      '--out',
      out,
    ];
    const r = await evalsim(...args, '--module', module);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc.facts.questions).toBe(1140);
    expect(doc.resampling[0].method).toBe('wald');
    expect(doc.resampling.map((m: { method: string }) => m.method)).toEqual(['wald', 'wide-wald']);
    expect(doc.resampling[1].coverage.value).toBeGreaterThan(doc.resampling[0].coverage.value);
    expect(['holds', 'undecided', 'too low', 'too high']).toContain(doc.resampling[0].verdict);
    expect(doc.paired.map((p: { test: string }) => p.test)).toEqual([
      'pairedCr2',
      'pairedClustered',
      'mcnemar',
      'pairedZ',
      'unpaired',
    ]);
    expect(doc.paired[0].headline).toBe(true);
    expect(typeof doc.recommendation).toBe('string');
  });

  test('bad flags are named', async () => {
    const bad = async (...args: string[]) => {
      const r = await evalsim('audit', STANDIN, ...args, '--out', join(tmp, 'bad'));
      expect(r.code).not.toBe(0);
      return r.stderr;
    };
    expect(await bad('--system', 'nope')).toMatch(/--system: no system "nope"/);
    expect(await bad('--methods', 'wilsn')).toMatch(/--methods: unknown "wilsn"/);
    expect(await bad('--level', '2')).toMatch(/--level/);
    expect(await bad('--clusters', '1')).toMatch(/--clusters/);
  });

  test('--help lists every audit interval method, the opt-in ones marked', async () => {
    const { AUDIT_INTERVALS } = await import('@evalsim/sim');
    const help = (await evalsim('audit', '--help')).stdout.replace(/\s+/g, ' ');
    for (const m of AUDIT_INTERVALS) expect(help).toContain(`${m.id}${m.optIn ? '*' : ''}`);
    expect(help).toContain('clusterBootstrapBasic*');
    expect(help).toContain('clusterBootstrapBca,');
    expect(help).toContain('betaPosterior,');
  });
});
