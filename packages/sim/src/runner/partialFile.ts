/**
 * Partial-result files: what one shard of a run writes, `<name>.shard-<i>-of-<N>.partial`
 * (JSON, written atomically: temp file, then rename — a failed shard leaves no file).
 *
 *   {
 *     "format": "evalsim-partial", "formatVersion": 1,
 *     "study": name, "fingerprint": the study's inputDigest (config, modules, data files),
 *     "config": the study config as written, "baseDir": where its paths resolve,
 *     "seed", "replications": the effective values (0 for a formula study, whose shards hold no pieces), "blockSize": B, "version": evalsim's,
 *     "shards": N, "shard": i,
 *     "pieces": [{ "cell", "start", "end", "blocks": base64 }]
 *   }
 *
 * `blocks` holds the piece's block partials in block order, each as its state length L then
 * its CellPartial state (cellPartial.ts), as little-endian Float64 — exact, whatever the
 * numbers. `evalsim merge` folds the blocks of all shards in block order (cellFold.ts), so
 * the merged results are the bytes of a whole run.
 */
import { readFileSync } from 'node:fs';
import type { Study } from '../config/study.js';
import type { StudyConfig } from '../config/studyConfig.js';
import { writeFileAtomic } from '../output/atomicWrite.js';
import { blockStates } from './chunkOutput.js';

export const PARTIAL_FORMAT = 'evalsim-partial';
export const PARTIAL_FORMAT_VERSION = 1;
/** File names end with this (what `evalsim check <dir>` lists). */
export const PARTIAL_EXTENSION = '.partial';

/** A piece of a cell and its block states, in order. */
export interface PartialPiece {
  readonly cell: number;
  readonly start: number;
  readonly end: number;
  readonly blocks: readonly Float64Array[];
}

/** Everything in a partial file but the pieces. */
export interface PartialHeader {
  readonly study: string;
  /** The study's inputDigest: config, user modules with their import graph, data files, version (issue 8 item 1). */
  readonly fingerprint: string;
  readonly config: StudyConfig;
  readonly baseDir: string;
  readonly seed: number;
  readonly replications: number;
  readonly blockSize: number;
  readonly version: string;
  readonly shards: number;
  readonly shard: number;
}

export interface PartialFile extends PartialHeader {
  readonly pieces: readonly PartialPiece[];
}

/** `<name>.shard-<i>-of-<N>.partial`, i zero-padded to N's width so names sort by shard. */
export function partialFileName(study: string, index: number, count: number): string {
  const width = String(count - 1).length;
  return `${study}.shard-${String(index).padStart(width, '0')}-of-${count}${PARTIAL_EXTENSION}`;
}

function encodeBlocks(blocks: readonly Float64Array[]): string {
  const total = blocks.reduce((n, b) => n + 1 + b.length, 0);
  const all = new Float64Array(total);
  let at = 0;
  for (const block of blocks) {
    all[at++] = block.length;
    all.set(block, at);
    at += block.length;
  }
  return Buffer.from(all.buffer).toString('base64');
}

function decodeBlocks(text: string): Float64Array[] {
  const bytes = Buffer.from(text, 'base64');
  if (bytes.byteLength % 8 !== 0) throw new Error('blocks: not a whole number of Float64 values');
  const all = new Float64Array(bytes.byteLength / 8);
  new Uint8Array(all.buffer).set(bytes);
  return blockStates(all);
}

export interface PartialWrite {
  readonly study: Study;
  readonly config: StudyConfig;
  readonly seed: number;
  readonly replications: number;
  readonly blockSize: number;
  readonly version: string;
  readonly shard: { readonly index: number; readonly count: number };
  readonly pieces: readonly PartialPiece[];
}

/** Writes a shard's partial file atomically. */
export function writePartialFile(path: string, run: PartialWrite): void {
  const file = {
    format: PARTIAL_FORMAT,
    formatVersion: PARTIAL_FORMAT_VERSION,
    study: run.study.name,
    fingerprint: run.study.inputDigest,
    config: run.study.config,
    baseDir: run.study.baseDir,
    seed: run.seed,
    replications: run.replications,
    blockSize: run.blockSize,
    version: run.version,
    shards: run.shard.count,
    shard: run.shard.index,
    pieces: run.pieces.map((p) => ({
      cell: p.cell,
      start: p.start,
      end: p.end,
      blocks: encodeBlocks(p.blocks),
    })),
  };
  writeFileAtomic(path, `${JSON.stringify(file)}\n`);
}

/** Why a file is not a readable partial result. */
export class PartialFileError extends Error {
  constructor(
    readonly file: string,
    reason: string,
  ) {
    super(`${file}: ${reason}`);
    this.name = 'PartialFileError';
  }
}

const HEADER_FIELDS: readonly [keyof PartialHeader, 'string' | 'number' | 'object'][] = [
  ['study', 'string'],
  ['fingerprint', 'string'],
  ['config', 'object'],
  ['baseDir', 'string'],
  ['seed', 'number'],
  ['replications', 'number'],
  ['blockSize', 'number'],
  ['version', 'string'],
  ['shards', 'number'],
  ['shard', 'number'],
];

/** Reads a partial file; a file that is not one throws PartialFileError naming the file and the field. */
export function readPartialFile(path: string): PartialFile {
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new PartialFileError(path, code ? `cannot read (${code})` : 'not a partial result (not JSON)');
  }
  if (parsed === null || typeof parsed !== 'object' || parsed.format !== PARTIAL_FORMAT) {
    throw new PartialFileError(path, `not a partial result (no "format": "${PARTIAL_FORMAT}")`);
  }
  if (parsed.formatVersion !== PARTIAL_FORMAT_VERSION) {
    throw new PartialFileError(
      path,
      `partial format version ${String(parsed.formatVersion)}, this evalsim reads ${PARTIAL_FORMAT_VERSION}`,
    );
  }
  for (const [field, type] of HEADER_FIELDS) {
    if (typeof parsed[field] !== type || parsed[field] === null) {
      throw new PartialFileError(path, `field "${field}" missing or not a ${type}`);
    }
  }
  if (!Array.isArray(parsed.pieces)) throw new PartialFileError(path, 'field "pieces" missing or not a list');
  const pieces = parsed.pieces.map((raw: unknown, i: number): PartialPiece => {
    const piece = raw as Record<string, unknown>;
    for (const field of ['cell', 'start', 'end']) {
      if (!Number.isSafeInteger(piece?.[field]) || (piece[field] as number) < 0) {
        throw new PartialFileError(path, `pieces[${i}].${field}: not an integer ≥ 0`);
      }
    }
    if (typeof piece.blocks !== 'string') throw new PartialFileError(path, `pieces[${i}].blocks: not text`);
    let blocks: Float64Array[];
    try {
      blocks = decodeBlocks(piece.blocks);
    } catch (error) {
      throw new PartialFileError(path, `pieces[${i}].${(error as Error).message}`);
    }
    return { cell: piece.cell as number, start: piece.start as number, end: piece.end as number, blocks };
  });
  return { ...(parsed as unknown as PartialHeader), pieces };
}
