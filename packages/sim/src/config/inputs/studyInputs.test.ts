import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { studyConfigText } from '../../runner/chunkTask.js';
import { executeChunk } from '../../runner/executeChunk.js';
import { loadStudy } from '../loadStudy.js';
import { validateStudy } from '../validateStudy.js';

const dir = mkdtempSync(join(tmpdir(), 'evalsim-inputs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const METHOD = `import { half } from './lib/half.mjs';
import 'not-installed-pkg-xyz';
export const method = { name: 'm', kind: 'interval', accepts: ['clusteredScores'], create() {
  return (_d, _r, out) => { out.estimate = half; out.lower = 0; out.upper = 1; out.degenerate = false; };
} };
`;

function folder(name: string): string {
  const path = join(dir, name);
  mkdirSync(join(path, 'lib'), { recursive: true });
  mkdirSync(join(path, 'node_modules', 'not-installed-pkg-xyz'), { recursive: true });
  writeFileSync(
    join(path, 'node_modules', 'not-installed-pkg-xyz', 'package.json'),
    '{"version":"9.9.9","main":"i.js"}',
  );
  writeFileSync(join(path, 'node_modules', 'not-installed-pkg-xyz', 'i.js'), '');
  writeFileSync(join(path, 'method.mjs'), METHOD);
  writeFileSync(join(path, 'lib', 'half.mjs'), 'export const half = 0.5;\n');
  return path;
}

const YAML = `# a comment
name: inputs
title: Inputs
seed: 1
replications: 5
model: { name: betaBinomialClusters, params: { p: 0.5, rho: 0.1, clusters: 3, m: 2 } }
methods: [{ id: mine, module: ./method.mjs }]
metrics: [coverage]
`;

describe('study inputs', () => {
  test('the study file, the module, its local import and its package; the digest ignores the study file bytes', async () => {
    const path = folder('a');
    writeFileSync(join(path, 'study.yaml'), YAML);
    const study = await loadStudy(join(path, 'study.yaml'));
    expect(study.inputs.map((i) => [i.role, i.path, i.bytes, i.version])).toEqual([
      ['study', 'study.yaml', YAML.length, undefined],
      ['method', 'method.mjs', METHOD.length, undefined],
      ['import', 'lib/half.mjs', 25, undefined],
      ['package', 'not-installed-pkg-xyz', null, '9.9.9'],
    ]);
    expect(study.inputs[1].sha256).toMatch(/^[0-9a-f]{64}$/);
    // a comment edited: the same config, the same digest (the study file's own hash changes)
    writeFileSync(join(path, 'study.yaml'), YAML.replace('# a comment', '# another comment'));
    const commented = await loadStudy(join(path, 'study.yaml'));
    expect(commented.inputDigest).toBe(study.inputDigest);
    expect(commented.inputs[0].sha256).not.toBe(study.inputs[0].sha256);
    // the imported helper edited: another digest
    writeFileSync(join(path, 'lib', 'half.mjs'), 'export const half = 0.25;\n');
    expect((await loadStudy(join(path, 'study.yaml'))).inputDigest).not.toBe(study.inputDigest);
  });

  test('a worker (executeChunk) that loads other inputs than the main thread refuses, naming the file', async () => {
    const path = folder('b');
    writeFileSync(join(path, 'study.yaml'), YAML);
    const main = await loadStudy(join(path, 'study.yaml'));
    writeFileSync(join(path, 'lib', 'half.mjs'), 'export const half = 0.75;\n');
    const task = {
      studyKey: main.inputDigest,
      inputs: main.inputs,
      configText: studyConfigText(main.config),
      baseDir: main.baseDir,
      cell: 0,
      seed: 1,
      start: 0,
      count: 2,
      caps: [5],
      keepRecords: false,
      keepAnswers: false,
    };
    await expect(executeChunk(task)).rejects.toThrow(
      /study inputs: a worker read different inputs than the main thread: import lib\/half\.mjs \(main thread: sha256 [0-9a-f]{12}…, 25 bytes; worker: sha256 [0-9a-f]{12}…, 26 bytes\)/,
    );
  });

  test('a study given as a config (no file) lists no study file', async () => {
    const study = await validateStudy(
      {
        name: 'plain',
        title: 'Plain',
        seed: 1,
        replications: 2,
        model: { name: 'betaBinomialClusters', params: { p: 0.5, rho: 0, clusters: 2, m: 2 } },
        methods: [{ method: 'wald' }],
        metrics: ['coverage'],
      },
      dir,
    );
    expect(study.inputs).toEqual([]);
    expect(study.inputDigest).toMatch(/^[0-9a-f]{64}$/);
  });
});
