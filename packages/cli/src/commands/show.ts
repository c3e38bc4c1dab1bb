/**
 * `evalsim show <file.arrow>`: prints any Arrow IPC file. A results file of `evalsim run`
 * prints as the results table (value ± MCSE, published ± tolerance, ✓/✗; `--wide`: methods
 * as columns); any other file — kept replications, leaderboard answers, a user's own — as a
 * plain table of its columns, streamed record batch by record batch (the first rows of a
 * file of millions appear at once; `… | head` stops reading). `--columns`, `--where
 * col=value` and `--limit` pick what is printed; `--format` (or `--json`) how.
 */
import { RESULT_FIXED_COLUMNS, readResultsArrow } from '@evalsim/sim';
import type { CommandModule } from 'yargs';
import {
  flattenRows,
  formatResultsTable,
  RESULTS_FORMATS,
  type ResultsFormat,
} from '../format/formatResults.js';
import { tableWidth } from '../format/printRows.js';
import { formatWideResults } from '../format/wideResults.js';
import type { CliIo } from '../io.js';
import { batchRecords, type PlainRecord } from '../show/arrowRecords.js';
import { type ArrowSource, openArrowFile } from '../show/openArrowFile.js';
import { recordPrinter } from '../show/recordPrinter.js';
import { matchesWhere, parseSelection, pick, type RowSelection } from '../show/rowSelection.js';
import { integerFlag, requestedList } from './flagValues.js';

interface Args {
  io: CliIo;
  file: string;
  format?: ResultsFormat;
  json: boolean;
  columns?: string[];
  where?: string[];
  limit?: number;
  wide: boolean;
}

/** A results file of `evalsim run`: no `evalsim.kind` (kept files have one) and every result column. */
function isResultsFile(source: ArrowSource): boolean {
  const names = source.schema.fields.map((field) => field.name);
  return !source.metadata.has('evalsim.kind') && RESULT_FIXED_COLUMNS.every((c) => names.includes(c));
}

/** The --where conditions as typed, one per flag (a value may hold commas). */
function conditions(where: readonly unknown[] | undefined): string[] {
  const given = (where ?? []).map(String);
  if (where !== undefined && (given.length === 0 || given.some((c) => c.trim() === '')))
    throw new Error('--where: give a condition column=value, e.g. --where method=wald');
  return given;
}

function outputFormat(args: Args): ResultsFormat {
  if (args.json && args.format !== undefined && args.format !== 'json')
    throw new Error(`--json and --format ${args.format} disagree; give one of them`);
  return args.json ? 'json' : (args.format ?? 'table');
}

/** A results file, as the results table (or wide), its rows filtered by --where and --limit. */
function showResults(args: Args, path: string, format: ResultsFormat, selection: RowSelection): void {
  const { rows, metadata } = readResultsArrow(path);
  const flat = flattenRows(rows, metadata.gridKeys) as PlainRecord[];
  const kept = rows.filter((_, i) => matchesWhere(flat[i], selection.where)).slice(0, selection.limit);
  const width = tableWidth(args.io.stdout);
  const text = args.wide
    ? formatWideResults(kept, metadata.gridKeys, format, width)
    : formatResultsTable(kept, { format, gridKeys: metadata.gridKeys });
  args.io.stdout.write(kept.length === 0 && format === 'table' ? '(no rows)\n' : `${text}\n`);
}

/** Any file, streamed: its columns as they are, filtered and cut. */
async function showRecords(
  args: Args,
  source: ArrowSource,
  format: ResultsFormat,
  selection: RowSelection,
): Promise<void> {
  const names = source.schema.fields.map((field) => field.name);
  const numericTypes = new Map(
    source.schema.fields.map((field) => [field.name, /^(Int|Uint|Float|Decimal)/.test(String(field.type))]),
  );
  const printer = recordPrinter(
    args.io.stdout,
    format,
    selection.columns,
    selection.columns.map((c) => numericTypes.get(c) === true),
  );
  let printed = 0;
  const closed = () => args.io.stdout.closed === true;
  if (selection.limit > 0) {
    outer: for await (const batch of source.batches) {
      for (const record of batchRecords(batch, names)) {
        if (!matchesWhere(record, selection.where)) continue;
        printer.write(pick(record, selection.columns));
        if (++printed >= selection.limit || closed()) break outer;
        // Let a closed pipe's error event arrive (`… | head`), so reading stops soon after.
        if (printed % 1000 === 0) await new Promise((resolve) => setImmediate(resolve));
      }
    }
  }
  if (!closed()) printer.end();
}

export const showCommand: CommandModule<object, Args> = {
  command: 'show <file>',
  describe:
    'Print an Arrow file (results, kept replications, answers, any .arrow) as a table, CSV, JSON or Markdown',
  builder: (y) =>
    y
      .positional('file', { type: 'string', demandOption: true, describe: 'an Arrow IPC file (.arrow)' })
      .option('format', { choices: RESULTS_FORMATS, describe: 'output format (default table)' })
      .option('json', { type: 'boolean', default: false, describe: 'the same as --format json' })
      .option('columns', { type: 'string', array: true, describe: 'only these columns, in this order' })
      .option('where', {
        type: 'string',
        array: true,
        describe: 'only rows with column = value (repeatable: all must hold)',
      })
      .option('limit', { type: 'number', describe: 'at most this many rows' })
      .option('wide', {
        type: 'boolean',
        default: false,
        describe: 'results files: one column per method (value ± mcse)',
      })
      .example('$0 show results/few-clusters.arrow --wide --where metric=coverage', 'methods side by side')
      .example(
        '$0 show lb/answers.arrow --where model=3 --limit 5',
        'the first answers of one leaderboard model',
      )
      .example('$0 show results/peeking.arrow --format csv > peeking.csv', 'for another tool') as never,
  handler: async (args) => {
    const { io } = args;
    const format = outputFormat(args);
    const limit = integerFlag('limit', args.limit, 0, Number.MAX_SAFE_INTEGER);
    const source = await openArrowFile(io.resolve(args.file), args.file);
    try {
      const columns = requestedList('columns', args.columns);
      const selection = parseSelection(
        source.schema.fields.map((field) => field.name),
        { columns, where: conditions(args.where), limit },
      );
      const results = isResultsFile(source);
      if (args.wide && !results)
        throw new Error(
          `--wide: ${args.file} is not a results file of evalsim run (no method/metric/value columns)`,
        );
      if (args.wide && columns.length > 0) throw new Error('--wide and --columns: give one of them');
      if (results && columns.length === 0) {
        await source.close();
        showResults(args, io.resolve(args.file), format, selection);
      } else {
        await showRecords(args, source, format, selection);
      }
    } finally {
      await source.close();
    }
  },
};
