/**
 * The audit's interval methods are the registry's: every built-in interval method that takes
 * one system's clustered scores is in AUDIT_INTERVALS (the cluster bootstrap with every
 * `type`), each id is accepted by `--methods` and its configuration is a valid study method
 * that runs; the default set leaves out the opt-in (slow) ones and, without clusters, the
 * clustered ones.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validateStudy } from '../config/validateStudy.js';
import { methodRegistry } from '../methods/registry.js';
import { loadItemPopulation } from '../population/loadItemPopulation.js';
import { runStudy } from '../runner/runStudy.js';
import { AUDIT_INTERVALS, buildAudit } from './auditStudies.js';

const tmp = mkdtempSync(join(tmpdir(), 'evalsim-audit-methods-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** 40 questions in 8 clusters (or each its own), one answer each. */
function population(clusters: boolean) {
  const lines = ['question,cluster,correct_sys,k_sys'];
  for (let q = 0; q < 40; q++) {
    const right = (q * 7) % 10 < 6 + (q % 8 === 0 ? 3 : 0) ? 1 : 0;
    lines.push(`q${q},${clusters ? `c${q % 8}` : `q${q}`},${right},1`);
  }
  const file = join(tmp, clusters ? 'clustered.csv' : 'flat.csv');
  writeFileSync(file, `${lines.join('\n')}\n`);
  return { populationFile: file, population: loadItemPopulation(file), system: 'sys' };
}

describe('audit --methods covers every per-system interval method', () => {
  // meanScore is registered as an interval method but is a point estimate only (no interval).
  const perSystem = methodRegistry.list.filter(
    (m) => m.kind === 'interval' && m.accepts.includes('clusteredScores') && m.name !== 'meanScore',
  );

  it('every registry interval on one system’s clustered scores is an audit method (every bootstrap type)', () => {
    expect(perSystem.length).toBeGreaterThanOrEqual(15);
    const audited = new Set(AUDIT_INTERVALS.map((m) => m.config.method));
    expect(perSystem.map((m) => m.name).filter((name) => !audited.has(name))).toEqual([]);
    const types = AUDIT_INTERVALS.filter((m) => m.config.method === 'clusterBootstrap').map(
      (m) => m.config.type ?? 'percentile',
    );
    const choices = methodRegistry.get('clusterBootstrap', 'method').options!.type;
    expect(choices.type === 'choice' && [...choices.values].sort()).toEqual([...types].sort());
    expect(new Set(AUDIT_INTERVALS.map((m) => m.id)).size).toBe(AUDIT_INTERVALS.length);
  });

  it('every id is accepted by --methods, validates as a study method and runs', async () => {
    const audit = buildAudit({
      ...population(true),
      methods: AUDIT_INTERVALS.map((m) => m.id),
      replications: 3,
    });
    expect(audit.methods).toEqual(AUDIT_INTERVALS.map((m) => m.id));
    const study = await validateStudy(audit.resampling, tmp);
    const rows = (await runStudy(study, { workers: 0 })).rows.filter((r) => r.metric === 'coverage');
    expect(new Set(rows.map((r) => r.method))).toEqual(new Set(audit.methods));
  });

  it('the default set: no opt-in methods (analyze’s BCa and HBB are in); the clustered ones only with clusters', () => {
    const clustered = buildAudit(population(true)).methods;
    const flat = buildAudit(population(false)).methods;
    const optIn = AUDIT_INTERVALS.filter((m) => m.optIn).map((m) => m.id);
    expect(optIn).toEqual([
      'clusterBootstrapBasic',
      'clusterBootstrapStudentized',
      'wildClusterBootstrap',
      'binaryBootstrap',
    ]);
    expect(clustered).toContain('clusterBootstrapBca');
    expect(clustered).toContain('hierarchicalBetaBinomial');
    // analyze's resamples, and the HBB capped (≈ 0.5 s a fit) in the resampling study only.
    const audit = buildAudit(population(true));
    const bca = audit.resampling.methods!.find((m) => m.id === 'clusterBootstrapBca')!;
    expect(bca.resamples).toBe(2000);
    expect(audit.resampling.methods!.find((m) => m.id === 'hierarchicalBetaBinomial')!.replications).toBe(
      100,
    );
    expect(audit.parametric.methods!.some((m) => m.id === 'hierarchicalBetaBinomial')).toBe(false);
    expect(clustered).toEqual(AUDIT_INTERVALS.filter((m) => !m.optIn).map((m) => m.id));
    expect(clustered).toContain('betaPosterior');
    expect(flat).toEqual(AUDIT_INTERVALS.filter((m) => !m.optIn && !m.clustered).map((m) => m.id));
    expect(() => buildAudit({ ...population(true), methods: ['clusterBootstrapBCa'] })).toThrow(
      /^--methods: unknown "clusterBootstrapBCa"; allowed: wald, .*clusterBootstrapBca, /,
    );
  });
});
