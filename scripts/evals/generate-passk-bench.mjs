#!/usr/bin/env node
// The many-samples benchmark's input (issue 29, point 6): 100 systems × 5,000 questions in 50
// clusters × 16 samples = 8,000,000 scored samples as one long Arrow table (question, cluster,
// system: dictionary-encoded strings, as pyarrow writes a pandas categorical; epoch Int32;
// score Float64 0/1). Question difficulty logit ~ N(0, 1.5²) plus a cluster effect N(0, 0.5²);
// system s adds a skill shift (s − 50)/50; each sample passes with the resulting probability.
// Deterministic (scripts/standin/prng.mjs from the seed). Usage:
//   node scripts/evals/generate-passk-bench.mjs --out DIR [--systems 100] [--questions 5000] [--samples 16] [--seed 29]
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createPrng } from '../standin/prng.mjs';

// apache-arrow as the sim package resolves it (the scripts folder has no dependencies of its own).
const arrowPath = createRequire(new URL('../../packages/sim/package.json', import.meta.url)).resolve(
  'apache-arrow',
);
const { Dictionary, Float64, Int32, makeData, makeVector, Table, tableToIPC, Utf8, vectorFromArray } =
  await import(pathToFileURL(arrowPath).href);

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    systems: { type: 'string', default: '100' },
    questions: { type: 'string', default: '5000' },
    samples: { type: 'string', default: '16' },
    clusters: { type: 'string', default: '50' },
    seed: { type: 'string', default: '29' },
  },
});
if (!values.out) throw new Error('--out DIR is required');
const S = Number(values.systems);
const Q = Number(values.questions);
const N = Number(values.samples);
const K = Number(values.clusters);

const prng = createPrng(Number(values.seed));
const uniform = () => prng.uniform();
const normal = () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());

const clusterEffect = Float64Array.from({ length: K }, () => 0.5 * normal());
const difficulty = Float64Array.from({ length: Q }, (_, q) => 1.5 * normal() + clusterEffect[q % K]);
const rows = S * Q * N;
const question = new Int32Array(rows);
const cluster = new Int32Array(rows);
const system = new Int32Array(rows);
const epoch = new Int32Array(rows);
const score = new Float64Array(rows);
let i = 0;
for (let s = 0; s < S; s++) {
  const shift = (s - S / 2) / (S / 2);
  for (let q = 0; q < Q; q++) {
    const p = 1 / (1 + Math.exp(-(difficulty[q] + shift)));
    for (let e = 1; e <= N; e++) {
      question[i] = q;
      cluster[i] = q % K;
      system[i] = s;
      epoch[i] = e;
      score[i] = uniform() < p ? 1 : 0;
      i++;
    }
  }
}
const dict = (codes, names, id) =>
  makeVector(
    makeData({
      type: new Dictionary(new Utf8(), new Int32(), id),
      length: rows,
      data: codes,
      dictionary: vectorFromArray(names, new Utf8()),
    }),
  );
const table = new Table({
  question: dict(
    question,
    Array.from({ length: Q }, (_, q) => `q${q}`),
    0,
  ),
  cluster: dict(
    cluster,
    Array.from({ length: K }, (_, k) => `topic-${k}`),
    1,
  ),
  system: dict(
    system,
    Array.from({ length: S }, (_, s) => `model-${String(s).padStart(3, '0')}`),
    2,
  ),
  epoch: makeVector(makeData({ type: new Int32(), length: rows, data: epoch })),
  score: makeVector(makeData({ type: new Float64(), length: rows, data: score })),
});
mkdirSync(values.out, { recursive: true });
const path = join(values.out, 'samples.arrow');
writeFileSync(`${path}.tmp`, tableToIPC(table, 'file'));
renameSync(`${path}.tmp`, path);
process.stderr.write(
  `wrote ${path}: ${S} systems × ${Q} questions × ${N} samples = ${rows.toLocaleString('en-US')} rows\n`,
);
