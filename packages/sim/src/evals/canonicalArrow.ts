/**
 * Opening one of evalsim's own Arrow tables (the eval table, evals/readEvalArrow.ts; the battle
 * table, battles/readBattleArrow.ts): the file read as a regular file only (files/inputFile.ts),
 * its IPC framing checked before Arrow parses it (readers/arrowFraming.ts: a truncated file is a
 * plain error, not Arrow's), the table parsed, and the JSON of its schema metadata (sources,
 * import options) and the writer's version read. Every problem names the file, and the field
 * for metadata and columns. Only `tableFromIPC` is imported from apache-arrow, so a simulation
 * worker that reads a battle table loads Arrow's reader alone (scripts/bundle.mjs's lazy-arrow stub).
 */
import { type Table, tableFromIPC, type Vector } from 'apache-arrow';
import { readInputFile } from '../files/inputFile.js';
import { arrowBytesProblem } from '../readers/arrowFraming.js';
import { EvalInputError } from './evalInputError.js';

export interface CanonicalArrowKeys {
  readonly sources: string;
  readonly options: string;
  readonly version: string;
}

export interface CanonicalArrow<S, O> {
  readonly arrow: Table;
  readonly sources: S;
  readonly options: O;
  /** The evalsim version that wrote it ('unknown' without the key). */
  readonly version: string;
  /** The column `name`, or an error naming it. */
  child(name: string): Vector;
}

/** The JSON at metadata `key` of a table of `what` (eval, battle): missing or invalid is an error naming it. */
function parseMetadata<T>(arrow: Table, key: string, file: string, what: string): T {
  const text = arrow.schema.metadata.get(key);
  if (text === undefined)
    throw new EvalInputError(
      { file, field: key },
      `missing from the schema metadata: not an evalsim ${what} table`,
    );
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new EvalInputError({ file, field: key }, 'is not valid JSON');
  }
}

/** Opens the evalsim `what` table at `path` (`file` names it in errors) with its metadata at `keys`. */
export function openCanonicalArrow<S, O>(
  path: string,
  file: string,
  keys: CanonicalArrowKeys,
  what: 'eval' | 'battle',
): CanonicalArrow<S, O> {
  const bytes = readInputFile(path);
  const problem = arrowBytesProblem(bytes);
  if (problem) throw new EvalInputError({ file }, problem);
  let arrow: Table;
  try {
    arrow = tableFromIPC(bytes);
  } catch (error) {
    throw new EvalInputError({ file }, `not a readable Arrow IPC file (${(error as Error).message})`);
  }
  return {
    arrow,
    sources: parseMetadata<S>(arrow, keys.sources, file, what),
    options: parseMetadata<O>(arrow, keys.options, file, what),
    version: arrow.schema.metadata.get(keys.version) ?? 'unknown',
    child(name) {
      const vector = arrow.getChild(name);
      if (!vector) throw new EvalInputError({ file, field: name }, `column missing from the ${what} table`);
      return vector;
    },
  };
}
