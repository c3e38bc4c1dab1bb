/**
 * JSON as the eval tools write it, read by the one JSON reader (text/jsonText.ts) with the log
 * options: `JSON.parse` first (the platform's parser, for the usual standard text), and when it
 * refuses, readJson accepting the bare `NaN`, `Infinity` and `-Infinity` that Python's
 * `json.dumps` (lm-evaluation-harness, openai/evals, HELM) and pydantic with
 * `ser_json_inf_nan="constants"` (inspect_ai's `Score`, its NaN "unscored") write, a repeated
 * key keeping its last value as JSON.parse does; any other mistake is an EvalInputError at the
 * line and column of the first syntax error (deep nesting included: a plain error, not a stack
 * overflow).
 */
import { JsonSyntaxError, readJson } from '../../readers/jsonText.js';
import { EvalInputError } from '../evalInputError.js';

/**
 * Parses one JSON value. `line` is the file line where `text` starts (JSONL: the line
 * itself); errors carry the line and column of the first syntax error.
 */
export function parseJson(text: string, file: string, line = 1): unknown {
  try {
    return JSON.parse(text);
  } catch {
    try {
      return readJson(text, { nonFinite: true });
    } catch (error) {
      if (!(error instanceof JsonSyntaxError)) throw error;
      throw new EvalInputError(
        { file, line: line + error.line - 1, column: error.column },
        `malformed JSON: ${error.problem}`,
      );
    }
  }
}
