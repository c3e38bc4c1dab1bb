import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import {
  populationParseCount,
  readPopulationFile,
  type SharedPopulationFile,
  sharePopulationFiles,
} from '../models/support/populationFile.js';
import { loadItemPopulation } from './loadItemPopulation.js';
import { populationFromShared, sharePopulation } from './sharedPopulation.js';

const studies = fileURLToPath(new URL('../../../../studies/', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'evalsim-shared-population-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('sharePopulation / populationFromShared', () => {
  it('round-trips the stand-in: same columns and ids, every array on a SharedArrayBuffer', () => {
    const original = loadItemPopulation(join(studies, 'data/mmlu-standin.csv'));
    const shared = sharePopulation(original);
    const back = populationFromShared(structuredClone(shared));
    expect(back.questionCount).toBe(original.questionCount);
    expect(back.questions).toEqual(original.questions);
    expect(back.clusterNames).toEqual(original.clusterNames);
    expect([...back.clusterIndex]).toEqual([...original.clusterIndex]);
    expect(back.clusterIndex.buffer).toBeInstanceOf(SharedArrayBuffer);
    for (const [name, system] of original.systems) {
      const copy = back.systems.get(name);
      expect(copy?.correct).toEqual(system.correct);
      expect(copy?.k).toEqual(system.k);
      expect(copy?.first).toEqual(system.first);
      expect(copy?.answers?.values).toEqual(system.answers?.values);
      expect(copy?.correct.buffer).toBeInstanceOf(SharedArrayBuffer);
    }
  });

  it('round-trips a graded system: its recorded scores and their offsets, on shared buffers', () => {
    const file = join(dir, 'graded.csv');
    writeFileSync(file, 'question,cluster,correct_a,k_a,scores_a\nq1,x,1.25,3,0.5;0.75;0\nq2,y,0.1,1,0.1\n');
    const original = loadItemPopulation(file);
    const back = populationFromShared(structuredClone(sharePopulation(original)));
    const scores = back.systems.get('a')?.scores;
    expect(scores?.values).toEqual(original.systems.get('a')?.scores?.values);
    expect([...(scores?.offsets ?? [])]).toEqual([0, 3, 4]);
    expect(scores?.values.buffer).toBeInstanceOf(SharedArrayBuffer);
  });

  it('shares memory: a write through one view is seen through a clone (no copy was made)', () => {
    const shared = sharePopulation(loadItemPopulation(join(studies, 'data/mmlu-standin.csv')));
    const clone = structuredClone(shared);
    shared.systems[0].correct[0] = 42;
    expect(clone.systems[0].correct[0]).toBe(42);
  });

  it('non-ASCII question ids survive the UTF-8 buffer', () => {
    const path = join(dir, 'utf8.csv');
    writeFileSync(path, 'question,cluster,correct_a,k_a\nqü-1,c,1,2\n问题-2,c,0,1\n');
    const back = populationFromShared(sharePopulation(loadItemPopulation(path)));
    expect(back.questions).toEqual(['qü-1', '问题-2']);
  });
});

interface WorkerReply {
  parses: number;
  sum: number;
  shared: boolean;
  rows: number;
}

/** A worker thread that adopts `files`, reads `path` and reports what it parsed and read. */
function inWorker(files: readonly SharedPopulationFile[], path: string): Promise<WorkerReply> {
  // The worker runs the built module (the test setup rebuilds dist when a source is newer).
  const module = new URL('../../dist/models/support/populationFile.js', import.meta.url).href;
  const source = `
    const { parentPort, workerData } = require('node:worker_threads');
    import(${JSON.stringify(module)}).then((m) => {
      m.adoptPopulationFiles(workerData.files);
      const { population } = m.readPopulationFile(workerData.path, { baseDir: '/' });
      const correct = population.systems.values().next().value.correct;
      let sum = 0;
      for (const c of correct) sum += c;
      parentPort.postMessage({
        parses: m.populationParseCount(),
        sum,
        shared: correct.buffer instanceof SharedArrayBuffer,
        rows: population.questionCount,
      });
    });`;
  return new Promise((done, fail) => {
    const worker = new Worker(source, { eval: true, workerData: { files, path } });
    worker.once('message', (reply: WorkerReply) => {
      void worker.terminate();
      done(reply);
    });
    worker.once('error', fail);
  });
}

// 1e5 rows: parsed once or not does not depend on the size; the 1e6-row memory figure is
// measured by scripts/population-memory.mjs (and end to end with `evalsim run`).
describe('a large population is parsed once and shared with worker threads', () => {
  it('two workers adopt the main thread’s columns and parse nothing (generated file, not committed)', async () => {
    const rows = 100_000;
    const path = join(dir, 'large.csv');
    const lines = ['question,cluster,correct_a,k_a,correct_b,k_b'];
    for (let i = 0; i < rows; i++) lines.push(`q${i},c${i % 1000},${i % 4},4,${i % 3},3`);
    writeFileSync(path, `${lines.join('\n')}\n`);
    const before = populationParseCount();
    const { population } = readPopulationFile('large.csv', { baseDir: dir });
    expect(populationParseCount()).toBe(before + 1);
    const files = sharePopulationFiles().filter((file) => file.path === path);
    expect(files).toHaveLength(1);
    let expected = 0;
    for (const c of population.systems.get('a')?.correct ?? []) expected += c;
    const replies = await Promise.all([0, 1].map(() => inWorker(files, path)));
    for (const reply of replies) {
      expect(reply).toEqual({ parses: 0, sum: expected, shared: true, rows });
    }
    // The check can fail: a worker given no shared files parses the file itself.
    const standin = join(studies, 'data/mmlu-standin.csv');
    expect((await inWorker([], standin)).parses).toBe(1);
  }, 120_000);
});
