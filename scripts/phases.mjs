// Where a study's time goes, in this thread (no workers): module import, validation, and per
// replication the model's generate, each method's analyse, the simulate loop (reseeds, records)
// and the block aggregation (CellPartial.add), summed over all cells. Instrumented by difference: a pass
// that only generates, a pass per method that generates and runs that method, the real
// CellSimulator pass, and CellPartial.add over its records. Timings are wall-clock (median of
// `--repeat` passes, default 3; the first pass is also shown: it includes JIT warm-up).
// Usage: node scripts/phases.mjs <study.json> [--repeat N] [--replications R]
import { performance } from 'node:perf_hooks';

const t0 = performance.now();
const sim = await import('../packages/sim/dist/index.js');
const tImport = performance.now() - t0;
// Runner internals, not part of the public API: read from the built per-file modules.
const { CellSimulator } = await import('../packages/sim/dist/runner/cellSimulator.js');
const { CellPartial } = await import('../packages/sim/dist/runner/cellPartial.js');
const { allocateChunkOutput, chunkOutputOf } = await import('../packages/sim/dist/runner/chunkOutput.js');
const { createMethodResult } = await import('../packages/sim/dist/base/methodResult.js');
const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--'));
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
if (!file) {
  console.error('usage: node scripts/phases.mjs <study.json> [--repeat N] [--replications R]');
  process.exit(2);
}
const t1 = performance.now();
const study = await sim.loadStudy(file);
const tLoad = performance.now() - t1;
if (study.kind !== 'simulation') {
  console.error(`${file}: a formula study (closed forms): nothing is simulated`);
  process.exit(2);
}
const R = option('replications', study.replications);
const repeat = option('repeat', 3);
const seed = study.seed ?? 0;
const caps = study.methods.map((m) => Math.min(m.replications ?? R, R));
const definition = study.model.definition;

function pass() {
  const times = { generate: 0, simulate: 0, aggregate: 0, methods: study.methods.map(() => 0) };
  for (const cell of study.cells) {
    const params = study.model.parsed[cell.index];
    const data = definition.allocate(params);
    const cellKey = sim.streamSeed(seed, cell.index);
    const stream = new sim.SeededStream(cellKey, 0);
    let t = performance.now();
    for (let r = 0; r < R; r++) definition.generate(params, stream.reseed(cellKey, r), data);
    const generate = performance.now() - t;
    times.generate += generate;
    study.methods.forEach((m, j) => {
      const analyse = m.definition.create(m.options, { level: m.level });
      const key = sim.streamSeed(`${seed}/${m.id}`, cell.index);
      const methodStream = new sim.SeededStream(key, 0);
      const result = createMethodResult();
      t = performance.now();
      for (let r = 0; r < caps[j]; r++) {
        definition.generate(params, stream.reseed(cellKey, r), data);
        analyse(data, methodStream.reseed(key, r), result);
      }
      times.methods[j] += performance.now() - t - (generate * caps[j]) / R;
    });
    const simulator = new CellSimulator(study, cell.index, seed);
    const output = chunkOutputOf(allocateChunkOutput(simulator.shape, R), simulator.shape, R);
    t = performance.now();
    simulator.simulate(0, R, caps, output);
    times.simulate += performance.now() - t;
    const partial = new CellPartial(study, cell.index, caps);
    t = performance.now();
    partial.add(output.records, 0, R);
    times.aggregate += performance.now() - t;
  }
  return times;
}

const passes = [];
for (let i = 0; i < repeat; i++) passes.push(pass());
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (x) => `${x.toFixed(0).padStart(6)} ms`;
const row = (label, pick) =>
  console.log(`${label.padEnd(34)}${fmt(pick(passes[0]))}  ${fmt(median(passes.map(pick)))}`);
console.log(`${study.name}: ${study.cells.length} cells × ${R} replications`);
console.log(`${'import @evalsim/sim'.padEnd(34)}${fmt(tImport)}`);
console.log(`${'loadStudy (read + validate)'.padEnd(34)}${fmt(tLoad)}`);
console.log(`${''.padEnd(34)}${'first'.padStart(9)}  ${'median'.padStart(9)}`);
row('generate (model)', (p) => p.generate);
study.methods.forEach((m, j) => {
  row(`analyse ${m.id}`, (p) => p.methods[j]);
});
row('CellSimulator.simulate (all)', (p) => p.simulate);
row('  of which loop overhead', (p) => p.simulate - p.generate - p.methods.reduce((a, b) => a + b, 0));
row('CellPartial.add', (p) => p.aggregate);
