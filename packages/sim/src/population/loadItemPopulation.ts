/**
 * Reads an item population file: CSV (`.csv`) or Arrow IPC (`.arrow`, `.feather`, `.ipc`,
 * `.arrows`), one row per question with `question`, `cluster` and per system
 * `correct_<system>`, `k_<system>` and optionally `first_<system>`, `answers_<system>`
 * (convention in studies/data/README.md). Validation errors are PopulationFileErrors
 * naming the file, row (1-based, header = row 1) and column; an empty file, invalid UTF-8
 * and counts above 2^53 are refused. A file that is not a population (no `question`,
 * `cluster` or `correct_<system>` column) is refused without echoing any of its cells.
 * `read`: the file's bytes when the caller has read them already (they are parsed, not the file).
 * Only a regular file is read: a FIFO, socket or device is refused without being opened.
 */
import { extname } from 'node:path';
import { InputFileError, readInputFile } from '../files/inputFile.js';
import { buildItemPopulation } from './buildItemPopulation.js';
import { decodeUtf8Csv } from './decodeUtf8.js';
import type { ItemPopulation } from './itemPopulation.js';
import { parseCsv } from './parseCsv.js';
import { PopulationFileError } from './populationFileError.js';
import { readArrowTable } from './readArrowTable.js';

const ARROW_EXTENSIONS = ['.arrow', '.feather', '.ipc', '.arrows'];

export function loadItemPopulation(path: string, read?: Uint8Array): ItemPopulation {
  let bytes: Uint8Array;
  try {
    bytes = read ?? readInputFile(path);
  } catch (error) {
    if (error instanceof InputFileError) throw new PopulationFileError(path, error.message);
    throw new PopulationFileError(
      path,
      `cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
  const extension = extname(path).toLowerCase();
  if (bytes.length === 0) throw new PopulationFileError(path, 'is an empty file (0 bytes)');
  if (ARROW_EXTENSIONS.includes(extension)) return buildItemPopulation(readArrowTable(bytes, path), path);
  if (extension !== '.csv') {
    throw new PopulationFileError(
      path,
      `unknown file type "${extension}": use .csv or an Arrow IPC file (${ARROW_EXTENSIONS.join(', ')})`,
    );
  }
  return buildItemPopulation(parseCsv(decodeUtf8Csv(bytes, path), path), path);
}
