/**
 * A simulated arena (model `battleArena`, data kind `battleRecords`): `models` models with true
 * strengths, `battles` battles per replication between pairs drawn by the arena's sampling, each
 * decided by Davidson's model with ties, on a prompt with its own effects, judged with noise:
 *
 *   pair (a, b), a ≠ b:  P ∝ 1 (`sampling: uniform`) or w_a·w_b (`popularity`: w_j = e^{σ·z_j},
 *                        σ = `unevenness`, z_j the normal quantile (j + ½)/M taken in the order
 *                        0, M−1, 1, M−2, … so that popularity is not tied to strength);
 *   logit  x = c(R_a − R_b) + (u_{p,a} − u_{p,b}) + ε,   c = ln 10/400 (R in Elo points),
 *          u_{p,j} ~ N(0, (c·promptSd)²) per prompt p and replication (`prompts` of them, each
 *          battle on a uniform one; 0: every battle its own prompt, no prompt effect),
 *          ε ~ N(0, (c·judgeNoise)²) per battle;
 *   outcome  a wins, tie, b wins with probabilities ∝ e^{x/2}, ν, e^{−x/2},  ν = 2t/(1 − t) for the
 *          tie share t between equal models (`ties`).
 *
 * True ratings R: `ratings` (M numbers, Elo), or `spread`·z_j in rating order (model 0 the
 * strongest; 0: identical copies). `design`: an arena design file instead (support/arenaDesign.ts,
 * written by `evalsim rate --audit` from a battle file): its models, true ratings and ν, and its
 * vote counts per ordered pair — the same in every replication, each battle its own prompt — the
 * audit's world.
 *
 * The estimand the methods' intervals aim at is the BT projection θ* of this world
 * (support/arenaEstimand.ts), in `trueRatings`; truth = θ*_1 − θ*_0 in Elo points (the
 * difference interval of methods/arenaRating.ts). Allocation-free per replication.
 */

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { normalQuantile } from '@evalsim/core';
import type { BattleRecords } from '../base/dataKinds.js';
import { defineModel } from '../base/defineModel.js';
import { ConfigError } from '../base/errors.js';
import type { RandomStream } from '../base/randomStream.js';
import type { DataSource } from '../base/roles.js';
import { DiscreteTable } from '../samplers/discreteTable.js';
import { type ArenaDesign, parseArenaDesign } from './support/arenaDesign.js';
import { arenaEstimand } from './support/arenaEstimand.js';

const C = Math.LN10 / 400;

export interface BattleArenaParams {
  readonly models: number;
  readonly battles: number;
  /** True strengths, natural units. */
  readonly theta: Float64Array;
  readonly nu: number;
  readonly prompts: number;
  /** Prompt-effect s.d., natural units. */
  readonly promptSd: number;
  readonly judgeSd: number;
  /** Ordered-pair table (random pairs), or null with a fixed design. */
  readonly pairs: { readonly table: DiscreteTable; readonly a: Int32Array; readonly b: Int32Array } | null;
  /** Fixed design: each battle's pair and prompt. */
  readonly design: {
    readonly a: Int32Array;
    readonly b: Int32Array;
    readonly prompt: Int32Array;
    readonly prompts: number;
  } | null;
  readonly trueRatings: Float64Array;
  readonly source: DataSource | null;
}

const PARAMS = {
  models: {
    type: 'integer',
    min: 2,
    max: 200,
    description: 'Models in the arena (with `design`: the file’s).',
  },
  battles: {
    type: 'integer',
    min: 1,
    max: 10_000_000,
    description: 'Battles per replication (with `design`: the file’s).',
  },
  spread: {
    type: 'number',
    min: 0,
    max: 2000,
    default: 0,
    description:
      'S.d. of the true ratings in Elo points, placed at normal quantiles, model 0 the strongest (0: identical copies).',
  },
  ratings: {
    type: 'numbers',
    min: -10000,
    max: 10000,
    description: 'True ratings in Elo points, one per model (instead of spread).',
  },
  sampling: {
    type: 'choice',
    values: ['uniform', 'popularity'],
    default: 'uniform',
    description: 'Pair sampling: every pair alike, or ∝ w_a·w_b with log-normal popularities (unevenness).',
  },
  unevenness: {
    type: 'number',
    min: 0,
    max: 5,
    default: 1,
    description: 'S.d. of the log popularities (sampling: popularity).',
  },
  ties: {
    type: 'number',
    min: 0,
    max: 0.95,
    default: 0,
    description: 'Share of ties between equal models (Davidson’s ν = 2t/(1 − t)).',
  },
  prompts: {
    type: 'integer',
    min: 0,
    max: 1_000_000,
    default: 0,
    description: 'Prompt clusters per replication (0: every battle its own prompt).',
  },
  promptSd: {
    type: 'number',
    min: 0,
    max: 2000,
    default: 0,
    description: 'S.d. of each model’s per-prompt effect, Elo points (needs prompts).',
  },
  judgeNoise: {
    type: 'number',
    min: 0,
    max: 2000,
    default: 0,
    description: 'S.d. of the per-battle judge noise on the logit, Elo points.',
  },
  design: {
    type: 'string',
    description: 'A battle file (relative to the study): its models, pairs, prompts and fitted strengths.',
  },
} as const;

