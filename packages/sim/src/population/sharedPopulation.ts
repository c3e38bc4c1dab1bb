/**
 * An item population parsed once (in the main thread) and shared with worker threads without
 * copying or parsing again (issue 8 item 9: a 1e6-row population cost 0.5 GB per thread).
 *
 * {@link sharePopulation} copies every column once into SharedArrayBuffer-backed typed arrays
 * and the question ids into one UTF-8 buffer with end offsets; the result is plain data a
 * worker receives by structured clone (postMessage or `workerData`), which for shared
 * buffers transfers a reference, not the bytes. {@link populationFromShared} rebuilds an
 * {@link ItemPopulation} as views on those buffers (no copy); its `questions` are decoded
 * from the UTF-8 buffer only when first read (a worker that only draws questions never
 * materialises 1e6 strings). The main thread keeps using the shared population too, so the
 * columns exist once in the process.
 */
import type { ItemPopulation, RecordedAnswers, RecordedScores, SystemResults } from './itemPopulation.js';

/** One system's columns on shared buffers. */
export interface SharedSystemResults {
  readonly name: string;
  readonly correct: Float64Array;
  readonly k: Float64Array;
  readonly first: Float64Array | null;
  readonly answers: RecordedAnswers | null;
  readonly scores: RecordedScores | null;
}

/** An item population as structured-cloneable data whose arrays live in SharedArrayBuffers. */
export interface SharedPopulation {
  readonly source: string;
  readonly questionCount: number;
  /** Question ids, UTF-8, question i at questionText[questionEnds[i − 1] … questionEnds[i]). */
  readonly questionText: Uint8Array;
  readonly questionEnds: Int32Array;
  readonly clusterNames: readonly string[];
  readonly clusterIndex: Int32Array;
  readonly systems: readonly SharedSystemResults[];
}

/** A copy of `array` on a SharedArrayBuffer (the array itself if it already is). */
function shared<T extends Float64Array | Int32Array | Uint8Array>(array: T): T {
  if (array.buffer instanceof SharedArrayBuffer) return array;
  const Type = array.constructor as new (buffer: SharedArrayBuffer) => T;
  const copy = new Type(new SharedArrayBuffer(array.byteLength));
  copy.set(array);
  return copy;
}

/** The population on shared buffers (one copy of each column; strings encoded once). */
export function sharePopulation(population: ItemPopulation): SharedPopulation {
  // Encode every id into one scratch buffer (UTF-8 takes ≤ 3 bytes per UTF-16 unit), without a
  // per-id allocation, then copy the bytes used onto shared memory.
  const encoder = new TextEncoder();
  const ends = new Int32Array(new SharedArrayBuffer(4 * population.questionCount));
  let units = 0;
  for (const id of population.questions) units += id.length;
  const scratch = new Uint8Array(3 * units);
  let bytes = 0;
  population.questions.forEach((id, i) => {
    bytes += encoder.encodeInto(id, scratch.subarray(bytes)).written;
    ends[i] = bytes;
  });
  const text = new Uint8Array(new SharedArrayBuffer(bytes));
  text.set(scratch.subarray(0, bytes));
  return {
    source: population.source,
    questionCount: population.questionCount,
    questionText: text,
    questionEnds: ends,
    clusterNames: [...population.clusterNames],
    clusterIndex: shared(population.clusterIndex),
    systems: [...population.systems.values()].map((system) => ({
      name: system.name,
      correct: shared(system.correct),
      k: shared(system.k),
      first: system.first ? shared(system.first) : null,
      answers: system.answers
        ? { offsets: shared(system.answers.offsets), values: shared(system.answers.values) }
        : null,
      scores: system.scores
        ? { offsets: shared(system.scores.offsets), values: shared(system.scores.values) }
        : null,
    })),
  };
}

/** The question ids of a shared population, decoded from its UTF-8 buffer. */
function decodeQuestions(shared: SharedPopulation): string[] {
  const decoder = new TextDecoder();
  const { questionText, questionEnds } = shared;
  const ids = new Array<string>(shared.questionCount);
  let start = 0;
  for (let i = 0; i < shared.questionCount; i++) {
    // TextDecoder refuses views on shared memory: decode a (small) copy of each id.
    ids[i] = decoder.decode(questionText.slice(start, questionEnds[i]));
    start = questionEnds[i];
  }
  return ids;
}

/** An ItemPopulation viewing the shared buffers (no copy); question ids decoded on first read. */
export function populationFromShared(shared: SharedPopulation): ItemPopulation {
  let questions: string[] | null = null;
  const systems = new Map<string, SystemResults>(
    shared.systems.map((system) => [system.name, { ...system }] as const),
  );
  return {
    source: shared.source,
    questionCount: shared.questionCount,
    get questions(): readonly string[] {
      questions ??= decodeQuestions(shared);
      return questions;
    },
    clusterNames: shared.clusterNames,
    clusterIndex: shared.clusterIndex,
    systems,
  };
}
