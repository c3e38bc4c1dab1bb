/**
 * Results as an Arrow IPC file, tidy: one row per (grid cell, method, metric)
 * with columns `cell`, the grid parameters (in grid order), `method`,
 * `metric`, `value`, `mcse`, `replications`, `degenerate`, `published`,
 * `tolerance`, `within` (the last three null where no expectation matches).
 *
 * Schema metadata: `evalsim.study` (the effective study config as JSON),
 * `evalsim.seed`, `evalsim.replications`, `evalsim.blockSize`, `evalsim.version`,
 * `evalsim.gridKeys` (JSON list), `evalsim.inputs` (JSON list of every file the run
 * read, relative to the study, with its sha256 and size: provenance). Nothing run-dependent (wall time, worker
 * count) goes in the file, so the same study gives the same bytes with any
 * number of workers, chunk size, or after a resume; those go to the
 * `.runs/<study>.run.json` sidecar (runInfo.ts).
 *
 * Grid columns: Float64 when every value is a number, Bool when every value
 * is a boolean, else Utf8 (lists and mixed values as JSON text).
 */
import { readFileSync } from 'node:fs';
import {
  Bool,
  type DataType,
  Float64,
  Int32,
  RecordBatch,
  Schema,
  Table,
  tableFromIPC,
  tableToIPC,
  Utf8,
  type Vector,
  vectorFromArray,
} from 'apache-arrow';
import type { ParamValue } from '../base/cellParams.js';
import { arrowBytesProblem } from '../readers/arrowFraming.js';
import { writeFileAtomic } from './atomicWrite.js';
import { RESULT_FIXED_COLUMNS, type ResultRow } from './resultRow.js';

export interface ResultsMetadata {
  /** Grid parameter names, in grid order (the parameter columns). */
  readonly gridKeys: readonly string[];
  /** The effective study config (with any seed/replications override applied). */
  readonly config: unknown;
  readonly seed?: number | undefined;
  readonly replications?: number | undefined;
  readonly version: string;
  /** Provenance: every input the run read, with its sha256 (config/inputs/studyInputs.ts; `evalsim.inputs`). */
  readonly inputs?: readonly object[] | undefined;
  /** Replications per aggregation block (runner/blocks.ts); absent for a formula study. */
  readonly blockSize?: number | undefined;
  /** A targeted run's MCSE target and replication cap per cell (runner/targetMcse.ts). */
  readonly targetMcse?: number | undefined;
  readonly maxReplications?: number | undefined;
}

function gridColumn(rows: readonly ResultRow[], key: string): Vector {
  const values = rows.map((row) => row.params[key]);
  if (values.every((v) => typeof v === 'number')) return vectorFromArray(values as number[], new Float64());
  if (values.every((v) => typeof v === 'boolean')) return vectorFromArray(values as boolean[], new Bool());
  return vectorFromArray(
    values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))),
    new Utf8(),
  );
}

function column<T extends DataType>(
  rows: readonly ResultRow[],
  type: T,
  pick: (row: ResultRow) => unknown,
): Vector<T> {
  return vectorFromArray(rows.map(pick) as never[], type) as Vector<T>;
}

