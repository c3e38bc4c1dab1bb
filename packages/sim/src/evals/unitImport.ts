/**
 * One log imported on its own — into a table builder, warning list and provenance of its
 * own — so that logs can be imported on several threads (importThreads.ts) and then merged
 * in file order into exactly what importing them one after the other into one context
 * gives: rows through `EvalTableBuilder.appendPart` (dictionaries in the same first-seen
 * order), then the warnings, then the sources (kept once per file, as `ImportContext.source`
 * does). A failure is kept as plain data and thrown, as the one-thread import would have
 * thrown it, only when the merge reaches its log — so the first bad log in file order is
 * the one reported, whichever thread read it.
 */
import type { EvalSourceInfo } from './evalFormat.js';
import { EvalInputError, type EvalLocation, type EvalWarning } from './evalInputError.js';
import { EvalTableBuilder, type TablePart } from './evalTableBuilder.js';
import { ImportContext } from './importContext.js';
import type { EvalImportOptions } from './importOptions.js';
import { type MemberScratch, memberScratch } from './io/scratchBuffer.js';
import type { LogUnit } from './logUnits.js';

/** A format importer: reads the log at `path` (shown as `file`) into `ctx`. */
export type UnitImporter = (path: string, file: string, ctx: ImportContext) => void;

/** Why a log could not be imported, as plain data (it crosses threads). */
export type UnitFailure =
  | { readonly kind: 'input'; readonly where: EvalLocation; readonly problem: string }
  | { readonly kind: 'type'; readonly message: string }
  | { readonly kind: 'other'; readonly message: string };

/** What importing one log gave. */
export type UnitResult =
  | {
      readonly ok: true;
      readonly part: TablePart;
      readonly warnings: readonly EvalWarning[];
      readonly sources: readonly EvalSourceInfo[];
    }
  | { readonly ok: false; readonly failure: UnitFailure };

/** The failure `error` stands for. */
export function unitFailure(error: unknown): UnitFailure {
  if (error instanceof EvalInputError) {
    const where: EvalLocation = {
      file: error.file,
      ...(error.line !== undefined ? { line: error.line } : {}),
      ...(error.column !== undefined ? { column: error.column } : {}),
      ...(error.field !== undefined ? { field: error.field } : {}),
    };
    return { kind: 'input', where, problem: error.problem };
  }
  if (error instanceof TypeError) return { kind: 'type', message: error.message };
  return { kind: 'other', message: error instanceof Error ? error.message : String(error) };
}

/**
 * The error an import throws for `failure` in `unit`: input and option errors as they are, a
 * system error (unreadable, too large for memory, …) still naming the file.
 */
export function unitError(unit: LogUnit, failure: UnitFailure): Error {
  if (failure.kind === 'input') return new EvalInputError(failure.where, failure.problem);
  if (failure.kind === 'type') return new TypeError(failure.message);
  return new EvalInputError({ file: unit.file }, `could not be read: ${failure.message}`);
}

/** What one thread reuses from log to log: member scratch buffers and a table builder. */
export interface UnitReader {
  readonly scratch: MemberScratch;
  readonly builder: EvalTableBuilder;
  /** Hash the files read (importEval's `digests`). */
  readonly digests: boolean;
}

/** A fresh reader for one thread. */
export function unitReader(digests = true): UnitReader {
  return { scratch: memberScratch(), builder: new EvalTableBuilder(), digests };
}

/** Imports `unit` on its own (this thread; files hashed here, large members read into the reader's buffers). */
export function importUnitAlone(
  importer: UnitImporter,
  unit: LogUnit,
  options: EvalImportOptions,
  reader: UnitReader,
): UnitResult {
  reader.builder.reset();
  const ctx = new ImportContext(reader.builder, options, undefined, reader.scratch);
  ctx.digests = reader.digests;
  try {
    importer(unit.path, unit.file, ctx);
    return { ok: true, part: ctx.builder.part(), warnings: ctx.warnings, sources: ctx.sources() };
  } catch (error) {
    return { ok: false, failure: unitFailure(error) };
  } finally {
    ctx.closeAll();
  }
}

/** Adds what importing `unit` alone gave to `ctx`, or throws its failure. */
export function mergeUnitResult(ctx: ImportContext, unit: LogUnit, result: UnitResult): void {
  if (!result.ok) throw unitError(unit, result.failure);
  ctx.builder.appendPart(result.part);
  for (const warning of result.warnings) ctx.warn(warning);
  for (const source of result.sources) ctx.carrySource(source);
}

/** The buffers of a result to transfer (not copy) to another thread. */
export function resultTransferList(result: UnitResult): ArrayBuffer[] {
  if (!result.ok) return [];
  const { part } = result;
  const arrays = [
    ...Object.values(part.codes),
    part.epoch,
    part.score,
    part.line,
    ...(part.answer ? [part.answer.codes] : []),
    ...(part.order ? [part.order] : []),
  ];
  return arrays.map((a) => a.buffer as ArrayBuffer);
}
