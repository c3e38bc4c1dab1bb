/**
 * Simulates replications of one grid cell: for replication r the model's
 * stream is reseeded to (cell key, r) and generates the data into a buffer
 * allocated once per cell; then each method analyses it with its own stream,
 * reseeded to (method key, r), so a method's draws depend only on (seed, cell,
 * method id, r) — adding, removing or capping another method never changes
 * them. Cell key = streamSeed(seed, cell); method key =
 * streamSeed(`${seed}/${method id}`, cell).
 *
 * An analyser that throws is reported with the method id and the replication (executeChunk
 * adds the study and the cell); an interval with lower > upper or one NaN bound counts as
 * degenerate for that method (base/invalidInterval.ts).
 *
 * With `keepAnswers` the model's answer-keeping buffers are used (same draws, same
 * results) and each replication's item-level answers are copied out as well.
 */
import type { ModelData } from '../base/dataKinds.js';
import { isInvalidInterval } from '../base/invalidInterval.js';
import { createMethodResult, type MethodResult, resetMethodResult } from '../base/methodResult.js';
import { RESULT_FIELDS, recordStride, writeResult } from '../base/replicationRecord.js';
import type { Analyser } from '../base/roles.js';
import type { SimulationStudy } from '../config/study.js';
import { SeededStream } from '../rng/SeededStream.js';
import { streamSeed } from '../rng/streamSeed.js';
import type { ChunkOutput, ChunkShape } from './chunkOutput.js';

/**
 * Where a chunk is (read by the main thread when the worker running it is stopped: out of
 * memory or past --chunk-timeout): [PHASE_STEP] the method index running, or MODEL_STEP while
 * the model generates; [PHASE_REPLICATION] the replication. On a SharedArrayBuffer.
 */
export const PHASE_STEP = 0;
export const PHASE_REPLICATION = 1;
export const MODEL_STEP = -1;
const NO_PHASE = new Int32Array(2);

/** The answers a cell's data keeps (filled in place by every `generate`). */
interface KeptAnswers {
  readonly answers: Uint8Array;
  readonly questions: Int32Array;
}

/** The chunk shape of `cell` of `study` (answers only when kept). */
export function cellShape(study: SimulationStudy, cell: number, keepAnswers: boolean): ChunkShape {
  const stride = recordStride(study.methods.length, study.diagnostics.length);
  const answers = study.model.definition.answers;
  if (!keepAnswers || !answers) return { stride, slots: 0, systems: 0 };
  const sheet = answers.sheet(study.model.parsed[cell]);
  return { stride, slots: sheet.slots, systems: sheet.systems };
}

export class CellSimulator {
  readonly shape: ChunkShape;
  private readonly generate: (rng: SeededStream) => void;
  private readonly measure?: (out: Float64Array) => void;
  private readonly data: ModelData;
  private readonly kept: KeptAnswers | null;
  private readonly analysers: Analyser[];
  private readonly results: MethodResult[];
  private readonly cellKey: number;
  private readonly methodKeys: number[];
  private readonly modelStream: SeededStream;
  private readonly methodStream: SeededStream;
  private readonly diagnostics: Float64Array;
  private readonly methodIds: readonly string[];
  private readonly modelLabel: string;

  constructor(study: SimulationStudy, cellIndex: number, seed: number, keepAnswers = false) {
    const definition = study.model.definition;
    const params = study.model.parsed[cellIndex];
    const answers = keepAnswers ? definition.answers : undefined;
    if (keepAnswers && !answers) throw new Error(`model ${study.model.label} does not keep answers`);
    const data = answers ? answers.allocate(params) : definition.allocate(params);
    this.data = data;
    this.shape = cellShape(study, cellIndex, keepAnswers);
    const { slots, systems } = this.shape;
    const kept = answers?.read(data);
    // Views made once: the model fills these same arrays in every replication.
    this.kept = kept
      ? { questions: kept.questions.subarray(0, slots), answers: kept.answers.subarray(0, systems * slots) }
      : null;
    this.generate = (rng) => definition.generate(params, rng, data);
    this.diagnostics = new Float64Array(study.diagnostics.length);
    if (study.diagnostics.length > 0 && definition.diagnostics) {
      const diagnostics = definition.diagnostics;
      this.measure = (out) => diagnostics.measure(data, out);
    }
    this.analysers = study.methods.map((m) => m.definition.create(m.options, { level: m.level }));
    this.methodIds = study.methods.map((m) => m.id);
    this.modelLabel = study.model.label;
    this.results = study.methods.map(() => createMethodResult());
    this.cellKey = streamSeed(seed, cellIndex);
    this.methodKeys = study.methods.map((m) => streamSeed(`${seed}/${m.id}`, cellIndex));
    this.modelStream = new SeededStream(this.cellKey, 0);
    this.methodStream = new SeededStream(this.cellKey, 0);
  }

  /**
   * Replications [start, start + count) into `out` (count × stride records, and the kept
   * answers); method j runs only on replications below `caps[j]` (NaN fields otherwise).
   * `phase` records which step runs (see PHASE_STEP).
   */
  simulate(
    start: number,
    count: number,
    caps: readonly number[],
    out: ChunkOutput,
    phase: Int32Array = NO_PHASE,
  ): void {
    const { analysers, results, methodKeys, modelStream, methodStream, data, kept } = this;
    const { stride, slots, systems } = this.shape;
    const records = out.records;
    const methodCount = analysers.length;
    const diagnosticOffset = methodCount * RESULT_FIELDS;
    for (let i = 0; i < count; i++) {
      const r = start + i;
      const base = i * stride;
      phase[PHASE_REPLICATION] = r;
      phase[PHASE_STEP] = MODEL_STEP;
      modelStream.reseed(this.cellKey, r);
      try {
        this.generate(modelStream);
      } catch (error) {
        throw new Error(
          `model ${this.modelLabel} failed in replication ${r}: ${(error as Error)?.message ?? error}`,
          { cause: error },
        );
      }
      if (kept) {
        out.questions.set(kept.questions, i * slots);
        out.answers.set(kept.answers, i * systems * slots);
      }
      for (let j = 0; j < methodCount; j++) {
        const result = results[j];
        resetMethodResult(result);
        if (r < caps[j]) {
          phase[PHASE_STEP] = j;
          methodStream.reseed(methodKeys[j], r);
          // robust (issue 8 item 7): a throwing analyser is named; an impossible interval is degenerate
          try {
            analysers[j](data, methodStream, result);
          } catch (error) {
            throw new Error(
              `method ${this.methodIds[j]} failed in replication ${r}: ${(error as Error)?.message ?? error}`,
              { cause: error },
            );
          }
          if (isInvalidInterval(result.lower, result.upper)) result.degenerate = true;
        }
        writeResult(records, base + j * RESULT_FIELDS, result);
      }
      if (this.measure) {
        this.measure(this.diagnostics);
        records.set(this.diagnostics, base + diagnosticOffset);
      }
    }
  }
}
