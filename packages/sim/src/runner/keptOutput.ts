/**
 * Kept per-replication output (`keep`): every replication's method results
 * (`replications`) and/or every item-level answer (`answers`), written to Arrow files
 * beside the summary results.
 *
 * While a run goes, each cell's chunks arrive in replication order (the runner's
 * guarantee) and are appended as raw bytes to that cell's spool files; a finished cell's
 * spools are sealed (renamed from `.part`) before its checkpoint, so `resume` reuses
 * them. When every cell is done, the spools are read back block by block, in cell order,
 * and written as record batches of a fixed number of rows (ArrowFileStream: temp file,
 * then rename). Memory stays that of one chunk and one batch however many replications
 * are kept, and the files' bytes do not depend on worker count, chunk size or resume.
 */
import { closeSync, existsSync, mkdirSync, openSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../base/errors.js';
import { RESULT_FIELDS } from '../base/replicationRecord.js';
import type { AnswerSheet, DataSource } from '../base/roles.js';
import type { SimulationStudy } from '../config/study.js';
import { AnswersArrowWriter } from '../output/answersArrow.js';
import type { KeptKind, KeptMetadata } from '../output/keptMetadata.js';
import { fileSystemCause, OutputError } from '../output/outputError.js';
import { parquetPathOf } from '../output/parquetFromArrow.js';
import { REPLICATION_VALUE_COLUMNS, ReplicationsArrowWriter } from '../output/replicationsArrow.js';
import { cellShape } from './cellSimulator.js';
import type { ChunkOutput, ChunkShape } from './chunkOutput.js';

/** Rows per record batch of the replications file, and the target for the answers file. */
const REPLICATION_BATCH_ROWS = 1 << 16;
const ANSWER_BATCH_ROWS = 1 << 20;

/** Where each kept file goes (a kind absent is not kept). */
export type KeepPaths = Partial<Record<KeptKind, string>>;

export interface KeptRun {
  readonly study: SimulationStudy;
  /** The effective config, seed and replications (stored as provenance). */
  readonly config: unknown;
  readonly seed: number;
  readonly replications: number;
  readonly version: string;
  /** Replications each method runs on, by method. */
  readonly caps: readonly number[];
}

const SPOOLS = ['records', 'questions', 'answers'] as const;
type Spool = (typeof SPOOLS)[number];

/** The distinct data files the model read over all cells. */
function dataSources(study: SimulationStudy): DataSource[] {
  const seen = new Map<string, DataSource>();
  const { definition, parsed } = study.model;
  for (const params of parsed) {
    for (const source of definition.dataSources?.(params) ?? []) seen.set(JSON.stringify(source), source);
  }
  return [...seen.values()];
}

/** The answer sheet shared by every cell (answers of all cells go in one file). */
function sharedSheet(study: SimulationStudy): AnswerSheet {
  const answers = study.model.definition.answers;
  if (!answers) {
    throw new ConfigError(
      'keep',
      'answers',
      `"replications": model ${study.model.label} does not keep item-level answers`,
    );
  }
  const sheets = study.model.parsed.map((params) => answers.sheet(params));
  const first = sheets[0];
  for (const sheet of sheets) {
    const sameQuestions =
      sheet.questionIds === first.questionIds ||
      (sheet.questionIds.length === first.questionIds.length &&
        sheet.questionIds.every((id, i) => id === first.questionIds[i]));
    if (!sameQuestions || sheet.systems !== first.systems) {
      throw new ConfigError(
        'keep',
        'answers',
        '"replications": answers are kept in one file, so every grid cell must use the same questions and number of systems',
      );
    }
  }
  return { ...first, systems: first.systems, slots: Math.max(...sheets.map((s) => s.slots)) };
}

export class KeptOutput {
  private readonly spools: readonly Spool[];
  private readonly open = new Map<number, Map<Spool, number>>();
  /** Parquet twins written beside their Arrow file, waiting to be published (removed by dispose). */
  private readonly pending = new Set<string>();

  constructor(
    private readonly run: KeptRun,
    private readonly directory: string,
    private readonly paths: KeepPaths,
    /** Also write each kept file as Parquet (`x.arrow` → `x.parquet`). */
    private readonly parquet = false,
  ) {
    if (paths.answers !== undefined) sharedSheet(run.study);
    this.spools = [
      ...(paths.replications !== undefined ? (['records'] as const) : []),
      ...(paths.answers !== undefined ? (['questions', 'answers'] as const) : []),
    ];
    mkdirSync(directory, { recursive: true });
  }

  /** Whether chunks must carry item-level answers. */
  get keepsAnswers(): boolean {
    return this.paths.answers !== undefined;
  }

  private file(cell: number, spool: Spool): string {
    return join(this.directory, `cell-${cell}.${spool}.bin`);
  }

  /** True when `cell`'s spools were sealed (by this run or one it resumes). */
  hasCell(cell: number): boolean {
    return this.spools.every((spool) => existsSync(this.file(cell, spool)));
  }

  /** Appends the next chunk of `cell` (replications in order); the first chunk starts the cell afresh. */
  append(cell: number, output: ChunkOutput): void {
    try {
      let files = this.open.get(cell);
      if (!files) {
        files = new Map(this.spools.map((spool) => [spool, openSync(`${this.file(cell, spool)}.part`, 'w')]));
        this.open.set(cell, files);
      }
      for (const [spool, fd] of files) {
        const view = output[spool];
        const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
        let written = 0;
        while (written < bytes.byteLength) written += writeSync(fd, bytes, written);
      }
    } catch (error) {
      // robust: a full disk is named plainly (issue 8 item 3)
      throw new OutputError(
        `cannot write the kept output of cell ${cell} in ${this.directory}: ${fileSystemCause(error)}`,
      );
    }
  }

  /** Seals `cell`'s spools (call before its checkpoint is saved). */
  finishCell(cell: number): void {
    const files = this.open.get(cell);
    if (!files) return;
    this.open.delete(cell);
    for (const [spool, fd] of files) {
      closeSync(fd);
      renameSync(`${this.file(cell, spool)}.part`, this.file(cell, spool));
    }
  }

  /** Closes spools of unfinished cells (after a failure or abort; they are rewritten on resume). */
  dispose(): void {
    for (const files of this.open.values()) for (const fd of files.values()) closeSync(fd);
    this.open.clear();
    for (const file of this.pending) rmSync(file, { force: true });
    this.pending.clear();
  }

  private metadata(kind: KeptKind): KeptMetadata {
    const { study, config, seed, replications, version } = this.run;
    return {
      kind,
      config,
      gridKeys: study.gridKeys,
      cells: study.cells.map((cell) => cell.point),
      seed,
      replications,
      version,
      dataSources: dataSources(study),
    };
  }

  /** Reads `count` replications of `spool` of `cell` from replication `start` into `into`. */
  private read(fd: number, into: ArrayBufferView, bytesPerReplication: number, start: number, count: number) {
    const target = new Uint8Array(into.buffer, into.byteOffset, count * bytesPerReplication);
    let done = 0;
    while (done < target.byteLength) {
      const n = readSync(fd, target, done, target.byteLength - done, start * bytesPerReplication + done);
      if (n === 0) throw new Error(`kept output: spool of ${this.directory} ended early`);
      done += n;
    }
  }

  /** Writes every kept file from the sealed spools; returns their paths. */
  write(): KeepPaths {
    if (this.paths.replications !== undefined) this.writeReplications(this.paths.replications);
    if (this.paths.answers !== undefined) this.writeAnswers(this.paths.answers);
    return this.paths;
  }

  /**
   * The kept files and where each goes, each with a writer to a given path (runStudy publishes
   * them with the results). With Parquet, each Arrow file's writer also writes its Parquet twin
   * (the same batches) to a pending file, and the twin's own publication, right after, moves
   * that file to the path it is handed.
   */
  publications(): {
    readonly kind: KeptKind;
    readonly parquet: boolean;
    readonly path: string;
    readonly writer: (to: string) => void;
  }[] {
    const out: { kind: KeptKind; parquet: boolean; path: string; writer: (to: string) => void }[] = [];
    for (const kind of ['replications', 'answers'] as const) {
      const path = this.paths[kind];
      if (path === undefined) continue;
      const write = (to: string, parquet?: string) =>
        kind === 'replications' ? this.writeReplications(to, parquet) : this.writeAnswers(to, parquet);
      if (!this.parquet) {
        out.push({ kind, parquet: false, path, writer: (to) => write(to) });
        continue;
      }
      const twin = parquetPathOf(path);
      const pending = `${twin}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`;
      this.pending.add(pending);
      out.push(
        { kind, parquet: false, path, writer: (to) => write(to, pending) },
        {
          kind,
          parquet: true,
          path: twin,
          writer: (to) => {
            renameSync(pending, to);
            this.pending.delete(pending);
          },
        },
      );
    }
    return out;
  }

  private writeReplications(path: string, parquetPath?: string): void {
    const { study, replications, caps } = this.run;
    const methods = study.methods.map((m) => m.id);
    const writer = new ReplicationsArrowWriter(
      path,
      methods,
      this.metadata('replications'),
      REPLICATION_BATCH_ROWS,
      parquetPath,
    );
    try {
      const { rows } = writer;
      for (const cell of study.cells) {
        const { stride } = cellShape(study, cell.index, false);
        const perBlock = Math.max(1, Math.floor(REPLICATION_BATCH_ROWS / Math.max(1, methods.length)));
        const block = new Float64Array(perBlock * stride);
        const truth = study.model.truths[cell.index];
        const fd = openSync(this.file(cell.index, 'records'), 'r');
        try {
          let length = 0;
          for (let start = 0; start < replications; start += perBlock) {
            const count = Math.min(perBlock, replications - start);
            this.read(fd, block, stride * Float64Array.BYTES_PER_ELEMENT, start, count);
            for (let i = 0; i < count; i++) {
              const r = start + i;
              for (let j = 0; j < methods.length; j++) {
                if (r >= caps[j]) continue;
                if (length === writer.batchRows) {
                  writer.flush(cell.index, truth, length);
                  length = 0;
                }
                const offset = i * stride + j * RESULT_FIELDS;
                rows.replication[length] = r;
                rows.method[length] = j;
                for (let v = 0; v < REPLICATION_VALUE_COLUMNS.length; v++)
                  rows.values[v][length] = block[offset + v];
                rows.degenerate[length] = block[offset + 7] === 1 ? 1 : 0;
                length++;
              }
            }
          }
          writer.flush(cell.index, truth, length);
        } finally {
          closeSync(fd);
        }
      }
      writer.close();
    } catch (error) {
      writer.abort();
      throw error;
    }
  }

  private writeAnswers(path: string, parquetPath?: string): void {
    const { study, replications } = this.run;
    const sheet = sharedSheet(study);
    const shapes: ChunkShape[] = study.cells.map((cell) => cellShape(study, cell.index, true));
    const largest = Math.max(...shapes.map((shape) => shape.systems * shape.slots));
    const writer = new AnswersArrowWriter(
      path,
      sheet,
      this.metadata('answers'),
      Math.max(ANSWER_BATCH_ROWS, largest),
      parquetPath,
    );
    const clusterOf = sheet.clusters?.ofQuestion ?? null;
    try {
      const { rows } = writer;
      for (const cell of study.cells) {
        const { systems, slots } = shapes[cell.index];
        const perReplication = systems * slots;
        const perBlock = Math.max(1, Math.floor(writer.batchRows / perReplication));
        const questions = new Int32Array(perBlock * slots);
        const answers = new Uint8Array(perBlock * perReplication);
        const questionFd = openSync(this.file(cell.index, 'questions'), 'r');
        const answerFd = openSync(this.file(cell.index, 'answers'), 'r');
        try {
          for (let start = 0; start < replications; start += perBlock) {
            const count = Math.min(perBlock, replications - start);
            this.read(questionFd, questions, slots * Int32Array.BYTES_PER_ELEMENT, start, count);
            this.read(answerFd, answers, perReplication, start, count);
            let row = 0;
            for (let i = 0; i < count; i++) {
              for (let j = 0; j < systems; j++) {
                for (let s = 0; s < slots; s++, row++) {
                  const question = questions[i * slots + s];
                  rows.replication[row] = start + i;
                  rows.model[row] = j;
                  rows.question[row] = question;
                  if (rows.cluster && clusterOf) rows.cluster[row] = clusterOf[question];
                  rows.correct[row] = answers[i * perReplication + j * slots + s];
                }
              }
            }
            writer.flush(cell.index, row);
          }
        } finally {
          closeSync(questionFd);
          closeSync(answerFd);
        }
      }
      writer.close();
    } catch (error) {
      writer.abort();
      throw error;
    }
  }
}
