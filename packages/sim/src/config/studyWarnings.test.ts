import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { StudyConfig } from './studyConfig.js';
import { studyWarnings } from './studyWarnings.js';
import { validateStudy } from './validateStudy.js';

const studies = fileURLToPath(new URL('../../../../studies/', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'evalsim-warnings-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const base = (model: Record<string, unknown>, methods: { id: string; method: string }[]): StudyConfig => ({
  name: 'w',
  title: 'w',
  seed: 1,
  replications: 10,
  model: {
    name: 'itemPopulation',
    params: { population: 'data/mmlu-standin.csv', systems: ['haiku_off'], ...model },
  },
  methods,
  metrics: ['coverage'],
});

const warningsOf = async (config: StudyConfig, dir = studies) =>
  studyWarnings(await validateStudy(config, dir));

describe('studyWarnings (guard rails)', () => {
  it('a clustered method on questions resampled one by one: warned at the method, with the fix', async () => {
    const w = await warningsOf(
      base({ n: 200 }, [
        { id: 'cr1', method: 'clustered' },
        { id: 'wilson', method: 'wilson' },
      ]),
    );
    expect(w).toHaveLength(1);
    expect(w[0].field).toBe('methods[0]');
    expect(w[0].message).toMatch(/resampled without clusters.*model\.params\.clusters/);
  });

  it('whole clusters drawn: no warning; one cluster per replication: warned at clusters', async () => {
    expect(await warningsOf(base({ clusters: 10 }, [{ id: 'cr1', method: 'clustered' }]))).toEqual([]);
    const w = await warningsOf(base({ clusters: 1 }, [{ id: 'cr1', method: 'clusterBootstrap' }]));
    expect(w.map((x) => x.field)).toEqual(['model.params.clusters']);
  });

  it('a population with fewer clusters than the method needs: warned at the population', async () => {
    writeFileSync(
      join(tmp, 'flat.csv'),
      `question,cluster,correct_a,k_a\n${Array.from({ length: 30 }, (_, i) => `q${i},q${i},${i % 2},1`).join('\n')}\n`,
    );
    const config = base({ n: 20 }, [{ id: 'cr2', method: 'clustered' }]);
    const w = await warningsOf(
      {
        ...config,
        model: { name: 'itemPopulation', params: { population: 'flat.csv', systems: ['a'], n: 20 } },
      },
      tmp,
    );
    expect(w.map((x) => x.field)).toEqual(['model.params.population']);
    expect(w[0].message).toMatch(/30 cluster\(s\) for 30 questions \(one question each/);
  });

  it('a binary-only method on graded scores (answer "rate"): warned at model.params.answer', async () => {
    const w = await warningsOf(
      base({ clusters: 20, answer: 'rate' }, [
        { id: 'w', method: 'wilson' },
        { id: 'n', method: 'naive' },
      ]),
    );
    expect(w.map((x) => x.field)).toEqual(['model.params.answer']);
    expect(w[0].message).toMatch(/"w" \(wilson\) is defined on 0\/1 scores/);
    expect(await warningsOf(base({ clusters: 20 }, [{ id: 'w', method: 'wilson' }]))).toEqual([]);
  });
});
