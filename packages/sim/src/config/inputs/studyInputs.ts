/**
 * The inputs of a study: every file a run reads, with the sha256 of its bytes — the study
 * file, the user modules (model, methods) and every local file they import, transitively
 * (moduleGraph.ts), and the data files the model reads (its `dataSources`, e.g. the
 * population files, with the sha256 of the bytes the model loaded) — plus the packages user modules import, by name and version (not
 * hashed). Paths are relative to the study's folder (with `/`), so the list is the same on
 * every machine and can go into the results as provenance (`evalsim.inputs`).
 *
 * inputDigest = sha256 of JSON [evalsim version, config, every input but the study file as
 * [role, path, sha256, version]]. The study file is left out because the config it parses
 * to is in already (a worker gets the config, never reads the file, and must compute the
 * same digest); a comment edited in a YAML study does not invalidate checkpoints.
 * The checkpoint key is made from the digest, so `--resume` after any edit of any input
 * recomputes; a worker checks it loaded the same inputs (verifyStudyInputs.ts).
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import type { DataSource } from '../../base/roles.js';
import type { StudyConfig } from '../studyConfig.js';
import { moduleGraph } from './moduleGraph.js';

/** What an input is to the study. */
export type StudyInputRole = 'study' | 'model' | 'method' | 'import' | 'data' | 'package';

export interface StudyInput {
  readonly role: StudyInputRole;
  /** Relative to the study's folder, with `/` (a package: its name). */
  readonly path: string;
  /** sha256 (hex) of the file's bytes (null for a package). */
  readonly sha256: string | null;
  /** The file's size in bytes (null for a package). */
  readonly bytes: number | null;
  /** A package's version as installed where the importing module finds it (null when not found). */
  readonly version?: string | null;
}

export interface InputSources {
  readonly config: StudyConfig;
  readonly baseDir: string;
  /** The study file, when the study was read from one. */
  readonly studyPath?: string | undefined;
  /** Data files the model read (each cell's `dataSources`), with the sha256 of what it loaded. */
  readonly dataSources: readonly DataSource[];
}

function fileSize(file: string): number | null {
  try {
    return statSync(file).size;
  } catch {
    return null;
  }
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function shown(baseDir: string, file: string): string {
  return relative(baseDir, file).split(sep).join('/');
}

function fileInput(role: StudyInputRole, baseDir: string, file: string, bytes: Buffer): StudyInput {
  return { role, path: shown(baseDir, file), sha256: sha256(bytes), bytes: bytes.length };
}

/** The user modules a config names, absolute, with their field roles (first role wins). */
function moduleEntries(config: StudyConfig, baseDir: string): Map<string, StudyInputRole> {
  const entries = new Map<string, StudyInputRole>();
  if (config.model?.module !== undefined) entries.set(resolve(baseDir, config.model.module), 'model');
  for (const method of config.methods ?? []) {
    if (method.module === undefined) continue;
    const file = resolve(baseDir, method.module);
    if (!entries.has(file)) entries.set(file, 'method');
  }
  return entries;
}

/** Every input of a study (see the module comment), in a fixed order: study, modules and their imports, data, packages. */
export function collectStudyInputs(sources: InputSources): StudyInput[] {
  const { config, baseDir } = sources;
  const inputs: StudyInput[] = [];
  if (sources.studyPath !== undefined)
    inputs.push(fileInput('study', baseDir, sources.studyPath, readFileSync(sources.studyPath)));
  const entries = moduleEntries(config, baseDir);
  const graph = moduleGraph([...entries.keys()]);
  for (const { file, bytes } of graph.files) {
    inputs.push(fileInput(entries.get(file) ?? 'import', baseDir, file, bytes));
  }
  const seen = new Set<string>();
  for (const source of sources.dataSources) {
    const file = resolve(baseDir, source.file);
    if (seen.has(file)) continue;
    seen.add(file);
    // the hash of the bytes the model loaded (models/support/populationFile.ts), not a second read
    inputs.push({ role: 'data', path: shown(baseDir, file), sha256: source.sha256, bytes: fileSize(file) });
  }
  for (const { name, version } of graph.packages) {
    inputs.push({ role: 'package', path: name, sha256: null, bytes: null, version });
  }
  return inputs;
}

/** The one hash of a run's inputs (see the module comment). */
export function inputDigest(config: StudyConfig, inputs: readonly StudyInput[], version: string): string {
  const hashed = inputs
    .filter((input) => input.role !== 'study')
    .map((input) => [input.role, input.path, input.sha256, input.version ?? null]);
  return sha256(Buffer.from(JSON.stringify([version, config, hashed]), 'utf8'));
}