/** The results table as Arrow IPC file bytes. */
export function resultsToArrow(rows: readonly ResultRow[], metadata: ResultsMetadata): Uint8Array {
  const columns: Record<string, Vector> = { cell: column(rows, new Int32(), (r) => r.cell) };
  for (const key of metadata.gridKeys) columns[key] = gridColumn(rows, key);
  Object.assign(columns, {
    method: column(rows, new Utf8(), (r) => r.method),
    metric: column(rows, new Utf8(), (r) => r.metric),
    value: column(rows, new Float64(), (r) => r.value),
    mcse: column(rows, new Float64(), (r) => r.mcse),
    replications: column(rows, new Int32(), (r) => r.replications),
    degenerate: column(rows, new Int32(), (r) => r.degenerate),
    published: column(rows, new Float64(), (r) => r.published),
    tolerance: column(rows, new Float64(), (r) => r.tolerance),
    within: column(rows, new Bool(), (r) => r.within),
  });
  const plain = new Table(columns);
  const entries: [string, string][] = [
    ['evalsim.study', JSON.stringify(metadata.config)],
    ['evalsim.gridKeys', JSON.stringify(metadata.gridKeys)],
    ['evalsim.version', metadata.version],
  ];
  if (metadata.seed !== undefined) entries.push(['evalsim.seed', String(metadata.seed)]);
  if (metadata.replications !== undefined)
    entries.push(['evalsim.replications', String(metadata.replications)]);
  if (metadata.inputs !== undefined) entries.push(['evalsim.inputs', JSON.stringify(metadata.inputs)]);
  if (metadata.blockSize !== undefined) entries.push(['evalsim.blockSize', String(metadata.blockSize)]);
  if (metadata.targetMcse !== undefined) entries.push(['evalsim.targetMcse', String(metadata.targetMcse)]);
  if (metadata.maxReplications !== undefined)
    entries.push(['evalsim.maxReplications', String(metadata.maxReplications)]);
  const schema = new Schema(plain.schema.fields, new Map(entries));
  const table = new Table(
    schema,
    plain.batches.map((batch) => new RecordBatch(schema, batch.data)),
  );
  return tableToIPC(table, 'file');
}

/** Writes the results to `path` (Arrow IPC file) atomically. */
export function writeResultsArrow(path: string, rows: readonly ResultRow[], metadata: ResultsMetadata): void {
  writeFileAtomic(path, resultsToArrow(rows, metadata));
}

export interface ResultsFile {
  readonly rows: ResultRow[];
  readonly metadata: ResultsMetadata;
}

const FIXED = new Set(RESULT_FIXED_COLUMNS);

function plainNumber(value: unknown): number {
  return typeof value === 'bigint' ? Number(value) : (value as number);
}

/** Reads a results file written by {@link writeResultsArrow} (or bytes of one). */
export function readResultsArrow(pathOrBytes: string | Uint8Array): ResultsFile {
  const bytes = typeof pathOrBytes === 'string' ? readFileSync(pathOrBytes) : pathOrBytes;
  const problem = arrowBytesProblem(bytes);
  if (problem) throw new Error(`${typeof pathOrBytes === 'string' ? pathOrBytes : 'the results'} ${problem}`);
  const table = tableFromIPC(bytes);
  const meta = table.schema.metadata;
  const gridKeys: string[] = meta.has('evalsim.gridKeys')
    ? (JSON.parse(meta.get('evalsim.gridKeys')!) as string[])
    : table.schema.fields.map((f) => f.name).filter((name) => !FIXED.has(name));
  const seed = meta.get('evalsim.seed');
  const replications = meta.get('evalsim.replications');
  const inputs = meta.get('evalsim.inputs');
  const blockSize = meta.get('evalsim.blockSize');
  const metadata: ResultsMetadata = {
    gridKeys,
    config: meta.has('evalsim.study') ? JSON.parse(meta.get('evalsim.study')!) : undefined,
    version: meta.get('evalsim.version') ?? 'unknown',
    seed: seed === undefined ? undefined : Number(seed),
    replications: replications === undefined ? undefined : Number(replications),
    inputs: inputs === undefined ? undefined : (JSON.parse(inputs) as object[]),
    blockSize: blockSize === undefined ? undefined : Number(blockSize),
  };
  const rows: ResultRow[] = [];
  for (let i = 0; i < table.numRows; i++) {
    const record = table.get(i)!.toJSON() as Record<string, unknown>;
    const params: Record<string, ParamValue> = {};
    for (const key of gridKeys) params[key] = record[key] as ParamValue;
    rows.push({
      cell: plainNumber(record.cell ?? i),
      params,
      method: String(record.method),
      metric: String(record.metric),
      value: plainNumber(record.value),
      mcse: plainNumber(record.mcse),
      replications: plainNumber(record.replications),
      degenerate: plainNumber(record.degenerate),
      published: (record.published as number | null) ?? null,
      tolerance: (record.tolerance as number | null) ?? null,
      within: (record.within as boolean | null) ?? null,
    });
  }
  return { rows, metadata };
}
