/**
 * The committed results/ must match the current code. For every study in
 * studies/, the committed results/<name>.arrow must exist, record the current
 * study config, and its first grid cell must be reproduced exactly (bit for bit)
 * when that cell alone is rerun here: each cell draws from its own streams, so
 * one cell is a cheap, exact check of the whole pipeline (model, methods,
 * metrics, formulas, expectations) without rerunning everything. For the few
 * studies whose first cell alone is seconds of bootstraps, Bradley–Terry fits or
 * 10,000 monitored streams, only its first method is rerun (a method's rows do not
 * depend on the other methods: runner/runStudy.test.ts), which still checks the
 * model and the pipeline exactly; every byte of every study is checked by
 * `evalsim reproduce --strict` in CI, which must leave results/ unchanged.
 * If this fails after an intended change, rerun `npm run reproduce` and commit results/.
 */
import { existsSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadStudy, type ResultRow, readResultsArrow, runStudy } from '@evalsim/sim';
import { describe, expect, it } from 'vitest';

const studiesDir = fileURLToPath(new URL('.', import.meta.url));
const resultsDir = join(studiesDir, '..', 'results');
/** Studies whose first cell is rerun with its first method only, and why. */
const FIRST_METHOD_ONLY: Record<string, string> = {
  'arena-20-copies': 'one cell: the whole study, with 480 capped bootstraps of 100 and 500 rounds',
  'arena-small-votes': 'bootstrap intervals at 1,000 arenas in every cell',
  'arena-rank-intervals': 'Bradley–Terry fits, sandwich and max-t draws for nine rules at 1,000 arenas',
  'sequential-power': '10,000 monitored streams for eleven rules',
};

const studyFiles = readdirSync(studiesDir)
  .filter((file) => file.endsWith('.json'))
  .sort();

// The Arrow file stores list-valued grid parameters as JSON text.
const paramsAsStored = (params: ResultRow['params']) =>
  Object.fromEntries(
    Object.entries(params).map(([key, value]) => [key, Array.isArray(value) ? JSON.stringify(value) : value]),
  );

const comparable = (row: ResultRow) => ({
  cell: row.cell,
  params: paramsAsStored(row.params),
  method: row.method,
  metric: row.metric,
  value: row.value,
  mcse: row.mcse,
  replications: row.replications,
  degenerate: row.degenerate,
  published: row.published,
  tolerance: row.tolerance,
  within: row.within,
});

describe('committed results match the current code', () => {
  it('has a study file for every study, and each first-method-only study exists', () => {
    expect(studyFiles.length).toBeGreaterThan(0);
    for (const name of Object.keys(FIRST_METHOD_ONLY)) expect(studyFiles).toContain(`${name}.json`);
  });
  for (const file of studyFiles) {
    const name = basename(file, '.json');
    it(`${name}: results/${name}.arrow reproduces its first cell exactly`, async () => {
      const arrow = join(resultsDir, `${name}.arrow`);
      expect(existsSync(arrow), `missing ${arrow}: run npm run reproduce`).toBe(true);
      const study = await loadStudy(join(studiesDir, file));
      const committed = readResultsArrow(arrow);
      const expectedConfig = study.model
        ? { ...study.config, seed: study.seed, replications: study.replications }
        : study.config;
      expect(committed.metadata.config, 'the committed results were made from another config').toEqual(
        JSON.parse(JSON.stringify(expectedConfig)),
      );
      const cell = study.cells[0];
      const firstOnly = study.kind === 'simulation' && name in FIRST_METHOD_ONLY;
      const run = await runStudy(
        firstOnly
          ? { ...study, cells: [cell], methods: study.methods.slice(0, 1) }
          : { ...study, cells: [cell] },
        { workers: 0 },
      );
      const left = new Set(firstOnly ? study.methods.slice(1).map((m) => m.id) : []);
      const expected = committed.rows
        .filter((row) => row.cell === cell.index && !left.has(row.method))
        .map(comparable);
      expect(expected.length).toBeGreaterThan(0);
      expect(run.rows.map(comparable)).toEqual(expected);
    }, 120_000);
  }
});
