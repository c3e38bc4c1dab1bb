/**
 * A problem in an eval log, located by file, line (1-based; for a JSON document that is
 * not line-oriented, the line is left out and the field path says where), column and
 * field. Every importer check throws one of these, so the CLI prints one line such as
 * `logs/samples_mmlu_2024.jsonl, line 14, field "acc": "n/a" is not a number`.
 */

/** Where in the input a problem or warning is. */
export interface EvalLocation {
  /** The file, as given (a zip member is written `archive.eval!member.json`). */
  readonly file: string;
  /** 1-based line (or CSV row counting the header as row 1); undefined for whole-file or non-line formats. */
  readonly line?: number;
  /** 1-based column within the line (bytes for an encoding error, characters otherwise). */
  readonly column?: number;
  /** The field, column or JSON path, e.g. `scores.choice.value` or `summaries[12].epoch`. */
  readonly field?: string;
}

/** `file, line 3, column 7, field "x"` — the shared prefix of errors and warnings. */
export function formatLocation(where: EvalLocation): string {
  const parts = [where.file];
  if (where.line !== undefined) parts.push(`line ${where.line}`);
  if (where.column !== undefined) parts.push(`column ${where.column}`);
  if (where.field !== undefined) parts.push(`field "${where.field}"`);
  return parts.join(', ');
}

/** Thrown for input that cannot be imported; nothing is written when one is thrown. */
export class EvalInputError extends Error {
  readonly file: string;
  readonly line: number | undefined;
  readonly column: number | undefined;
  readonly field: string | undefined;
  /** The problem without the location prefix. */
  readonly problem: string;

  constructor(where: EvalLocation, problem: string) {
    super(`${formatLocation(where)}: ${problem}`);
    this.name = 'EvalInputError';
    this.file = where.file;
    this.line = where.line;
    this.column = where.column;
    this.field = where.field;
    this.problem = problem;
  }
}

/** Something imported but worth saying (rows skipped, questions dropped), with its location. */
export interface EvalWarning extends Partial<EvalLocation> {
  readonly message: string;
}

/** One line for a warning: its location (when known) and message. */
export function formatEvalWarning(warning: EvalWarning): string {
  return warning.file === undefined
    ? warning.message
    : `${formatLocation(warning as EvalLocation)}: ${warning.message}`;
}

/** A short rendering of a value for messages (JSON, cut at 60 characters). */
export function showValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
