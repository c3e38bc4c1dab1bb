/**
 * Simulated leaderboards with their item-level answers, for export (`evalsim leaderboard`):
 * R replications of model `systemCopies` (M copies of one system of an item population,
 * every question or n drawn per replication), as one Arrow IPC table with a row per answer:
 *
 *   replication (Uint16, or Int32 beyond 65,536 replications), model (Uint8, or Uint16 beyond
 *   256 copies; copy 0 … M − 1), question (dictionary-encoded Utf8 question id, Int16 indices,
 *   or Int32 beyond 32,767 questions), correct (Uint8, 1 right / 0 wrong),
 *
 * rows ordered by replication, model, question slot (R·M·n rows). Replication r uses the
 * stream `reseed(streamSeed(seed, 0), r)`, the stream of replication r of grid cell 0 of a
 * study with the same seed and model parameters, so the export shows exactly the
 * leaderboards such a study analyses. Also returns a summary: exact-McNemar significant pairs
 * (mean, share ≥ 1, share ≥ 1 after Holm) and the top-minus-bottom gap (median, p95).
 */
import {
  Dictionary,
  Int16,
  Int32,
  makeData,
  makeVector,
  Table,
  tableToIPC,
  Utf8,
  vectorFromArray,
} from 'apache-arrow';
import { leaderboardPairs } from '../methods/leaderboardPairs.js';
import { createMethodResult } from '../methods/methodResult.js';
import { topBottomGap } from '../methods/topBottomGap.js';
import { estimateQuantile } from '../metrics/estimateQuantile.js';
import { estimateShare } from '../metrics/estimateShare.js';
import { meanEstimate } from '../metrics/meanEstimate.js';
import { SeededStream, streamSeed } from '../rng/index.js';
import type { MetricValue } from '../types.js';
import { allocateSystemCopiesAnswers, generateSystemCopies, parseSystemCopies } from './systemCopies.js';

export interface LeaderboardExportOptions {
  /** Population file (absolute, or relative to `baseDir`). */
  readonly population: string;
  readonly baseDir: string;
  readonly system: string;
  readonly copies: number;
  readonly replications: number;
  readonly seed: number;
  /** Questions per replication, drawn without replacement; undefined = every question. */
  readonly questions?: number;
}

export interface LeaderboardExport {
  /** Arrow IPC file bytes. */
  readonly arrow: Uint8Array;
  readonly rows: number;
  readonly questionsPerLeaderboard: number;
  readonly summary: {
    readonly meanSignificantPairs: MetricValue;
    readonly atLeastOneSignificant: MetricValue;
    readonly atLeastOneAfterHolm: MetricValue;
    readonly gapMedian: MetricValue;
    readonly gapP95: MetricValue;
  };
}

export function simulateLeaderboardAnswers(options: LeaderboardExportOptions): LeaderboardExport {
  const { copies, replications: R } = options;
  if (!(Number.isInteger(R) && R >= 1))
    throw new RangeError(`replications: must be an integer ≥ 1, got ${R}`);
  const params = parseSystemCopies(
    {
      population: options.population,
      system: options.system,
      copies,
      ...(options.questions !== undefined ? { n: options.questions } : {}),
    },
    { baseDir: options.baseDir },
  );
  const data = allocateSystemCopiesAnswers(params);
  const n = params.n;
  const rows = R * copies * n;
  if (rows > 2 ** 31 - 1)
    throw new RangeError(`${rows} rows (replications × models × questions) exceed one Arrow table`);
  // The smallest integer types that hold every value (6 bytes per answer up to 65,536 leaderboards).
  const replication = R <= 65536 ? new Uint16Array(rows) : new Int32Array(rows);
  const model = copies <= 256 ? new Uint8Array(rows) : new Uint16Array(rows);
  const smallIndex = params.questionCount <= 32767;
  const question = smallIndex ? new Int16Array(rows) : new Int32Array(rows);
  const correct = new Uint8Array(rows);
  const pairs = leaderboardPairs.create({}, { level: 0.95 });
  const pairsHolm = leaderboardPairs.create({ correction: 'holm' }, { level: 0.95 });
  const gap = topBottomGap.create({}, { level: 0.95 });
  const meanPairs = meanEstimate.create({});
  const anyPair = estimateShare.create({ atLeast: 1 });
  const anyHolm = estimateShare.create({ atLeast: 1 });
  const gapMedian = estimateQuantile.create({ q: 0.5 });
  const gapP95 = estimateQuantile.create({ q: 0.95 });
  const result = createMethodResult();
  const key = streamSeed(options.seed, 0);
  const rng = new SeededStream(key, 0);
  let row = 0;
  for (let r = 0; r < R; r++) {
    rng.reseed(key, r);
    generateSystemCopies(params, rng, data);
    const answers = data.answers as Uint8Array;
    const slots = data.questions as Int32Array;
    for (let j = 0; j < copies; j++) {
      for (let s = 0; s < n; s++, row++) {
        replication[row] = r;
        model[row] = j;
        question[row] = slots[s];
        correct[row] = answers[j * n + s];
      }
    }
    pairs(data, rng, result);
    meanPairs.add(result, 0);
    anyPair.add(result, 0);
    pairsHolm(data, rng, result);
    anyHolm.add(result, 0);
    gap(data, rng, result);
    gapMedian.add(result, 0);
    gapP95.add(result, 0);
  }
  const ids = vectorFromArray(params.questionIds as string[], new Utf8());
  const table = new Table({
    replication: makeVector(replication),
    model: makeVector(model),
    question: makeVector(
      makeData({
        type: new Dictionary(new Utf8(), smallIndex ? new Int16() : new Int32()),
        length: rows,
        data: question,
        dictionary: ids,
      }),
    ),
    correct: makeVector(correct),
  });
  return {
    arrow: tableToIPC(table, 'file'),
    rows,
    questionsPerLeaderboard: n,
    summary: {
      meanSignificantPairs: meanPairs.result(),
      atLeastOneSignificant: anyPair.result(),
      atLeastOneAfterHolm: anyHolm.result(),
      gapMedian: gapMedian.result(),
      gapP95: gapP95.result(),
    },
  };
}
