/**
 * Partial-result files: what one shard of a run writes, `<name>.shard-<i>-of-<N>.partial`
 * (JSON, written atomically: temp file, then rename — a failed shard leaves no file).
 *
 *   {
 *     "format": "evalsim-partial", "formatVersion": 2,
 *     "study": name, "fingerprint": the study's inputDigest (config, modules, data files),
 *     "config": the study config as written, "baseDir": where its paths resolve,
 *     "seed", "replications": the effective values (0 for a formula study, whose shards hold no pieces), "blockSize": B, "version": evalsim's,
 *     "shards": N, "shard": i,
 *     "pieces": [{ "cell", "start", "end", "blocks": base64 }],
 *     "digest": sha256 (hex) of everything above (partialDigest)
 *   }
 *
 * `blocks` holds the piece's block partials in block order, each as its state length L then
 * its CellPartial state (cellPartial.ts), as little-endian Float64 — exact, whatever the
 * numbers. `evalsim merge` folds the blocks of all shards in block order (cellFold.ts), so
 * the merged results are the bytes of a whole run.
 *
 * The digest covers the header and the pieces' text as written (every base64 character, so
 * also the unused bits of the last one): a file damaged on a disk or a network copy, edited,
 * or cut short is refused by name — never merged into results that are silently different.
 * It is a checksum against accidents, not a signature: whoever can write the file can
 * recompute it.
 */
import { createHash } from 'node:crypto';
import type { Study } from '../config/study.js';
import type { StudyConfig } from '../config/studyConfig.js';
import { InputFileError, readInputFile } from '../files/inputFile.js';
import { writeFileAtomic } from '../output/atomicWrite.js';
import { blockStates } from './chunkOutput.js';

export const PARTIAL_FORMAT = 'evalsim-partial';
export const PARTIAL_FORMAT_VERSION = 2;
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

/** A piece as the file holds it: its blocks as base64 text. */
interface StoredPiece {
  readonly cell: number;
  readonly start: number;
  readonly end: number;
  readonly blocks: string;
}

/** sha256 (hex) of a partial's format, header fields (in HEADER_FIELDS order) and pieces as text. */
function partialDigest(header: PartialHeader, pieces: readonly StoredPiece[]): string {
  const hash = createHash('sha256');
  hash.update(
    JSON.stringify([PARTIAL_FORMAT, PARTIAL_FORMAT_VERSION, ...HEADER_FIELDS.map(([f]) => header[f])]),
  );
  for (const piece of pieces)
    hash.update(`\n${piece.cell},${piece.start},${piece.end},`).update(piece.blocks);
  return hash.digest('hex');
}