/** Normal quantiles (j + ½)/M, descending (model 0 the strongest). */
function quantileRatings(m: number, spread: number): Float64Array {
  return Float64Array.from({ length: m }, (_, j) => spread * normalQuantile(1 - (j + 0.5) / m));
}

/** Models in the order 0, M−1, 1, M−2, … (so popularity is not monotone in strength). */
function interleaved(m: number): Int32Array {
  const out = new Int32Array(m);
  let lo = 0;
  let hi = m - 1;
  for (let k = 0; k < m; k++) out[k] = k % 2 === 0 ? lo++ : hi--;
  return out;
}

/** The arena design file `rate --audit` writes (arenaDesign.ts's format). */
function readDesign(file: string, baseDir: string) {
  const path = resolve(baseDir, file);
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    throw new ConfigError(
      'design',
      file,
      `a readable arena design file (${(error as NodeJS.ErrnoException).code ?? error})`,
    );
  }
  let design: ArenaDesign;
  try {
    design = parseArenaDesign(bytes.toString('utf8'));
  } catch (error) {
    throw new ConfigError('design', `${file}: ${(error as Error).message}`);
  }
  const m = design.models.length;
  const n = design.pairs.reduce((sum, [, , count]) => sum + count, 0);
  const a = new Int32Array(n);
  const b = new Int32Array(n);
  let t = 0;
  for (const [i, j, count] of design.pairs) {
    for (let k = 0; k < count; k++, t++) {
      a[t] = i;
      b[t] = j;
    }
  }
  const prompt = new Int32Array(n);
  for (let k = 0; k < n; k++) prompt[k] = k;
  return {
    models: m,
    theta: Float64Array.from(design.ratings, (r) => C * r),
    nu: design.nu,
    design: { a, b, prompt, prompts: 0 },
    source: { file, sha256: createHash('sha256').update(bytes).digest('hex') },
  };
}

