// Throughput of the seeded streams and samplers (M draws/s per core, tight loop,
// best of `REPEATS`, timed in process CPU time so other load on the machine does
// not count against us). Run after `pnpm build`: node packages/sim/bench/rng.bench.mjs
// Each loop sums its draws so the JIT cannot drop them.
import seedrandom from 'seedrandom';
import { SeededStream, streamSeed } from '../dist/index.js';

const REPEATS = Number(process.env.REPEATS ?? 5);

function measure(name, draws, loop) {
  loop(Math.min(draws, 1e6)); // warm up the JIT
  let best = 0;
  let sink = 0;
  for (let r = 0; r < REPEATS; r++) {
    const start = process.cpuUsage();
    sink += loop(draws);
    const used = process.cpuUsage(start);
    const seconds = (used.user + used.system) / 1e6;
    best = Math.max(best, draws / seconds / 1e6);
  }
  console.log(`${name.padEnd(34)} ${best.toFixed(1).padStart(7)} M/s${Number.isNaN(sink) ? ' (NaN!)' : ''}`);
  return best;
}

const key = streamSeed(20240601, 0);
const s = new SeededStream(key, 0);
const arc4 = seedrandom('20240601/0');

console.log(`node ${process.version}; best of ${REPEATS}`);
measure('seedrandom ARC4 prng() [53-bit]', 2e7, (n) => {
  let t = 0;
  for (let i = 0; i < n; i++) t += arc4();
  return t;
});
measure('seedrandom ARC4 int32()', 2e7, (n) => {
  let t = 0;
  for (let i = 0; i < n; i++) t += arc4.int32();
  return t;
});
measure('seedrandom() construction', 1e5, (n) => {
  let t = 0;
  for (let i = 0; i < n; i++) t += seedrandom(`20240601/${i}`).int32();
  return t;
});
measure('SeededStream reseed', 1e7, (n) => {
  let t = 0;
  for (let i = 0; i < n; i++) t += s.reseed(key, i).uint32();
  return t;
});
measure('sfc32 uint32()', 2e8, (n) => {
  let t = 0;
  for (let i = 0; i < n; i++) t += s.uint32();
  return t;
});
measure('uniform() [53-bit]', 2e8, (n) => {
  let t = 0;
  for (let i = 0; i < n; i++) t += s.uniform();
  return t;
});
measure('normal()', 1e8, (n) => {
  let t = 0;
  for (let i = 0; i < n; i++) t += s.normal();
  return t;
});
measure('binomial(10, 0.7)', 5e7, (n) => {
  let t = 0;
  for (let i = 0; i < n; i++) t += s.binomial(10, 0.7);
  return t;
});
measure('binomial(10, p varying)', 5e7, (n) => {
  let t = 0;
  for (let i = 0; i < n; i++) t += s.binomial(10, 0.5 + (i & 1023) * 4e-4);
  return t;
});
measure('binomial(1000, 0.7)', 5e7, (n) => {
  let t = 0;
  for (let i = 0; i < n; i++) t += s.binomial(1000, 0.7);
  return t;
});
measure('beta(2.33, 1)', 2e7, (n) => {
  let t = 0;
  for (let i = 0; i < n; i++) t += s.beta(2.33, 1);
  return t;
});
measure('gamma(0.5)', 2e7, (n) => {
  let t = 0;
  for (let i = 0; i < n; i++) t += s.gamma(0.5);
  return t;
});
measure('index(1000)', 1e8, (n) => {
  let t = 0;
  for (let i = 0; i < n; i++) t += s.index(1000);
  return t;
});
measure('webb()', 1e8, (n) => {
  let t = 0;
  for (let i = 0; i < n; i++) t += s.webb();
  return t;
});
