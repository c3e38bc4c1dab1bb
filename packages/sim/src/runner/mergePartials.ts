/**
 * `evalsim check` and `evalsim merge`: partial-result files of sharded runs (partialFile.ts)
 * are grouped by study; within a study every file must agree on the fingerprint, seed,
 * replications, block size, version and shard count N (the value most files carry is the
 * reference; a file that differs is listed with the field), hold a shard index below N, and
 * every index 0 … N − 1 must be present exactly once. `checkPartials` lists every problem;
 * `mergePartials` refuses with that list, else folds each cell's blocks from all shards in
 * block order (cellFold.ts) and publishes each study's results through resultsPublication — the
 * bytes a whole run writes.
 */
import { basename, join } from 'node:path';
import type { Study } from '../config/study.js';
import { validateStudy } from '../config/validateStudy.js';
import { parquetFromArrow, parquetPathOf } from '../output/parquetFromArrow.js';
import { prepareOutputDirectory } from '../output/prepareOutputDirectory.js';
import { publishFiles } from '../output/publishFiles.js';
import type { ResultRow } from '../output/resultRow.js';
import { evalsimVersion } from '../output/version.js';
import { BLOCK_SIZE, blockCount } from './blocks.js';
import { CellFold } from './cellFold.js';
import { attachExpectations } from './expectations.js';
import { formulaRows } from './formulaRows.js';
import { methodCaps } from './methodCaps.js';
import { type PartialFile, PartialFileError, partialFileName, readPartialFile } from './partialFile.js';
import { resultsPublication } from './publishResults.js';
import { studyInputFiles } from './runPlan.js';

/** One study's shards as found. */
export interface StudyShards {
  readonly study: string;
  /** N of the reference files. */
  readonly shards: number;
  /** Files that agree with the reference, by shard index. */
  readonly found: number;
  readonly files: readonly PartialFile[];
}

export interface PartialsCheck {
  readonly studies: readonly StudyShards[];
  /** Every problem, one line each (missing, duplicate, inconsistent, unreadable). */
  readonly problems: readonly string[];
}

