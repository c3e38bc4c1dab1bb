/**
 * The main thread's blocks in slices (simulateInSlices.ts): the same records as one call, the
 * event loop runs during a long block, and a cheap cell soon simulates whole blocks at once.
 */
import { describe, expect, test } from 'vitest';
import type { SimulationStudy } from '../config/study.js';
import { validateStudy } from '../config/validateStudy.js';
import { BLOCK_SIZE } from './blocks.js';
import { CellSimulator } from './cellSimulator.js';
import { allocateChunkOutput, chunkOutputOf } from './chunkOutput.js';
import { SLICE_MS, simulateInSlices } from './simulateInSlices.js';
import { BUILT_IN_STUDY, toyBaseDir } from './test-utils/toyStudy.js';

/** BUILT_IN_STUDY (with 60 clusters) and a cluster bootstrap of `resamples` on its first 150 replications. */
async function studyWith(resamples: number): Promise<SimulationStudy> {
  const study = await validateStudy(
    {
      ...BUILT_IN_STUDY,
      model: { name: 'betaBinomialClusters', params: { p: 0.7, clusters: 60, m: 5 } },
      methods: [
        ...BUILT_IN_STUDY.methods,
        { id: 'boot', method: 'clusterBootstrap', resamples, replications: 150 },
      ],
    },
    toyBaseDir,
  );
  if (study.kind !== 'simulation') throw new Error('a simulation study');
  return study;
}

const output = (simulator: CellSimulator) =>
  chunkOutputOf(allocateChunkOutput(simulator.shape, BLOCK_SIZE), simulator.shape, BLOCK_SIZE);
const bytes = (records: Float64Array) => Buffer.from(records.buffer, records.byteOffset, records.byteLength);

describe('simulateInSlices', () => {
  test('writes the records one simulate call writes, block by block, in slices from 1 replication', async () => {
    const study = await studyWith(200);
    const caps = study.methods.map((m) => m.replications ?? study.replications);
    for (const cell of [0, 1]) {
      const whole = new CellSimulator(study, cell, study.seed);
      const sliced = new CellSimulator(study, cell, study.seed);
      const slicing = { replications: 1 };
      for (const first of [0, 100, 200]) {
        const a = output(whole);
        const b = output(sliced);
        whole.simulate(first, BLOCK_SIZE, caps, a);
        await simulateInSlices(sliced, slicing, first, BLOCK_SIZE, caps, b);
        expect(bytes(b.records).equals(bytes(a.records))).toBe(true);
      }
    }
  });

  test('a long block lets the event loop run; a cheap cell soon takes whole blocks in one call', async () => {
    const study = await studyWith(4000);
    const caps = study.methods.map((m) => m.replications ?? study.replications);
    const simulator = new CellSimulator(study, 0, study.seed);
    const slicing = { replications: 1 };
    let ticks = 0;
    const interval = setInterval(() => ticks++, 1);
    const started = performance.now();
    await simulateInSlices(simulator, slicing, 0, BLOCK_SIZE, caps, output(simulator));
    const took = performance.now() - started;
    clearInterval(interval);
    // Meaningful only for a block of several slices: 4,000 resamples × 100 replications.
    expect(took).toBeGreaterThan(4 * SLICE_MS);
    expect(ticks).toBeGreaterThanOrEqual(2);
    // Past the bootstrap's cap (150) a replication costs microseconds: slices double to the block.
    for (const first of [200, 300, 400, 500, 600, 700, 800, 900]) {
      await simulateInSlices(simulator, slicing, first, BLOCK_SIZE, caps, output(simulator));
    }
    expect(slicing.replications).toBe(BLOCK_SIZE);
  });
});
