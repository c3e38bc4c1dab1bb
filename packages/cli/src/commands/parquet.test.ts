/**
 * `--parquet` on every command that writes Arrow tables, read back by DuckDB (@duckdb/node-api,
 * which reads Parquet with no extension): for each kind of table — a study's results, its kept
 * replications and answers, import's eval table (with null clusters), analyze's systems and
 * pairs, the leaderboard's answers, a merge's results — the Parquet twin has the Arrow file's
 * rows, column names, the DuckDB type of each Arrow type (parquetColumns.ts), every value
 * (NaN and nulls included) and its schema metadata as key–value metadata. The same run gives
 * the same Parquet bytes, and without --parquet nothing but Arrow is written.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DuckDBInstance } from '@duckdb/node-api';
import { parquetFromArrow } from '@evalsim/sim';
import { type DataType, type Table, Type, tableFromIPC } from 'apache-arrow';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runCli } from '../cli.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'evalsim-parquet-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function evalsim(...args: string[]) {
  const r = await runCli(args, { cwd: root, env: {} });
  expect(r.exitCode, `${args.join(' ')}: ${r.stderr}`).toBe(0);
  return r;
}

/** The DuckDB type of each Arrow type evalsim writes (parquetColumns.ts's table). */
function duckdbType(type: DataType): string {
  switch (type.typeId) {
    case Type.Float:
      return (type as unknown as { precision: number }).precision === 2 ? 'DOUBLE' : 'FLOAT';
    case Type.Int: {
      const { bitWidth, isSigned } = type as unknown as { bitWidth: number; isSigned: boolean };
      const names: Record<number, string> = { 8: 'TINYINT', 16: 'SMALLINT', 32: 'INTEGER', 64: 'BIGINT' };
      return `${isSigned ? '' : 'U'}${names[bitWidth]}`;
    }
    case Type.Bool:
      return 'BOOLEAN';
    default:
      return 'VARCHAR';
  }
}

let connection: Awaited<ReturnType<Awaited<ReturnType<typeof DuckDBInstance.create>>['connect']>>;
beforeAll(async () => {
  connection = await (await DuckDBInstance.create(':memory:')).connect();
});

const sql = (path: string) => `'${path.replace(/'/g, "''")}'`;

/** Checks the Parquet twin of `arrowPath` against the Arrow file; returns the row count. */
async function expectSameTable(arrowPath: string, parquetPath = arrowPath.replace(/\.arrow$/, '.parquet')) {
  const table: Table = tableFromIPC(readFileSync(arrowPath));
  const read = await connection.runAndReadAll(`SELECT * FROM read_parquet(${sql(parquetPath)})`);
  expect(read.columnNames()).toEqual(table.schema.fields.map((f) => f.name));
  expect(read.columnTypes().map(String)).toEqual(table.schema.fields.map((f) => duckdbType(f.type)));
  const rows = read.getRowObjectsJS();
  expect(rows.length).toBe(table.numRows);
  for (const [j, field] of table.schema.fields.entries()) {
    const column = table.getChildAt(j)!;
    for (let i = 0; i < table.numRows; i++) {
      const expected = column.get(i);
      const got = rows[i][field.name];
      const same =
        typeof expected === 'bigint'
          ? got === expected
          : Number.isNaN(expected)
            ? Number.isNaN(got as number)
            : got === expected || (expected === null && got === null);
      if (!same)
        expect({ row: i, column: field.name, got }).toEqual({ row: i, column: field.name, got: expected });
    }
  }
  const kv = await connection.runAndReadAll(
    `SELECT decode(key) AS key, decode(value) AS value FROM parquet_kv_metadata(${sql(parquetPath)})`,
  );
  expect(new Map(kv.getRows().map(([k, v]) => [String(k), String(v)]))).toEqual(table.schema.metadata);
  return table.numRows;
}

