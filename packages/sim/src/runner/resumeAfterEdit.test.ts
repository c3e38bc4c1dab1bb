/**
 * Issue 8 item 1: `resume` never mixes results of different inputs. A run is interrupted
 * (abort signal) after two of four cells; then the population CSV, or a helper module the
 * method imports, is edited: resuming recomputes every cell and writes what a fresh run
 * writes. Unedited, resuming reuses the two finished cells. The inputs go into the results'
 * metadata as provenance.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { validateStudy } from '../config/validateStudy.js';
import { readResultsArrow } from '../output/arrowResults.js';
import type { RunOptions, StudyRun } from './runOptions.js';
import { runStudy } from './runStudy.js';

const dir = mkdtempSync(join(tmpdir(), 'evalsim-resume-edit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const POPULATION = [
  'question,cluster,correct_a,k_a',
  'q1,c1,1,2',
  'q2,c1,2,2',
  'q3,c2,0,2',
  'q4,c2,1,2',
  'q5,c3,2,2',
  'q6,c3,1,2',
];

const METHOD = `import { Z } from './lib/helper.mjs';
export const method = {
  name: 'helperWald',
  kind: 'interval',
  accepts: ['clusteredScores'],
  create() {
    return (data, _rng, out) => {
      let sum = 0;
      for (let k = 0; k < data.clusterCount; k++) sum += data.totals[k];
      const p = sum / data.itemCount;
      const se = Math.sqrt((p * (1 - p)) / data.itemCount);
      out.estimate = p;
      out.se = se;
      out.lower = p - Z * se;
      out.upper = p + Z * se;
      out.degenerate = se === 0;
    };
  },
};
`;

let count = 0;

/** A fresh folder with the population, the method, its helper and the study config. */
function setup(): { folder: string; config: Record<string, unknown> } {
  const folder = join(dir, `case-${count++}`);
  mkdirSync(join(folder, 'lib'), { recursive: true });
  writeFileSync(join(folder, 'population.csv'), `${POPULATION.join('\n')}\n`);
  writeFileSync(join(folder, 'method.mjs'), METHOD);
  writeFileSync(join(folder, 'lib', 'helper.mjs'), 'export const Z = 1.959963984540054;\n');
  const config = {
    name: 'resume-edit',
    title: 'Resume after an edit',
    seed: 7,
    replications: 400,
    model: {
      name: 'itemPopulation',
      params: { population: './population.csv', systems: ['a'], replace: true },
    },
    grid: { n: [2, 3, 4, 5] },
    methods: [
      { id: 'wald', method: 'wald' },
      { id: 'helper', module: './method.mjs' },
    ],
    metrics: ['coverage', 'meanWidth'],
  };
  return { folder, config };
}

async function run(folder: string, config: object, options: RunOptions): Promise<StudyRun> {
  return runStudy(await validateStudy(config, folder), { chunkSize: 100, workers: 0, ...options });
}

/** Runs into `out` and aborts once two cells are finished (and checkpointed). */
async function interruptedRun(folder: string, config: object, out: string, workers: number): Promise<void> {
  const controller = new AbortController();
  const attempt = run(folder, config, {
    outDir: out,
    workers,
    signal: controller.signal,
    onProgress: (p) => {
      if (p.cellsDone >= 2 && !controller.signal.aborted) controller.abort(new Error('test interrupt'));
    },
  });
  await expect(attempt).rejects.toThrow('test interrupt');
}

function arrowBytes(result: StudyRun): Buffer {
  return readFileSync(result.files.arrow!);
}

describe('resume after an edit of an input (issue 8 item 1)', () => {
  test('unedited: resuming reuses the finished cells and writes the bytes of a fresh run', async () => {
    const { folder, config } = setup();
    await interruptedRun(folder, config, join(folder, 'out'), 0);
    const resumed = await run(folder, config, { outDir: join(folder, 'out'), resume: true });
    expect(resumed.staleCheckpoints).toBe(0);
    const fresh = await run(folder, config, { outDir: join(folder, 'fresh') });
    expect(resumed.resumedCells).toBeGreaterThanOrEqual(2);
    expect(resumed.resumedCells).toBeLessThan(4);
    expect(arrowBytes(resumed).equals(arrowBytes(fresh))).toBe(true);
  });

  test('edited population CSV: resuming recomputes every cell and equals a fresh run', async () => {
    const { folder, config } = setup();
    await interruptedRun(folder, config, join(folder, 'out'), 0);
    const before = await run(folder, config, { outDir: join(folder, 'before') });
    writeFileSync(
      join(folder, 'population.csv'),
      `${POPULATION.join('\n').replace('q3,c2,0,2', 'q3,c2,2,2')}\n`,
    );
    const checkpoints = readdirSync(join(folder, 'out'), { recursive: true }).filter((f) =>
      /cell-\d+\.json$/.test(String(f)),
    );
    const resumed = await run(folder, config, { outDir: join(folder, 'out'), resume: true });
    expect(checkpoints.length).toBeGreaterThanOrEqual(2);
    expect(resumed.staleCheckpoints).toBe(checkpoints.length);
    expect(readdirSync(join(folder, 'out'))).not.toContain('.checkpoints');
    const fresh = await run(folder, config, { outDir: join(folder, 'fresh') });
    expect(resumed.resumedCells).toBe(0);
    expect(arrowBytes(resumed).equals(arrowBytes(fresh))).toBe(true);
    // the edit changed the numbers, so reusing a cell would have shown
    expect(resumed.rows.map((r) => r.value)).not.toEqual(before.rows.map((r) => r.value));
  });

  test('edited helper imported by the method: resuming (in workers) recomputes and equals a fresh run', async () => {
    const { folder, config } = setup();
    await interruptedRun(folder, config, join(folder, 'out'), 1);
    writeFileSync(join(folder, 'lib', 'helper.mjs'), 'export const Z = 1;\n');
    // workers: each run's pool imports the modules afresh (this thread's import cache keeps old code)
    const resumed = await run(folder, config, { outDir: join(folder, 'out'), resume: true, workers: 1 });
    const fresh = await run(folder, config, { outDir: join(folder, 'fresh'), workers: 1 });
    expect(resumed.resumedCells).toBe(0);
    expect(arrowBytes(resumed).equals(arrowBytes(fresh))).toBe(true);
    const width = resumed.rows.find((r) => r.method === 'helper' && r.metric === 'meanWidth')!;
    const wald = resumed.rows.find(
      (r) => r.cell === width.cell && r.method === 'wald' && r.metric === 'meanWidth',
    )!;
    // z = 1 instead of 1.96: the helper's edit is in the numbers
    expect(width.value / wald.value).toBeCloseTo(1 / 1.959963984540054, 9);
  });

  test('the results carry every input with its sha256 as provenance', async () => {
    const { folder, config } = setup();
    const result = await run(folder, config, { outDir: join(folder, 'out') });
    const inputs = readResultsArrow(result.files.arrow!).metadata.inputs as { role: string; path: string }[];
    expect(inputs.map((i) => [i.role, i.path])).toEqual([
      ['method', 'method.mjs'],
      ['import', 'lib/helper.mjs'],
      ['data', 'population.csv'],
    ]);
    expect(inputs).toEqual(result.study.inputs);
  });
});
