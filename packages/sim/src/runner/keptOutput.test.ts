/**
 * Kept per-replication output (`keep`): the replications file recomputes the summary
 * exactly (every metric fed the kept rows in order equals the run's value bit for bit),
 * the answers file holds the model's own answers with their provenance, both are
 * byte-identical for any worker count, chunk size and resume, keeping changes nothing in
 * the summary file, and bad requests are named.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tableFromIPC } from 'apache-arrow';
import { afterAll, describe, expect, test } from 'vitest';
import { ConfigError } from '../base/errors.js';
import { createMethodResult } from '../base/methodResult.js';
import { validateStudy } from '../config/validateStudy.js';
import { SeededStream } from '../rng/SeededStream.js';
import { streamSeed } from '../rng/streamSeed.js';
import { SOLO } from '../test-utils/metricContext.js';
import { BLOCK_SIZE } from './blocks.js';
import type { RunOptions, StudyRun } from './runOptions.js';
import { runStudy } from './runStudy.js';
import { toyBaseDir, toyStudyConfig } from './test-utils/toyStudy.js';

const tmp = mkdtempSync(join(tmpdir(), 'evalsim-kept-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const studiesDir = fileURLToPath(new URL('../../../../studies/', import.meta.url));

const toy = toyStudyConfig({ replications: 300 });

async function run(config: Record<string, unknown>, baseDir: string, options: RunOptions): Promise<StudyRun> {
  return runStudy(await validateStudy(config, baseDir), { workers: 0, ...options });
}

const bytes = (path: string | undefined) => readFileSync(path ?? '');

describe('keep: replications', () => {
  test('every metric recomputed from the kept rows equals the run, bit for bit', async () => {
    const result = await run(toy, toyBaseDir, { outDir: join(tmp, 'toy'), keep: ['replications'] });
    const table = tableFromIPC(bytes(result.files.replications));
    const methods = ['wald', 'boot'];
    // wald runs on all 300 replications, boot is capped at 300 by its entry (replications: 300) → both 300; 2 cells.
    expect(table.numRows).toBe(2 * 300 * 2);
    expect(table.schema.fields.map((f) => f.name)).toEqual([
      'cell',
      'p',
      'replication',
      'method',
      'truth',
      'estimate',
      'se',
      'lower',
      'upper',
      'pTwoSided',
      'pGreater',
      'pLess',
      'degenerate',
    ]);
    const column = (name: string) => table.getChild(name)!;
    const out = createMethodResult();
    for (const [cell, p] of [0.5, 0.2].entries()) {
      for (const method of methods) {
        // Folded as the runner does: Welford within blocks of BLOCK_SIZE, blocks merged in order.
        const create = () =>
          new Map(result.study.metrics.map((m) => [m.id, m.definition.create(m.options, SOLO)] as const));
        const accumulators = create();
        let block = create();
        let previous = -1;
        for (let i = 0; i < table.numRows; i++) {
          if (column('cell').get(i) !== cell || column('method').get(i) !== method) continue;
          expect(column('p').get(i)).toBe(p);
          expect(column('replication').get(i)).toBe(previous + 1);
          previous++;
          out.estimate = column('estimate').get(i);
          out.se = column('se').get(i);
          out.lower = column('lower').get(i);
          out.upper = column('upper').get(i);
          out.pTwoSided = column('pTwoSided').get(i);
          out.pGreater = column('pGreater').get(i);
          out.pLess = column('pLess').get(i);
          out.degenerate = column('degenerate').get(i);
          for (const accumulator of block.values()) accumulator.add(out, column('truth').get(i), [out]);
          if ((previous + 1) % BLOCK_SIZE === 0 || previous + 1 === 300) {
            for (const [metric, accumulator] of accumulators) accumulator.merge(block.get(metric)!);
            block = create();
          }
        }
        for (const [metric, accumulator] of accumulators) {
          const row = result.rows.find((r) => r.cell === cell && r.method === method && r.metric === metric)!;
          expect(accumulator.result().value, `${method} ${metric} at p = ${p}`).toBe(row.value);
          expect(accumulator.result().mcse).toBe(row.mcse);
        }
      }
    }
    const metadata = table.schema.metadata;
    expect(metadata.get('evalsim.kind')).toBe('replications');
    expect(metadata.get('evalsim.seed')).toBe(String(toy.seed));
    expect(metadata.get('evalsim.replications')).toBe('300');
    expect(JSON.parse(metadata.get('evalsim.cells') ?? '')).toEqual([{ p: 0.5 }, { p: 0.2 }]);
    expect(JSON.parse(metadata.get('evalsim.study') ?? '')).toEqual(
      JSON.parse(JSON.stringify(result.config)),
    );
  });

  test('a method capped below the study count has rows for its replications only', async () => {
    const capped = toyStudyConfig({
      replications: 120,
      methods: [
        { id: 'wald', module: './toy-wald.mjs' },
        { id: 'boot', module: './toy-bootstrap.mjs', resamples: 20, replications: 50 },
      ],
    });
    const result = await run(capped, toyBaseDir, {
      keep: ['replications'],
      keepPaths: { replications: join(tmp, 'capped.arrow') },
    });
    const table = tableFromIPC(bytes(result.files.replications));
    expect(table.numRows).toBe(2 * (120 + 50));
    const boot = [...table.getChild('method')!].filter((m) => m === 'boot').length;
    expect(boot).toBe(2 * 50);
  });
});

describe('keep: answers', () => {
  const leaderboard = {
    name: 'kept-answers',
    title: 'kept answers',
    seed: 12,
    replications: 9,
    model: {
      name: 'systemCopies',
      params: { population: 'data/mmlu-standin.csv', system: 'haiku_off', copies: 4 },
    },
    grid: { n: [40, 1140] },
    methods: [{ id: 'gap', method: 'topBottomGap' }],
    metrics: ['meanEstimate'],
  };

  test("rows are the model's own answers, with clusters and provenance", async () => {
    const result = await run(leaderboard, studiesDir, {
      keep: ['answers'],
      keepPaths: { answers: join(tmp, 'answers.arrow') },
    });
    const table = tableFromIPC(bytes(result.files.answers));
    expect(table.numRows).toBe(9 * 4 * 40 + 9 * 4 * 1140);
    const study = result.study;
    if (study.kind !== 'simulation') throw new Error('a simulation study');
    const cell = table.getChild('cell')!.toArray() as Uint8Array;
    const replication = table.getChild('replication')!.toArray() as Uint16Array;
    const model = table.getChild('model')!.toArray() as Uint8Array;
    const correct = table.getChild('correct')!.toArray() as Uint8Array;
    const question = table.getChild('question')!;
    const cluster = table.getChild('cluster')!;
    // Each copy's total in replication 5 of each cell equals the model's with that cell's stream.
    for (const c of [0, 1]) {
      const parsed = study.model.parsed[c];
      const data = study.model.definition.allocate(parsed) as { totals: Int32Array };
      study.model.definition.generate(parsed, new SeededStream(streamSeed(12, c), 5), data as never);
      const totals = [0, 0, 0, 0];
      for (let i = 0; i < table.numRows; i++)
        if (cell[i] === c && replication[i] === 5) totals[model[i]] += correct[i];
      expect(totals).toEqual(Array.from(data.totals));
    }
    // Questions and clusters are the population's.
    const csv = readFileSync(join(studiesDir, 'data/mmlu-standin.csv'), 'utf8').trim().split('\n').slice(1);
    const clusterOf = new Map(csv.map((line) => line.split(',').slice(0, 2) as [string, string]));
    for (let i = 0; i < table.numRows; i += 997) expect(cluster.get(i)).toBe(clusterOf.get(question.get(i)));
    const [source] = JSON.parse(table.schema.metadata.get('evalsim.data') ?? '[]');
    expect(source).toEqual({
      file: 'data/mmlu-standin.csv',
      sha256: createHash('sha256')
        .update(readFileSync(join(studiesDir, 'data/mmlu-standin.csv')))
        .digest('hex'),
      systems: ['haiku_off'],
    });
  });

  test('keeping answers changes nothing in the results', async () => {
    const plain = await run(leaderboard, studiesDir, { outDir: join(tmp, 'plain') });
    const kept = await run(leaderboard, studiesDir, {
      outDir: join(tmp, 'kept'),
      keep: ['answers', 'replications'],
    });
    expect(bytes(kept.files.arrow).equals(bytes(plain.files.arrow))).toBe(true);
  });
});

describe('determinism and resume', () => {
  test('kept files are byte-identical for 0, 1 and 2 workers, any chunk size, and after a resume', async () => {
    const keep = ['replications', 'answers'] as const;
    const config = {
      name: 'kept-determinism',
      title: 'kept determinism',
      seed: 5,
      replications: 60,
      model: {
        name: 'systemCopies',
        params: { population: 'data/mmlu-standin.csv', system: 'haiku_low', copies: 3, n: 50 },
      },
      grid: {
        gaps: [
          [0, 0, 0],
          [0, 1, 2],
        ],
      },
      methods: [
        { id: 'pairs', method: 'leaderboardPairs' },
        { id: 'gap', method: 'topBottomGap', replications: 25 },
      ],
      metrics: ['meanEstimate'],
    };
    const reference = await run(config, studiesDir, { outDir: join(tmp, 'd0'), keep: [...keep] });
    const files = (r: StudyRun) => [r.files.arrow, r.files.replications, r.files.answers].map(bytes);
    const expected = files(reference);
    for (const [name, options] of [
      ['d1', { workers: 1, chunkSize: 7 }],
      ['d2', { workers: 2, chunkSize: 13 }],
    ] as const) {
      const other = await run(config, studiesDir, { outDir: join(tmp, name), keep: [...keep], ...options });
      files(other).forEach((b, i) => {
        expect(b.equals(expected[i]), `${name} file ${i}`).toBe(true);
      });
    }
    // Abort after the first cell, then resume: the kept spools of cell 0 are reused.
    const parts = join(tmp, 'parts');
    const controller = new AbortController();
    await expect(
      run(config, studiesDir, {
        outDir: parts,
        keep: [...keep],
        chunkSize: 10,
        maxInFlight: 1,
        signal: controller.signal,
        onProgress: (p) => {
          if (p.cellsDone === 1) controller.abort(new Error('stop after one cell'));
        },
      }),
    ).rejects.toThrow('stop after one cell');
    const [directory] = readdirSync(join(parts, '.checkpoints'));
    expect(
      readdirSync(join(parts, '.checkpoints', directory, 'kept'))
        .filter((f) => f.endsWith('.bin'))
        .sort(),
    ).toEqual(['cell-0.answers.bin', 'cell-0.questions.bin', 'cell-0.records.bin']);
    const resumed = await run(config, studiesDir, {
      outDir: parts,
      keep: [...keep],
      resume: true,
      chunkSize: 17,
    });
    expect(resumed.resumedCells).toBe(1);
    files(resumed).forEach((b, i) => {
      expect(b.equals(expected[i]), `resumed file ${i}`).toBe(true);
    });
    expect(existsSync(join(parts, '.checkpoints'))).toBe(false);
    // Checkpoints made without keep are not reused for a run that keeps (no spools): the cell reruns.
    const plain = join(tmp, 'plain-then-kept');
    const stop = new AbortController();
    await expect(
      run(config, studiesDir, {
        outDir: plain,
        chunkSize: 10,
        signal: stop.signal,
        onProgress: (p) => {
          if (p.cellsDone === 1) stop.abort(new Error('stop'));
        },
      }),
    ).rejects.toThrow('stop');
    const rerun = await run(config, studiesDir, { outDir: plain, keep: [...keep], resume: true });
    expect(rerun.resumedCells).toBe(0);
    files(rerun).forEach((b, i) => {
      expect(b.equals(expected[i]), `rerun file ${i}`).toBe(true);
    });
  });
});

describe('bad requests', () => {
  test('are ConfigErrors naming keep', async () => {
    const study = await validateStudy(toy, toyBaseDir);
    await expect(runStudy(study, { workers: 0, keep: ['replications'] })).rejects.toThrow(
      /keep: got "replications"; allowed: an outDir, or a path in keepPaths.replications/,
    );
    await expect(
      runStudy(study, { workers: 0, outDir: join(tmp, 'bad'), keep: ['answers'] }),
    ).rejects.toThrow(/model .*toy-model.mjs does not keep item-level answers/);
    await expect(runStudy(study, { workers: 0, keep: ['everything' as never] })).rejects.toThrow(ConfigError);
    const formula = await validateStudy(
      {
        name: 'formula-only',
        title: 't',
        grid: { m: [10] },
        formulas: [{ id: 'd', formula: 'designEffect', metric: 'deff', icc: 0.1 }],
      },
      toyBaseDir,
    );
    await expect(runStudy(formula, { outDir: join(tmp, 'f'), keep: ['replications'] })).rejects.toThrow(
      /a formula study has no replications/,
    );
  });
});