describe('--parquet: every Arrow table with a Parquet twin that DuckDB reads as the same table', () => {
  test('run: results, kept replications and answers; the same bytes twice; merge', async () => {
    const out = join(tmp, 'run');
    const study = join(tmp, 'copies.json');
    writeFileSync(
      study,
      JSON.stringify({
        name: 'copies',
        title: 'three copies of two systems',
        seed: 5,
        replications: 40,
        model: {
          name: 'systemCopies',
          params: { population: join(root, 'studies/data/mmlu-standin.csv'), copies: 3, n: 60 },
        },
        grid: { system: ['haiku_off', 'haiku_low'] },
        methods: [
          { id: 'pairs', method: 'leaderboardPairs' },
          { id: 'gap', method: 'topBottomGap' },
        ],
        metrics: [{ metric: 'meanEstimate', id: 'mean' }],
      }),
    );
    const flags = ['--workers', '0', '--quiet', '--keep', 'replications,answers'];
    const r = await evalsim('run', study, ...flags, '--out', out, '--parquet');
    expect(r.stdout).toMatch(/wrote .*copies\.parquet \(Parquet\)/);
    const name = join(out, 'copies');
    expect(await expectSameTable(`${name}.arrow`)).toBe(4);
    expect(await expectSameTable(`${name}.replications.arrow`)).toBeGreaterThan(100);
    expect(await expectSameTable(`${name}.answers.arrow`)).toBe(2 * 40 * 3 * 60);
    // The streamed twins are the bytes of a twin made from the finished Arrow file (the same
    // batches, one row group each); a second run without --parquet writes Arrow only, the same bytes.
    for (const kind of ['', '.replications', '.answers'])
      expect(
        readFileSync(`${name}${kind}.parquet`).equals(parquetFromArrow(readFileSync(`${name}${kind}.arrow`))),
      ).toBe(true);
    const plain = join(tmp, 'plain');
    await evalsim('run', study, ...flags, '--out', plain);
    expect(readdirSync(plain).filter((f) => f.endsWith('.parquet'))).toEqual([]);
    expect(
      readFileSync(join(plain, 'copies.answers.arrow')).equals(readFileSync(`${name}.answers.arrow`)),
    ).toBe(true);
    // A sharded run merged with --parquet: the twin of the merged results.
    const shards = join(tmp, 'shards');
    for (const s of ['0/2', '1/2'])
      await evalsim('run', 'studies/exact-coverage.json', '--quiet', '--shard', s, '--out', shards);
    const merged = join(tmp, 'merged');
    const parts = readdirSync(shards).filter((f) => f.endsWith('.partial'));
    await evalsim('merge', ...parts.map((p) => join(shards, p)), '--out', merged, '--parquet');
    expect(await expectSameTable(join(merged, 'exact-coverage.arrow'))).toBeGreaterThan(10);
  });

  test('import: the eval table (dictionary columns, a nullable cluster)', async () => {
    const out = join(tmp, 'imported', 'eval.arrow');
    const r = await evalsim(
      'import',
      'packages/sim/src/evals/fixtures/inspect/2024-11-05T10-00-00+00-00_mmlu-0-shot_Hk2v9QbDq3WcTz.eval',
      '--out',
      join(tmp, 'imported'),
      '--parquet',
    );
    expect(r.stderr).toMatch(/wrote .*eval\.arrow and .*eval\.parquet/);
    expect(await expectSameTable(out)).toBeGreaterThan(5);
  });

  test('analyze --out: systems and pairs', async () => {
    const out = join(tmp, 'analysis');
    await evalsim(
      'analyze',
      'studies/data/mmlu-standin.csv',
      '--hbb',
      'off',
      '--resamples',
      '200',
      '--out',
      out,
      '--parquet',
      '--json',
    );
    expect(await expectSameTable(join(out, 'systems.arrow'))).toBe(3);
    expect(await expectSameTable(join(out, 'pairs.arrow'))).toBe(3);
  });

  test('leaderboard: the answers; audit and plan: their results', async () => {
    const lb = join(tmp, 'lb', 'answers.arrow');
    await evalsim(
      'leaderboard',
      '--population',
      'studies/data/mmlu-standin.csv',
      '--models',
      '4',
      '--replications',
      '5',
      '--questions',
      '50',
      '--workers',
      '0',
      '--keep',
      'answers',
      '--out',
      dirname(lb),
      '--parquet',
    );
    expect(await expectSameTable(lb)).toBe(5 * 4 * 50);
    const plan = join(tmp, 'plan');
    const p = await evalsim(
      'plan',
      'studies/data/mmlu-standin.csv',
      '--delta',
      '0.03',
      '--systems',
      'sonnet_off',
      '--replications',
      '50',
      '--sizes',
      '200,400',
      '--workers',
      '0',
      '--quiet',
      '--out',
      plan,
      '--parquet',
      '--json',
    );
    expect(JSON.parse(p.stdout).parquet).toEqual([join(plan, 'plan.parquet')]);
    expect(await expectSameTable(join(plan, 'plan.arrow'))).toBeGreaterThan(2);
    const audit = join(tmp, 'audit');
    await evalsim(
      'audit',
      'studies/data/mmlu-standin.csv',
      '--replications',
      '20',
      // The Parquet twins are under test, not the audit's power: a small audit (the default
      // 2,000 resamples and 100 HBB replications outlast the test's time on a loaded machine).
      '--resamples',
      '200',
      '--hbb-replications',
      '5',
      '--workers',
      '0',
      '--quiet',
      '--out',
      audit,
      '--parquet',
      '--json',
    );
    for (const s of ['resampling', 'parametric', 'paired'])
      expect(await expectSameTable(join(audit, `audit-${s}.arrow`))).toBeGreaterThan(2);
  });

  test('--parquet without a file to twin is refused', async () => {
    const a = await runCli(['analyze', 'studies/data/mmlu-standin.csv', '--parquet'], { cwd: root, env: {} });
    expect(a.exitCode).toBe(2);
    expect(a.stderr).toMatch(/--parquet: give --out DIR/);
    const i = await runCli(['import', 'studies/data/mmlu-standin.csv', '--parquet'], { cwd: root, env: {} });
    expect(i.exitCode).toBe(2);
    expect(i.stderr).toMatch(/--parquet: give --out DIR/);
    expect(existsSync(join(root, 'studies/data/mmlu-standin.parquet'))).toBe(false);
  });
});
