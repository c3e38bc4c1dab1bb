import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import type { CellParams } from '../../base/cellParams.js';
import type { StudyContext } from '../../base/roles.js';
import { SeededStream } from '../../rng/index.js';
import {
  allocateSystemCopies,
  allocateSystemCopiesAnswers,
  generateSystemCopies,
  pairIndex,
  systemCopies,
} from '../systemCopies.js';
import { CopyAnswerBits, drawCopyAnswers, popcount32 } from './copyAnswerBits.js';

const parseSystemCopies = (params: CellParams, at: StudyContext) => systemCopies.parse(params, at);
const context = { baseDir: fileURLToPath(new URL('../../../../../studies/', import.meta.url)) };

describe('copyAnswerBits', () => {
  test('popcount32 counts the 1 bits of any 32-bit word', () => {
    const rng = new SeededStream(3, 3);
    for (const x of [0, 1, -1, 0x80000000 | 0, 0x55555555, 0x7fffffff]) {
      expect(popcount32(x)).toBe([...(x >>> 0).toString(2)].filter((c) => c === '1').length);
    }
    for (let r = 0; r < 10_000; r++) {
      const x = rng.uint32() | 0;
      expect(popcount32(x)).toBe([...(x >>> 0).toString(2)].filter((c) => c === '1').length);
    }
  });

  test('addCounts equals counting question by question (V = 1, 31, 32, 33, 100; 2–9 copies)', () => {
    const rng = new SeededStream(4, 4);
    for (const V of [1, 31, 32, 33, 100]) {
      for (const copies of [2, 3, 9]) {
        const bits = new CopyAnswerBits(copies, V);
        const answers = Array.from({ length: copies }, () => Array.from({ length: V }, () => rng.index(2)));
        for (let j = 0; j < copies; j++) {
          for (let v = 0; v < V; v++)
            if (answers[j][v]) bits.bits[j * bits.words + (v >>> 5)] |= 1 << (v & 31);
        }
        const pairs = (copies * (copies - 1)) / 2;
        const totals = new Int32Array(copies).fill(5);
        const onlyFirst = new Int32Array(pairs).fill(2);
        const onlySecond = new Int32Array(pairs).fill(1);
        bits.addCounts(totals, onlyFirst, onlySecond);
        for (let j = 0; j < copies; j++) {
          expect(totals[j]).toBe(5 + answers[j].reduce((s, y) => s + y, 0));
          for (let l = j + 1; l < copies; l++) {
            const k = pairIndex(j, l, copies);
            expect(onlyFirst[k]).toBe(2 + answers[j].filter((y, v) => y > answers[l][v]).length);
            expect(onlySecond[k]).toBe(1 + answers[j].filter((y, v) => y < answers[l][v]).length);
          }
        }
      }
    }
  });

  test('drawCopyAnswers: right iff U < p, drawn question-major where 0 < p < 1; p = 0 or 1 without a draw', () => {
    const rates = Float64Array.from([0.3, 1, 0, 0.9, 0.5, 0.5]); // 2 questions × 3 copies
    const bits = new CopyAnswerBits(3, 2);
    const rng = new SeededStream(8, 1);
    drawCopyAnswers(bits, rng, rates, Int32Array.from([0, 1]));
    const replay = new SeededStream(8, 1);
    const u = [replay.uniform(), replay.uniform(), replay.uniform(), replay.uniform()];
    const expected = [
      [u[0] < 0.3, u[1] < 0.9],
      [true, u[2] < 0.5],
      [false, u[3] < 0.5],
    ];
    expected.forEach((row, j) => {
      row.forEach((right, v) => {
        expect(((bits.bits[j * bits.words] >>> v) & 1) === 1).toBe(right);
      });
    });
  });

  test('the leaderboard model gives the same totals and discordant counts as question by question (same stream)', () => {
    // Every question answered, or n drawn per replication (n = 31, 32, 33, 100: 1–4 words), with
    // the stand-in's rates or one constant rate.
    const extras: CellParams[] = [
      {},
      { gaps: [0, 1, -2, 0, 3] },
      { n: 31 },
      { n: 32, gaps: [0, 1, -2, 0, 3] },
    ];
    extras.push({ n: 33, rates: 0.71 }, { n: 100 }, { n: 100, rates: 0.5, gaps: [0, 0, 0, 0, 50] });
    for (const extra of extras) {
      const params = parseSystemCopies(
        { population: 'data/mmlu-standin.csv', system: 'haiku_off', copies: 5, ...extra },
        context,
      );
      const fast = allocateSystemCopies(params);
      const reference = allocateSystemCopiesAnswers(params); // the question-by-question path
      const rng = new SeededStream(6, 0);
      for (let r = 0; r < 300; r++) {
        generateSystemCopies(params, rng.reseed(6, r), fast);
        generateSystemCopies(params, rng.reseed(6, r), reference);
        expect(fast.totals).toEqual(reference.totals);
        expect(fast.onlyFirst).toEqual(reference.onlyFirst);
        expect(fast.onlySecond).toEqual(reference.onlySecond);
      }
    }
  });
});
