/**
 * Results "wide": one row per grid cell and metric, one column per method (value ± MCSE in
 * the table; `<method>` and `<method> mcse` columns at full precision in CSV and JSON) — the
 * shape of a published table, methods side by side. Rows and methods keep the order in which
 * they first appear.
 */
import type { ResultRow } from '@evalsim/sim';
import { alignedTable, markdownRow, TABLE_WIDTH } from './alignedTable.js';
import { csvField, formatEstimate, type ResultsFormat } from './formatResults.js';

interface WideRow {
  readonly cell: number;
  readonly params: ResultRow['params'];
  readonly metric: string;
  readonly byMethod: Map<string, ResultRow>;
}

function pivot(rows: readonly ResultRow[]): { methods: string[]; wide: WideRow[] } {
  const methods: string[] = [];
  const wide = new Map<string, WideRow>();
  for (const row of rows) {
    if (!methods.includes(row.method)) methods.push(row.method);
    const key = `${row.cell}\u0000${row.metric}`;
    let entry = wide.get(key);
    if (!entry) {
      entry = { cell: row.cell, params: row.params, metric: row.metric, byMethod: new Map() };
      wide.set(key, entry);
    }
    entry.byMethod.set(row.method, row);
  }
  return { methods, wide: [...wide.values()] };
}

const formatParam = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** The results with methods as columns, in `format`. */
export function formatWideResults(
  rows: readonly ResultRow[],
  gridKeys: readonly string[],
  format: ResultsFormat,
  maxWidth = TABLE_WIDTH,
): string {
  const { methods, wide } = pivot(rows);
  if (format === 'csv' || format === 'json') {
    const records = wide.map((entry) => {
      const record: Record<string, unknown> = { cell: entry.cell };
      for (const key of gridKeys) record[key] = entry.params[key];
      record.metric = entry.metric;
      for (const method of methods) {
        const row = entry.byMethod.get(method);
        const finite = (x: number | undefined) => (x !== undefined && Number.isFinite(x) ? x : null);
        record[method] = finite(row?.value);
        record[`${method} mcse`] = finite(row?.mcse);
      }
      return record;
    });
    if (format === 'json') return JSON.stringify(records, null, 2);
    const header = ['cell', ...gridKeys, 'metric', ...methods.flatMap((m) => [m, `${m} mcse`])];
    return [
      header.map(csvField).join(','),
      ...records.map((r) => header.map((h) => csvField(r[h])).join(',')),
    ].join('\n');
  }
  const header = [...gridKeys, 'metric', ...methods];
  const body = wide.map((entry) => [
    ...gridKeys.map((key) => formatParam(entry.params[key])),
    entry.metric,
    ...methods.map((method) => {
      const row = entry.byMethod.get(method);
      return row ? formatEstimate(row.value, row.mcse) : '';
    }),
  ]);
  if (format === 'markdown')
    return [markdownRow(header), markdownRow(header.map(() => '---')), ...body.map(markdownRow)].join('\n');
  return alignedTable(header, body, [], { maxWidth, wrap: [], repeat: gridKeys.length + 1 });
}
