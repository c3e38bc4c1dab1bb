/**
 * The item population a model's `population` parameter names: loaded once per process
 * (worker) and absolute path, with the sha256 of its bytes for the provenance of kept
 * output. A file that cannot be read or is malformed is a ConfigError at `population`
 * carrying the loader's message (file, row, column).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError } from '../base/errors.js';
import type { StudyContext } from '../base/roles.js';
import type { ItemPopulation } from '../population/itemPopulation.js';
import { loadItemPopulation } from '../population/loadItemPopulation.js';
import {
  populationFromShared,
  type SharedPopulation,
  sharePopulation,
} from '../population/sharedPopulation.js';

export interface PopulationFile {
  /** The path as written in the study. */
  readonly file: string;
  readonly population: ItemPopulation;
  /** sha256 (hex) of the file's bytes. */
  readonly sha256: string;
}

/** The `population` parameter as a string spec (shared by the population models). */
export const POPULATION_PARAM = {
  type: 'string',
  required: true,
  allowed: 'the path of a population file (.csv or Arrow)',
  description: 'Item population file (.csv or Arrow), relative to the study file.',
} as const;

const cache = new Map<string, PopulationFile>();
let parses = 0;

/** The population file `file` (relative to the study), loaded once per process. */
export function readPopulationFile(file: string, context: StudyContext): PopulationFile {
  const path = resolve(context.baseDir, file);
  let loaded = cache.get(path);
  if (!loaded) {
    let population: ItemPopulation;
    try {
      parses++;
      population = loadItemPopulation(path);
    } catch (error) {
      throw new ConfigError('population', (error as Error).message);
    }
    const sha256 = createHash('sha256').update(readFileSync(path)).digest('hex');
    loaded = { file, population, sha256 };
    cache.set(path, loaded);
  }
  return loaded.file === file ? loaded : { ...loaded, file };
}

/** A loaded population file as plain, structured-cloneable data on shared buffers. */
export interface SharedPopulationFile {
  /** The absolute path (the cache key). */
  readonly path: string;
  readonly sha256: string;
  readonly population: SharedPopulation;
}

/**
 * Every population file loaded in this thread, moved onto shared buffers (the cache then
 * holds the shared views, so the columns exist once), ready to send to workers.
 */
export function sharePopulationFiles(): SharedPopulationFile[] {
  return [...cache].map(([path, loaded]) => {
    const population = sharePopulation(loaded.population);
    cache.set(path, { ...loaded, population: populationFromShared(population) });
    return { path, sha256: loaded.sha256, population };
  });
}

/** Seeds this thread's cache with files another thread loaded ({@link sharePopulationFiles}). */
export function adoptPopulationFiles(files: readonly SharedPopulationFile[]): void {
  for (const { path, sha256, population } of files) {
    if (!cache.has(path))
      cache.set(path, { file: path, sha256, population: populationFromShared(population) });
  }
}

/** Population files parsed from disk by this thread so far (a test's probe that workers parse none). */
export function populationParseCount(): number {
  return parses;
}