/** What merge refused: the problems of checkPartials. */
export class MergeRefusedError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`refusing to merge:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'MergeRefusedError';
  }
}

const AGREED = ['fingerprint', 'seed', 'replications', 'blockSize', 'version', 'shards'] as const;

/** How a disagreement in each agreed field is worded. */
const FIELD_WORDS: Record<(typeof AGREED)[number], string> = {
  fingerprint: 'study inputs (inputDigest)',
  seed: 'seed',
  replications: 'replications',
  blockSize: 'block size',
  version: 'evalsim version',
  shards: 'shard count',
};

function short(value: unknown): string {
  const text = String(value);
  return text.length > 16 ? `${text.slice(0, 12)}…` : text;
}

/** Reads `paths` and lists every problem that would make a merge wrong. */
export function checkPartials(paths: readonly string[]): PartialsCheck {
  const problems: string[] = [];
  const byStudy = new Map<string, { path: string; file: PartialFile }[]>();
  for (const path of paths) {
    try {
      const file = readPartialFile(path);
      const list = byStudy.get(file.study) ?? [];
      list.push({ path, file });
      byStudy.set(file.study, list);
    } catch (error) {
      if (!(error instanceof PartialFileError)) throw error;
      problems.push(error.message);
    }
  }
  const version = evalsimVersion();
  const studies: StudyShards[] = [];
  for (const [study, list] of byStudy) {
    // The reference: the header tuple most files carry (ties: the first in path order).
    const key = (f: PartialFile) => JSON.stringify(AGREED.map((field) => f[field]));
    const counts = new Map<string, number>();
    for (const { file } of list) counts.set(key(file), (counts.get(key(file)) ?? 0) + 1);
    const sorted = [...list].sort((a, b) => (a.path < b.path ? -1 : 1));
    let reference = sorted[0].file;
    for (const { file } of sorted) if (counts.get(key(file))! > counts.get(key(reference))!) reference = file;
    const good: { path: string; file: PartialFile }[] = [];
    for (const entry of sorted) {
      const differing = AGREED.filter((field) => entry.file[field] !== reference[field]);
      if (differing.length > 0) {
        const what = differing
          .map(
            (field) =>
              `${FIELD_WORDS[field]} ${short(entry.file[field])} (others: ${short(reference[field])})`,
          )
          .join(', ');
        const foreign = differing.includes('fingerprint')
          ? '; it comes from another study of this name, or from before its config, modules or data changed'
          : '';
        problems.push(
          `${entry.path}: shard ${entry.file.shard}/${entry.file.shards} of ${study}: inconsistent with the other shards: ${what}${foreign}`,
        );
      } else if (
        !Number.isSafeInteger(entry.file.shard) ||
        entry.file.shard < 0 ||
        entry.file.shard >= reference.shards
      ) {
        problems.push(
          `${entry.path}: study ${study}: shard ${entry.file.shard} is not below N = ${reference.shards}`,
        );
      } else good.push(entry);
    }
    if (reference.version !== version) {
      problems.push(
        `study ${study}: shards made by evalsim ${reference.version}; this is evalsim ${version} (rerun the shards)`,
      );
    }
    if (reference.blockSize !== BLOCK_SIZE) {
      problems.push(
        `study ${study}: shards aggregated in blocks of ${reference.blockSize}; this evalsim uses ${BLOCK_SIZE}`,
      );
    }
    const byIndex = new Map<number, string[]>();
    for (const { path, file } of good) byIndex.set(file.shard, [...(byIndex.get(file.shard) ?? []), path]);
    const missing: number[] = [];
    for (let i = 0; i < reference.shards; i++) {
      const at = byIndex.get(i);
      if (!at) missing.push(i);
      else if (at.length > 1) {
        problems.push(
          `study ${study}: shard ${i} of ${reference.shards} is duplicated: ${at.map((p) => basename(p)).join(', ')}`,
        );
      }
    }
    if (missing.length > 0) {
      const names = missing.slice(0, 8).map((i) => partialFileName(study, i, reference.shards));
      problems.push(
        `study ${study}: ${missing.length} of ${reference.shards} shards missing: ${missing.join(', ')} (expected ${names.join(', ')}${missing.length > 8 ? ', …' : ''}); rerun them with --shard i/${reference.shards}`,
      );
    }
    studies.push({
      study,
      shards: reference.shards,
      found: byIndex.size,
      files: good.map((g) => g.file),
    });
  }
  if (paths.length === 0) problems.push('no partial-result files given');
  return { studies, problems };
}

/**
 * The study the shards ran, validated again from the config and folder they carry; refuses
 * when its inputs (config, modules with their imports, data files) are not those the shards
 * ran with.
 */
async function shardStudy(shards: StudyShards): Promise<Study> {
  const first = shards.files[0];
  let study: Study;
  try {
    study = await validateStudy(first.config, first.baseDir);
  } catch (error) {
    throw new MergeRefusedError([
      `study ${first.study}: the config the shards carry does not validate here (${(error as Error).message}); merge where the study's files are at ${first.baseDir}`,
    ]);
  }
  // inputDigest: compare the content digest of every input once it is in the Study.
  if (study.inputDigest !== first.fingerprint) {
    throw new MergeRefusedError([
      `study ${first.study}: its config, modules or data files changed since the shards ran (inputs ${short(study.inputDigest)}, shards ${short(first.fingerprint)}); rerun the shards`,
    ]);
  }
  return study;
}

/**
 * checkPartials, then, for each study whose shards agree, what a merge would find: whether
 * the study validates and its inputs are still those the shards ran with (`evalsim check`).
 */
export async function checkPartialsAndInputs(paths: readonly string[]): Promise<PartialsCheck> {
  const check = checkPartials(paths);
  const problems = [...check.problems];
  for (const shards of check.studies) {
    if (shards.files.length === 0) continue;
    try {
      await shardStudy(shards);
    } catch (error) {
      if (!(error instanceof MergeRefusedError)) throw error;
      problems.push(...error.problems);
    }
  }
  return { studies: check.studies, problems };
}