export const battleArena = defineModel({
  name: 'battleArena',
  description:
    'A simulated arena: models with true ratings (spread or ratings), battles per replication between pairs sampled uniformly or by popularity, Davidson ties, prompt clusters with per-prompt effects, judge noise; or a battle file’s design. truth = θ*₁ − θ*₀ (Elo) of the BT estimand.',
  dataKind: 'battleRecords',
  params: PARAMS,
  parse(params, context): BattleArenaParams {
    let models: number;
    let theta: Float64Array;
    let nu = (2 * params.ties) / (1 - params.ties);
    let design: BattleArenaParams['design'] = null;
    let source: DataSource | null = null;
    if (params.design !== undefined) {
      const d = readDesign(params.design, context.baseDir);
      models = d.models;
      theta = d.theta;
      nu = d.nu;
      design = d.design;
      source = d.source;
      if (params.models !== undefined && params.models !== models) {
        throw new ConfigError(
          'models',
          params.models,
          `${models} (the models of ${params.design}) or nothing`,
        );
      }
    } else {
      if (params.models === undefined)
        throw new ConfigError('models', undefined, 'an integer in [2, 200] (or a design file)');
      if (params.battles === undefined)
        throw new ConfigError('battles', undefined, 'an integer ≥ 1 (or a design file)');
      models = params.models;
      if (params.ratings !== undefined) {
        if (params.ratings.length !== models)
          throw new ConfigError('ratings', params.ratings, `${models} ratings, one per model`);
        theta = Float64Array.from(params.ratings, (r) => C * r);
      } else theta = Float64Array.from(quantileRatings(models, params.spread), (r) => C * r);
    }
    if (params.promptSd > 0 && params.prompts === 0 && !design) {
      throw new ConfigError(
        'promptSd',
        params.promptSd,
        '0 unless prompts > 0 (prompt effects need prompt clusters)',
      );
    }
    const m = models;
    const probability = new Float64Array(m * m);
    let pairs: BattleArenaParams['pairs'] = null;
    if (design) {
      for (let t = 0; t < design.a.length; t++)
        probability[design.a[t] * m + design.b[t]] += 1 / design.a.length;
    } else {
      const w = new Float64Array(m).fill(1);
      if (params.sampling === 'popularity') {
        const order = interleaved(m);
        for (let k = 0; k < m; k++) w[order[k]] = Math.exp(params.unevenness * normalQuantile((k + 0.5) / m));
      }
      const a = new Int32Array(m * (m - 1));
      const b = new Int32Array(m * (m - 1));
      const weights = new Float64Array(m * (m - 1));
      let k = 0;
      let total = 0;
      for (let i = 0; i < m; i++) {
        for (let j = 0; j < m; j++) {
          if (i === j) continue;
          a[k] = i;
          b[k] = j;
          weights[k] = w[i] * w[j];
          total += weights[k];
          k++;
        }
      }
      for (let q = 0; q < k; q++) probability[a[q] * m + b[q]] = weights[q] / total;
      pairs = { table: new DiscreteTable(4).fill(weights, 0, k), a, b };
    }
    const promptSd = C * params.promptSd;
    const judgeSd = C * params.judgeNoise;
    const noise = Math.sqrt(2 * promptSd * promptSd + judgeSd * judgeSd);
    const trueRatings = arenaEstimand(theta, probability, nu, noise);
    return {
      models: m,
      battles: design ? design.a.length : (params.battles as number),
      theta,
      nu,
      prompts: design ? 0 : params.prompts,
      promptSd,
      judgeSd,
      pairs,
      design,
      trueRatings,
      source,
    };
  },
  allocate(p): BattleRecords & { readonly effects: Float64Array } {
    const n = p.battles;
    return {
      kind: 'battleRecords',
      models: p.models,
      battles: n,
      a: p.design ? Int32Array.from(p.design.a) : new Int32Array(n),
      b: p.design ? Int32Array.from(p.design.b) : new Int32Array(n),
      y: new Float64Array(n),
      prompt: p.design ? Int32Array.from(p.design.prompt) : new Int32Array(n),
      prompts: p.prompts > 0 ? p.prompts : n,
      trueRatings: p.trueRatings,
      effects: new Float64Array(p.promptSd > 0 ? p.prompts * p.models : 0),
    };
  },
  generate(p, rng: RandomStream, data) {
    const { models: m, battles: n, theta, nu, promptSd, judgeSd } = p;
    const effects = data.effects;
    if (promptSd > 0) {
      rng.fillNormal(effects, effects.length);
      for (let k = 0; k < effects.length; k++) effects[k] *= promptSd;
    }
    const { a, b, y, prompt } = data;
    const P = p.prompts;
    for (let t = 0; t < n; t++) {
      let i: number;
      let j: number;
      if (p.pairs) {
        const k = p.pairs.table.sample(rng);
        i = p.pairs.a[k];
        j = p.pairs.b[k];
        a[t] = i;
        b[t] = j;
        prompt[t] = P > 0 ? rng.index(P) : t;
      } else {
        i = a[t];
        j = b[t];
      }
      let x = theta[i] - theta[j];
      if (promptSd > 0) x += effects[prompt[t] * m + i] - effects[prompt[t] * m + j];
      if (judgeSd > 0) x += judgeSd * rng.normal();
      const h = Math.exp(-Math.abs(x) / 2);
      const up = x >= 0 ? 1 : h * h;
      const down = x >= 0 ? h * h : 1;
      const u = rng.uniform() * (up + down + nu * h);
      y[t] = u < up ? 1 : u < up + nu * h ? 0.5 : 0;
    }
    data.battles = n;
    data.prompts = P > 0 ? P : n;
  },
  truth: (p) => p.trueRatings[1] - p.trueRatings[0],
  dataSources: (p) => (p.source ? [p.source] : []),
});
