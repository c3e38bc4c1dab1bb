/**
 * Simulates replications of one grid cell: for replication r the model's
 * stream is reseeded to (cell key, r) and generates the data into a buffer
 * allocated once per cell; then each method analyses it with its own stream,
 * reseeded to (method key, r), so a method's draws depend only on (seed, cell,
 * method id, r) — adding, removing or capping another method never changes
 * them. Cell key = streamSeed(seed, cell); method key =
 * streamSeed(`${seed}/${method id}`, cell).
 */
import type { ModelData } from '../base/dataKinds.js';
import { createMethodResult, type MethodResult, resetMethodResult } from '../base/methodResult.js';
import type { Analyser } from '../base/roles.js';
import type { SimulationStudy } from '../config/study.js';
import { SeededStream } from '../rng/SeededStream.js';
import { streamSeed } from '../rng/streamSeed.js';
import { RESULT_FIELDS, recordStride, writeResult } from './replicationRecord.js';

export class CellSimulator {
  readonly stride: number;
  private readonly generate: (rng: SeededStream) => void;
  private readonly measure?: (out: Float64Array) => void;
  private readonly data: ModelData;
  private readonly analysers: Analyser[];
  private readonly results: MethodResult[];
  private readonly cellKey: number;
  private readonly methodKeys: number[];
  private readonly modelStream: SeededStream;
  private readonly methodStream: SeededStream;
  private readonly diagnostics: Float64Array;

  constructor(study: SimulationStudy, cellIndex: number, seed: number) {
    const model = study.model;
    const definition = model.definition;
    const params = model.parsed[cellIndex];
    const data = definition.allocate(params);
    this.data = data;
    this.generate = (rng) => definition.generate(params, rng, data);
    this.diagnostics = new Float64Array(study.diagnostics.length);
    if (study.diagnostics.length > 0 && definition.diagnostics) {
      const diagnostics = definition.diagnostics;
      this.measure = (out) => diagnostics.measure(data, out);
    }
    this.analysers = study.methods.map((m) => m.definition.create(m.options, { level: m.level }));
    this.results = study.methods.map(() => createMethodResult());
    this.stride = recordStride(study.methods.length, study.diagnostics.length);
    this.cellKey = streamSeed(seed, cellIndex);
    this.methodKeys = study.methods.map((m) => streamSeed(`${seed}/${m.id}`, cellIndex));
    this.modelStream = new SeededStream(this.cellKey, 0);
    this.methodStream = new SeededStream(this.cellKey, 0);
  }

  /**
   * Replications [start, start + count) into `out` (count × stride numbers);
   * method j runs only on replications below `caps[j]` (NaN fields otherwise).
   */
  simulate(start: number, count: number, caps: readonly number[], out: Float64Array): void {
    const { analysers, results, methodKeys, modelStream, methodStream, data, stride } = this;
    const methodCount = analysers.length;
    const diagnosticOffset = methodCount * RESULT_FIELDS;
    for (let i = 0; i < count; i++) {
      const r = start + i;
      const base = i * stride;
      modelStream.reseed(this.cellKey, r);
      this.generate(modelStream);
      for (let j = 0; j < methodCount; j++) {
        const result = results[j];
        resetMethodResult(result);
        if (r < caps[j]) {
          methodStream.reseed(methodKeys[j], r);
          analysers[j](data, methodStream, result);
        }
        writeResult(out, base + j * RESULT_FIELDS, result);
      }
      if (this.measure) {
        this.measure(this.diagnostics);
        out.set(this.diagnostics, base + diagnosticOffset);
      }
    }
  }
}
