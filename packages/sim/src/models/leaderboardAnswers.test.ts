import { fileURLToPath } from 'node:url';
import { tableFromIPC } from 'apache-arrow';
import { describe, expect, test } from 'vitest';
import { SeededStream, streamSeed } from '../rng/index.js';
import { simulateLeaderboardAnswers } from './leaderboardAnswers.js';
import { allocateSystemCopies, generateSystemCopies, parseSystemCopies } from './systemCopies.js';

const baseDir = fileURLToPath(new URL('../../../../studies/', import.meta.url));
const population = 'data/mmlu-standin.csv';

describe('simulateLeaderboardAnswers', () => {
  for (const questions of [undefined, 40]) {
    test(`Arrow table of every answer (${questions ?? 'all'} questions) matches the model's leaderboards`, () => {
      const R = 3;
      const out = simulateLeaderboardAnswers({
        population,
        baseDir,
        system: 'haiku_off',
        copies: 4,
        replications: R,
        seed: 12,
        questions,
      });
      const n = questions ?? 1140;
      const table = tableFromIPC(out.arrow);
      expect(table.numRows).toBe(R * 4 * n);
      expect(out.rows).toBe(table.numRows);
      expect(table.schema.fields.map((f) => f.name)).toEqual(['replication', 'model', 'question', 'correct']);
      expect(String(table.schema.fields[2].type)).toMatch(/Dictionary/);
      // Per-copy totals of replication 2 equal the model's with the same stream.
      const params = parseSystemCopies(
        { population, system: 'haiku_off', copies: 4, ...(questions ? { n: questions } : {}) },
        { baseDir },
      );
      const data = allocateSystemCopies(params);
      const key = streamSeed(12, 0);
      generateSystemCopies(params, new SeededStream(key, 2), data);
      const rep = table.getChild('replication')!.toArray() as Uint16Array;
      const model = table.getChild('model')!.toArray() as Uint8Array;
      expect(rep).toBeInstanceOf(Uint16Array);
      expect(model).toBeInstanceOf(Uint8Array);
      const correct = table.getChild('correct')!.toArray() as Uint8Array;
      const totals = [0, 0, 0, 0];
      for (let i = 0; i < table.numRows; i++) if (rep[i] === 2) totals[model[i]] += correct[i];
      expect(totals).toEqual(Array.from(data.totals));
      const ids = table.getChild('question')!;
      expect(typeof ids.get(0)).toBe('string');
      expect(out.summary.atLeastOneSignificant.value).toBeGreaterThanOrEqual(0);
    });
  }

  test('bad input names the parameter', () => {
    expect(() =>
      simulateLeaderboardAnswers({
        population,
        baseDir,
        system: 'nope',
        copies: 4,
        replications: 1,
        seed: 1,
      }),
    ).toThrow(/system/);
    expect(() =>
      simulateLeaderboardAnswers({
        population,
        baseDir,
        system: 'haiku_off',
        copies: 4,
        replications: 0,
        seed: 1,
      }),
    ).toThrow(/replications/);
  });
});