/** Writes a shard's partial file atomically. */
export function writePartialFile(path: string, run: PartialWrite): void {
  const header: PartialHeader = {
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
  };
  const pieces: StoredPiece[] = run.pieces.map((p) => ({
    cell: p.cell,
    start: p.start,
    end: p.end,
    blocks: encodeBlocks(p.blocks),
  }));
  // The header as it will read back (the config through JSON), so the reader's digest is the same.
  const stored = JSON.parse(JSON.stringify(header)) as PartialHeader;
  const file = {
    format: PARTIAL_FORMAT,
    formatVersion: PARTIAL_FORMAT_VERSION,
    ...stored,
    pieces,
    digest: partialDigest(stored, pieces),
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

/** `shard i/N of <study>` from a parsed header, else from the file's name, else ''. */
function shardLabel(path: string, parsed?: Record<string, unknown>): string {
  if (
    parsed &&
    typeof parsed.study === 'string' &&
    Number.isSafeInteger(parsed.shard) &&
    Number.isSafeInteger(parsed.shards)
  ) {
    return `shard ${parsed.shard}/${parsed.shards} of ${parsed.study}: `;
  }
  const name = /([^/\\]+)\.shard-(\d+)-of-(\d+)\.partial$/.exec(path);
  return name ? `shard ${Number(name[2])}/${name[3]} of ${name[1]}: ` : '';
}

/** "; rerun it with --shard i/N" when the shard is known. */
function rerun(path: string, parsed?: Record<string, unknown>): string {
  const label = shardLabel(path, parsed);
  const spec = /^shard (\d+\/\d+)/.exec(label);
  return spec ? `; rerun it with --shard ${spec[1]}` : '';
}

/** Reads a partial file; a file that is not one throws PartialFileError naming the file and the field. */
export function readPartialFile(path: string): PartialFile {
  let text: string;
  try {
    text = readInputFile(path).toString('utf8');
  } catch (error) {
    if (error instanceof InputFileError) throw new PartialFileError(path, error.message);
    const code = (error as NodeJS.ErrnoException).code;
    throw new PartialFileError(path, `cannot read (${code ?? (error as Error).message})`);
  }
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    const ours = text.startsWith(`{"format":"${PARTIAL_FORMAT}"`);
    throw new PartialFileError(
      path,
      ours
        ? `${shardLabel(path)}truncated or damaged: not valid JSON (${text.length} bytes)${rerun(path)}`
        : 'not a partial result (not JSON)',
    );
  }
  if (parsed === null || typeof parsed !== 'object' || parsed.format !== PARTIAL_FORMAT) {
    throw new PartialFileError(path, `not a partial result (no "format": "${PARTIAL_FORMAT}")`);
  }
  if (parsed.formatVersion !== PARTIAL_FORMAT_VERSION) {
    throw new PartialFileError(
      path,
      `${shardLabel(path, parsed)}partial format version ${String(parsed.formatVersion)}, this evalsim reads ${PARTIAL_FORMAT_VERSION} (rerun the shards with this evalsim)`,
    );
  }
  for (const [field, type] of HEADER_FIELDS) {
    if (typeof parsed[field] !== type || parsed[field] === null) {
      throw new PartialFileError(
        path,
        `${shardLabel(path, parsed)}field "${field}" missing or not a ${type}`,
      );
    }
  }
  if (!Array.isArray(parsed.pieces)) {
    throw new PartialFileError(path, `${shardLabel(path, parsed)}field "pieces" missing or not a list`);
  }
  const stored = parsed.pieces.map((raw: unknown, i: number): StoredPiece => {
    const piece = raw as Record<string, unknown>;
    for (const field of ['cell', 'start', 'end']) {
      if (!Number.isSafeInteger(piece?.[field]) || (piece[field] as number) < 0) {
        throw new PartialFileError(
          path,
          `${shardLabel(path, parsed)}pieces[${i}].${field}: not an integer ≥ 0`,
        );
      }
    }
    if (typeof piece.blocks !== 'string') {
      throw new PartialFileError(path, `${shardLabel(path, parsed)}pieces[${i}].blocks: not text`);
    }
    return {
      cell: piece.cell as number,
      start: piece.start as number,
      end: piece.end as number,
      blocks: piece.blocks,
    };
  });
  const header = parsed as unknown as PartialHeader;
  if (typeof parsed.digest !== 'string') {
    throw new PartialFileError(
      path,
      `${shardLabel(path, parsed)}field "digest" missing (file damaged or edited)${rerun(path, parsed)}`,
    );
  }
  if (parsed.digest !== partialDigest(header, stored)) {
    throw new PartialFileError(
      path,
      `${shardLabel(path, parsed)}payload digest does not match (file damaged or edited)${rerun(path, parsed)}`,
    );
  }
  const pieces = stored.map((piece, i): PartialPiece => {
    let blocks: Float64Array[];
    try {
      blocks = decodeBlocks(piece.blocks);
    } catch (error) {
      throw new PartialFileError(path, `${shardLabel(path, parsed)}pieces[${i}].${(error as Error).message}`);
    }
    return { cell: piece.cell, start: piece.start, end: piece.end, blocks };
  });
  const { format: _f, formatVersion: _v, pieces: _p, digest: _d, ...rest } = parsed;
  return { ...(rest as unknown as PartialHeader), pieces };
}
