/**
 * Recognises an eval log by its content (and name where the tool fixes it): a ZIP with
 * header.json or _journal/start.json (its first member, else listed in its central
 * directory) is an inspect_ai `.eval`; an Arrow file is an evalsim table (schema metadata
 * `evalsim.eval.sources`), a wide item population (`question`, `cluster`, `correct_<s>` + `k_<s>`) or a long table; a `.json` is an inspect_ai log
 * (top-level `version` and `eval` with `task` and `model`), an lm-eval `results_<date>.json`,
 * or a file of a HELM run directory; a `.jsonl` is an openai/evals log (first line
 * `{"spec": …}`), lm-eval samples (`doc_id` with `filter`/`metrics`) or a long table; a
 * `.csv` is a wide population or a long table. Anything else is an error saying what was
 * seen and what is supported — never the file's contents (not even its header or keys: it
 * may be any file given by mistake), only counts and the columns it lacks.
 */
import { closeSync, existsSync, readSync, statSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { notRegularFile, openInputFile } from '../files/inputFile.js';
import { EVAL_FORMATS, type EvalFormat } from './evalFormat.js';
import { EvalInputError } from './evalInputError.js';
import { readArrowFile } from './formats/tableRows.js';
import { wideSystems } from './formats/widePopulation.js';
import type { EvalImportOptions } from './importOptions.js';
import { forEachCsvRecord } from './io/csvRecords.js';
import { firstLine } from './io/jsonLines.js';
import { parseJson } from './io/jsonText.js';
import { ZipArchive } from './io/zipArchive.js';
import { isEvalArrowSchema } from './readEvalArrow.js';

const HELM_FILES = [
  'per_instance_stats.json',
  'run_spec.json',
  'scenario_state.json',
  'stats.json',
  'scenario.json',
];

function head(path: string, size = 64 * 1024): Buffer {
  const fd = openInputFile(path);
  try {
    const buffer = Buffer.allocUnsafe(size);
    return buffer.subarray(0, readSync(fd, buffer, 0, size, 0));
  } finally {
    closeSync(fd);
  }
}

function supported(): string {
  return Object.entries(EVAL_FORMATS)
    .map(([name, what]) => `${name} (${what})`)
    .join('; ');
}

function unknown(file: string, seen: string): EvalInputError {
  return new EvalInputError({ file }, `not a recognised eval log: ${seen}. Supported: ${supported()}`);
}

/**
 * What a table lacks to be a long table, in words that name none of its own columns or keys:
 * the file may be anything the user pointed at by mistake (a password file), and an error
 * must not echo its contents. `N columns, without "question" and "score" or "correct"`.
 */
function longTableLacks(columns: readonly string[], options: EvalImportOptions, noun = 'column'): string {
  const question = options.question ?? 'question';
  const scores = options.score ? [options.score] : ['score', 'correct'];
  const lacks: string[] = [];
  if (!columns.includes(question)) lacks.push(`"${question}"`);
  if (!scores.some((s) => columns.includes(s))) lacks.push(scores.map((s) => `"${s}"`).join(' or '));
  return `${columns.length} ${noun}${columns.length === 1 ? '' : 's'}, without ${lacks.join(' and ')}`;
}

/** Long-table columns present (question and a score), with the mapping options applied. */
function looksLong(columns: readonly string[], options: EvalImportOptions): boolean {
  const question = options.question ?? 'question';
  const score = options.score ? [options.score] : ['score', 'correct'];
  return columns.includes(question) && score.some((s) => columns.includes(s));
}

function tableFormat(
  columns: readonly string[],
  options: EvalImportOptions,
  long: EvalFormat,
): EvalFormat | undefined {
  if (columns.includes('question') && columns.includes('cluster') && wideSystems(columns).length > 0) {
    return 'wide-population';
  }
  return looksLong(columns, options) ? long : undefined;
}

/** True when `dir` is a HELM run directory. */
export function isHelmRunDirectory(dir: string): boolean {
  return existsSync(join(dir, 'per_instance_stats.json'));
}

/**
 * The format of the file (or HELM run directory) at `path`; `options` supplies the long
 * table's column mapping. Throws an EvalInputError naming the file as `file` (default:
 * `path`) and what was seen otherwise.
 */
export function detectEvalFormat(
  path: string,
  options: EvalImportOptions = {},
  file: string = path,
): EvalFormat {
  let stats: ReturnType<typeof statSync>;
  try {
    stats = statSync(path);
  } catch (error) {
    throw new EvalInputError({ file }, `cannot be read (${(error as NodeJS.ErrnoException).code ?? error})`);
  }
  if (stats.isDirectory()) {
    if (isHelmRunDirectory(path)) return 'helm';
    throw new EvalInputError(
      { file },
      'is a directory but not a HELM run directory (no per_instance_stats.json); importEval walks directories for logs',
    );
  }
  const notRegular = notRegularFile(stats);
  if (notRegular !== undefined) throw new EvalInputError({ file }, notRegular);
  const bytes = head(path);
  const name = basename(path);
  const ext = extname(path).toLowerCase();
  if (bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50) {
    // inspect_ai writes _journal/start.json first: its local header says so without reading
    // the central directory (77,000 entries in a large log); otherwise the directory is read.
    if (bytes.length >= 30) {
      const nameLength = bytes.readUInt16LE(26);
      const first = bytes.toString('utf8', 30, Math.min(bytes.length, 30 + nameLength));
      if (first === '_journal/start.json' || first === 'header.json') return 'inspect-eval';
    }
    const zip = ZipArchive.open(path, file);
    try {
      if (zip.find('header.json') || zip.find('_journal/start.json')) return 'inspect-eval';
    } finally {
      zip.close();
    }
    throw unknown(
      file,
      'a ZIP archive without header.json or _journal/start.json (an inspect_ai .eval has them)',
    );
  }
  if (
    bytes.subarray(0, 6).toString('latin1') === 'ARROW1' ||
    (bytes.length >= 4 && bytes.readUInt32LE(0) === 0xffffffff)
  ) {
    const table = readArrowFile(path, file);
    if (isEvalArrowSchema(table.schema)) return 'evalsim-arrow';
    const columns = table.schema.fields.map((f) => f.name);
    const format = tableFormat(columns, options, 'long-arrow');
    if (format) return format;
    throw unknown(file, `an Arrow table with ${longTableLacks(columns, options)}`);
  }
  if (HELM_FILES.includes(name) && isHelmRunDirectory(dirname(path))) return 'helm';
  const text = bytes.toString('utf8');
  if (ext === '.json') {
    if (/^results_.+\.json$/.test(name) && /"(results|configs|group_subtasks)"\s*:/.test(text))
      return 'lm-eval';
    if (
      /"version"\s*:\s*\d/.test(text) &&
      /"eval"\s*:\s*\{/.test(text) &&
      /"task"\s*:/.test(text) &&
      /"model"\s*:/.test(text)
    ) {
      return 'inspect-json';
    }
    // tau-bench: a list of {task_id, reward, info, traj, trial}; tau2-bench: results.json with
    // info.num_trials and simulations / simulation_index; SWE-bench: a report with resolved_ids.
    if (
      /^\s*\[\s*\{/.test(text) &&
      /"task_id"\s*:/.test(text) &&
      /"trial"\s*:/.test(text) &&
      /"reward"\s*:/.test(text)
    )
      return 'tau-bench';
    if (/"num_trials"\s*:/.test(text) && /"(simulations|simulation_index)"\s*:/.test(text))
      return 'tau2-bench';
    if (/"resolved_ids"\s*:/.test(text) && /"unresolved_ids"\s*:/.test(text)) return 'swe-bench';
    throw unknown(
      file,
      'a JSON file that is neither an inspect_ai log (top-level "version", and "eval" with "task" and "model") nor an lm-eval results_<date>.json, a tau-bench or tau2-bench results file, nor a SWE-bench report',
    );
  }
  if (ext === '.jsonl' || ext === '.ndjson') {
    const line = firstLine(path);
    if (line === undefined) throw new EvalInputError({ file }, 'the file is empty');
    const first = parseJson(line, file, 1);
    if (typeof first !== 'object' || first === null || Array.isArray(first)) {
      throw unknown(file, 'JSON Lines whose first line is not an object');
    }
    const keys = Object.keys(first);
    if (keys.includes('spec')) return 'openai-evals';
    if (keys.includes('doc_id') && (keys.includes('filter') || keys.includes('metrics'))) return 'lm-eval';
    if (looksLong(keys, options)) return 'long-jsonl';
    throw unknown(file, `JSON Lines whose first object has ${longTableLacks(keys, options, 'key')}`);
  }
  if (ext === '.csv') {
    let header: string[] = [];
    forEachCsvRecord(text, file, (fields) => {
      header = fields.map((f) => f.trim());
      return false;
    });
    const format = tableFormat(header, options, 'long-csv');
    if (format) return format;
    throw unknown(
      file,
      `a CSV file with ${longTableLacks(header, options)} (a long table needs question, system and score columns — map yours with --question, --system, --score)`,
    );
  }
  if (ext === '.eval') throw unknown(file, 'a .eval file that is not a ZIP archive');
  throw unknown(file, `a file with extension "${ext || '(none)'}"`);
}
