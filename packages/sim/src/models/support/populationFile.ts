/**
 * The item population a model's `population` parameter names: loaded once per process
 * (worker), absolute path and content, with the sha256 of its bytes for the provenance of kept
 * output. A file that cannot be read or is malformed is a ConfigError at `population`
 * carrying the loader's message (file, row, column).
 */
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError } from '../../base/errors.js';
import type { StudyContext } from '../../base/roles.js';
import { readInputFile } from '../../files/inputFile.js';
import type { ItemPopulation, SystemResults } from '../../population/itemPopulation.js';
import { loadItemPopulation } from '../../population/loadItemPopulation.js';
import {
  populationFromShared,
  type SharedPopulation,
  sharePopulation,
} from '../../population/sharedPopulation.js';

export interface PopulationFile {
  /** The path as written in the study. */
  readonly file: string;
  readonly population: ItemPopulation;
  /** sha256 (hex) of the file's bytes. */
  readonly sha256: string;
  /** The file's size in bytes. */
  readonly bytes: number;
}

interface CachedFile extends PopulationFile {
  /** statKey when the hash was last checked. */
  readonly key: string | undefined;
  /** This file on shared buffers, once shared (sharePopulationFiles). */
  readonly shared?: SharedPopulationFile;
}

/** The `population` parameter as a string spec (shared by the population models). */
export const POPULATION_PARAM = {
  type: 'string',
  required: true,
  allowed: 'the path of a population file (.csv or Arrow)',
  description: 'Item population file (.csv or Arrow), relative to the study file.',
} as const;

const cache = new Map<string, CachedFile>();
let parses = 0;

/** What identifies a version of a file without reading it: size, inode, modification and change times. */
function statKey(path: string): string | undefined {
  try {
    const stats = statSync(path, { bigint: true });
    return `${stats.size}/${stats.ino}/${stats.mtimeNs}/${stats.ctimeNs}`;
  } catch {
    return undefined;
  }
}

/**
 * The population file `file` (relative to the study), loaded once per process and content.
 * The sha256 of its bytes is computed again whenever its size, inode, modification or change
 * time differ from the cached ones (a write always moves the change time), and a cached
 * population is reused only while that hash is the same, so a file edited between two runs
 * in one process is read again.
 */
export function readPopulationFile(file: string, context: StudyContext): PopulationFile {
  const path = resolve(context.baseDir, file);
  const key = statKey(path);
  let loaded = cache.get(path);
  if (!loaded || key === undefined || loaded.key !== key) {
    let bytes: Buffer | undefined;
    try {
      bytes = readInputFile(path);
    } catch {
      // the loader below words a missing or unreadable file
    }
    const sha256 = createHash('sha256')
      .update(bytes ?? new Uint8Array(0))
      .digest('hex');
    if (!loaded || loaded.sha256 !== sha256) {
      let population: ItemPopulation;
      try {
        parses++;
        // The bytes hashed are the bytes parsed (a file rewritten in between cannot mix the two).
        population = loadItemPopulation(path, bytes);
      } catch (error) {
        throw new ConfigError('population', (error as Error).message);
      }
      loaded = { file, population, sha256, bytes: bytes?.length ?? 0, key };
    } else {
      loaded = { ...loaded, key };
    }
    cache.set(path, loaded);
  }
  return loaded.file === file ? loaded : { ...loaded, file };
}

/** A loaded population file as plain, structured-cloneable data on shared buffers. */
export interface SharedPopulationFile {
  /** The absolute path (the cache key). */
  readonly path: string;
  readonly sha256: string;
  readonly bytes: number;
  /** The file's size, inode and times when the main thread hashed it (a later edit re-reads it). */
  readonly key: string | undefined;
  readonly population: SharedPopulation;
}

/**
 * Every population file loaded in this thread, moved onto shared buffers (the cache then
 * holds the shared views, so the columns exist once), ready to send to workers. A file already
 * shared is not copied again.
 */
export function sharePopulationFiles(): SharedPopulationFile[] {
  return [...cache].map(([path, loaded]) => {
    if (loaded.shared && loaded.shared.sha256 === loaded.sha256) return loaded.shared;
    const population = sharePopulation(loaded.population);
    const shared = { path, sha256: loaded.sha256, bytes: loaded.bytes, key: loaded.key, population };
    cache.set(path, { ...loaded, population: populationFromShared(population), shared });
    return shared;
  });
}

/**
 * Seeds this thread's cache with files another thread loaded ({@link sharePopulationFiles}).
 * The main thread's stat key comes along: a file edited since is hashed and parsed again on
 * its first read here, and the worker's input check (verifyStudyInputs) names it.
 */
export function adoptPopulationFiles(files: readonly SharedPopulationFile[]): void {
  for (const { path, sha256, bytes, key, population } of files) {
    if (!cache.has(path))
      cache.set(path, { file: path, sha256, bytes, key, population: populationFromShared(population) });
  }
}

/** Population files parsed from disk by this thread so far (a test's probe that workers parse none). */
export function populationParseCount(): number {
  return parses;
}

/**
 * Refuses a graded system (a `scores_<system>` column) for a model that draws 0/1 answers from
 * c/k, naming the field `path` (its system's index when `systems` has several): a mean score is
 * not a probability of a right answer, so such a model never takes one silently.
 */
export function refuseGradedSystems(
  systems: readonly SystemResults[],
  path: string,
  population: ItemPopulation,
  model: string,
): void {
  systems.forEach((system, j) => {
    if (system.scores) {
      throw new ConfigError(
        systems.length > 1 ? `${path}[${j}]` : path,
        `"${system.name}" has graded scores in ${population.source} (column "scores_${system.name}"); ${model} draws 0/1 answers (itemPopulation, itemPopulationPaired and itemPopulationShifted redraw graded scores)`,
      );
    }
  });
}
