/**
 * Eval-log importers: lm-evaluation-harness, inspect_ai (.eval, .json), HELM, openai/evals,
 * long tables and wide item populations into one canonical table (evalTable.ts), written
 * to and read from Arrow with provenance, and aligned for analysis (evalMatrix.ts).
 */
export { detectEvalFormat } from './detectEvalFormat.js';
export { EVAL_ARROW_METADATA, type EvalProvenance, type ImportedEval } from './evalArrow.js';
export { EVAL_FORMATS, type EvalFormat, type EvalSourceInfo } from './evalFormat.js';
export {
  EvalInputError,
  type EvalLocation,
  type EvalWarning,
  formatEvalWarning,
  formatLocation,
} from './evalInputError.js';
export { type EvalMatrix, type EvalMatrixOptions, evalMatrix } from './evalMatrix.js';
export {
  columnValue,
  correctOf,
  EVAL_COLUMNS,
  EVAL_STRING_COLUMNS,
  type EvalStringColumn,
  type EvalStringColumnName,
  type EvalTable,
} from './evalTable.js';
export { type ImportRunOptions, importEval } from './importEval.js';
export { EVAL_IMPORT_OPTION_NAMES, type EvalImportOptions } from './importOptions.js';
export { readEvalArrow } from './readEvalArrow.js';
export { evalToArrow, writeEvalArrow } from './writeEvalArrow.js';
