import type { StudyInput } from '../config/inputs/studyInputs.js';
import type { StudyConfig } from '../config/studyConfig.js';
import type { SharedPopulationFile } from '../models/support/populationFile.js';

/**
 * One unit of work: replications [start, start + count) of one grid cell, whole blocks
 * (`start` a multiple of BLOCK_SIZE; `count` too, except at the cell's end). Plain data (piscina task).
 */
export interface ChunkTask {
  /** The study's inputDigest: workers cache the validated study under it. */
  readonly studyKey: string;
  /** The main thread's inputs (inputs/studyInputs.ts): a worker checks it loaded the same (verifyStudyInputs). */
  readonly inputs: readonly StudyInput[];
  /**
   * The study config as JSON text (studyConfigText) and its directory, so a worker can validate and
   * resolve it once: text is copied to a worker as one string, where the object would be cloned
   * field by field for every chunk, and is parsed only by a worker that has not seen the study.
   */
  readonly configText: string;
  readonly baseDir: string;
  readonly cell: number;
  /** Effective study seed (after any --seed override). */
  readonly seed: number;
  readonly start: number;
  readonly count: number;
  /** Per method, the number of replications it runs on (its cap, or the study's count). */
  readonly caps: readonly number[];
  /** Also return every replication's records (`keep: ['replications']`, or answers kept). */
  readonly keepRecords: boolean;
  /** Also return every item-level answer (`keep: ['answers']`; the model must keep answers). */
  readonly keepAnswers: boolean;
  /**
   * The population files the main thread parsed, on SharedArrayBuffers (models/support/populationFile.ts):
   * a worker adopts them instead of parsing the files again, so a large population costs memory once.
   * Added by the study pool when the task goes to a worker thread (chunkExecutor.ts).
   */
  readonly populations?: readonly SharedPopulationFile[] | undefined;
  /** Where the chunk is, on a SharedArrayBuffer the main thread reads if the worker is stopped (cellSimulator.ts). */
  readonly phase?: Int32Array | undefined;
}

const configTexts = new WeakMap<StudyConfig, string>();

/** `config` as a task's JSON text, made once per config object. */
export function studyConfigText(config: StudyConfig): string {
  let text = configTexts.get(config);
  if (text === undefined) {
    text = JSON.stringify(config);
    configTexts.set(config, text);
  }
  return text;
}
