/** Reading a whole JSON results file (tau-bench, tau2-bench, SWE-bench reports): strict UTF-8, Python's NaN allowed. */
import { readFileSync } from 'node:fs';
import { parseJson } from '../io/jsonText.js';
import { decodeUtf8 } from '../io/utf8.js';

export function readJsonFile(path: string, file: string): unknown {
  return parseJson(decodeUtf8(readFileSync(path), file), file);
}