/** The rows of one study merged from its shards' files (checked by checkPartials and shardStudy). */
function mergeStudy(shards: StudyShards, study: Study): { study: Study; rows: ResultRow[] } {
  const first = shards.files[0];
  if (study.kind !== 'simulation') {
    const rows = study.cells.flatMap((cell) => formulaRows(study, cell.index));
    return { study, rows: attachExpectations(study, rows) };
  }
  const R = first.replications;
  const caps = methodCaps(study, R);
  const pieces = shards.files.flatMap((f) => f.pieces).sort((a, b) => a.cell - b.cell || a.start - b.start);
  const problems: string[] = [];
  const rows: ResultRow[] = [];
  let p = 0;
  for (const cell of study.cells) {
    const fold = new CellFold(study, cell.index, caps);
    let next = 0;
    for (; p < pieces.length && pieces[p].cell === cell.index; p++) {
      const piece = pieces[p];
      const expected = blockCount(piece.end) - blockCount(piece.start);
      if (piece.start !== next || piece.blocks.length !== expected) break;
      for (const block of piece.blocks) fold.fold(block);
      next = piece.end;
    }
    if (next !== R) {
      problems.push(
        `study ${first.study}: cell ${cell.index}: the shards cover replications 0–${next - 1} of ${R}`,
      );
      while (p < pieces.length && pieces[p].cell === cell.index) p++;
      continue;
    }
    rows.push(...fold.rows(), ...formulaRows(study, cell.index));
  }
  if (p < pieces.length)
    problems.push(
      `study ${first.study}: a shard holds cell ${pieces[p].cell}, which the study does not have`,
    );
  if (problems.length > 0) throw new MergeRefusedError(problems);
  return { study, rows: attachExpectations(study, rows) };
}

/** Merges partial-result files into `<outDir>/<study>.arrow` per study; refuses with every problem found. */
export async function mergePartials(
  paths: readonly string[],
  outDir: string,
  /** `parquet`: also write each results file as Parquet beside it (`x.arrow` → `x.parquet`). */
  options: { readonly parquet?: boolean | undefined } = {},
): Promise<{ readonly study: string; readonly path: string; readonly shards: number }[]> {
  const check = checkPartials(paths);
  if (check.problems.length > 0) throw new MergeRefusedError(check.problems);
  const studies: { study: Study; shards: StudyShards }[] = [];
  for (const shards of check.studies) studies.push({ study: await shardStudy(shards), shards });
  // The output directory, checked before the fold: not a pseudo file system, writable, and no
  // results file that is one of the partials or of the studies' inputs.
  const output = prepareOutputDirectory(
    outDir,
    studies.flatMap(({ study }) => [
      `${study.name}.arrow`,
      ...(options.parquet ? [`${study.name}.parquet`] : []),
    ]),
    { inputs: [...paths, ...studies.flatMap(({ study }) => studyInputFiles(study))] },
  );
  try {
    publishMerged(
      studies.map(({ study, shards }) => ({ ...mergeStudy(shards, study), shards })),
      outDir,
      options.parquet === true,
    );
  } catch (error) {
    output.discard();
    throw error;
  }
  return studies.map(({ study, shards }) => ({
    study: study.name,
    path: join(outDir, `${study.name}.arrow`),
    shards: shards.shards,
  }));
}

/** Publishes every merged study's results together. */
function publishMerged(
  merged: readonly { study: Study; rows: ResultRow[]; shards: StudyShards }[],
  outDir: string,
  parquet: boolean,
): void {
  const version = evalsimVersion();
  const written = merged.map(({ study, rows, shards }) => {
    const { seed, replications } = shards.files[0];
    // The metadata of a whole run: the config as run (overrides applied) for a simulation.
    const run =
      study.kind === 'simulation'
        ? { config: { ...study.config, seed, replications }, version, seed, replications }
        : { config: study.config, version };
    return resultsPublication(outDir, study, rows, run);
  });
  const twins = parquet
    ? written.map(({ path, bytes }) => ({ path: parquetPathOf(path), bytes: parquetFromArrow(bytes) }))
    : [];
  // Every study's results together: all are renamed into place, or none (output/publishFiles.ts).
  publishFiles([...written, ...twins]);
}
