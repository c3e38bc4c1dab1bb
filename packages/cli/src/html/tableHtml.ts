/**
 * A table section as HTML: one row per element of the array the view names, one cell per
 * column, each read from the document by path (renderCell.ts). A wildcard column
 * (`binary.intervals.*`) becomes one column per key found under it, in the order the rows
 * first give them — a new interval in the document is a new column on the page, with no
 * change to the view. A row with a marked interval is marked too.
 */
import type { Column, ComputedColumn, JsonDocument, TableSection, ViewContext } from './htmlView.js';
import { childPath, joinPath, valueAt } from './jsonPath.js';
import { cellHtml, escapeHtml, isInterval } from './renderCell.js';

/** A column with the cell path of each row resolved. */
interface ResolvedColumn {
  readonly header: string;
  readonly title: string | undefined;
  readonly cell: (rowPath: string, index: number) => string | undefined;
  readonly kind: NonNullable<Column['kind']>;
  readonly format: NonNullable<Column['format']>;
  readonly join: Column['join'];
  readonly fields: Column['fields'];
}

function isComputed(column: Column | ComputedColumn): column is ComputedColumn {
  return 'at' in column;
}

/** The keys (or indices) under `prefix` over every row, in first-seen order. */
function wildcardKeys(
  doc: JsonDocument,
  rowPaths: readonly string[],
  prefix: string,
): { key: string; element: unknown }[] {
  const seen = new Map<string, unknown>();
  for (const row of rowPaths) {
    const container = valueAt(doc, joinPath(row, prefix));
    if (container === null || typeof container !== 'object') continue;
    const entries: [string, unknown][] = Array.isArray(container)
      ? container.map((element, i) => [String(i), element])
      : Object.entries(container);
    for (const [key, element] of entries) if (!seen.has(key)) seen.set(key, element);
  }
  return [...seen].map(([key, element]) => ({ key, element }));
}

function resolveColumns(
  doc: JsonDocument,
  rowPaths: readonly string[],
  columns: readonly (Column | ComputedColumn)[],
): ResolvedColumn[] {
  const out: ResolvedColumn[] = [];
  for (const column of columns) {
    const kind = column.kind ?? 'value';
    const format = column.format ?? 'number';
    if (isComputed(column)) {
      out.push({
        header: column.header,
        title: column.title,
        cell: (_row, i) => column.at(doc, i),
        kind,
        format,
        join: undefined,
        fields: column.fields,
      });
      continue;
    }
    const star = column.path.indexOf('*');
    if (star < 0) {
      const header = typeof column.header === 'string' ? column.header : column.header('', undefined);
      out.push({
        header,
        title: column.title,
        cell: (row) => joinPath(row, column.path),
        kind,
        format,
        join: column.join,
        fields: column.fields,
      });
      continue;
    }
    const prefix = column.path.slice(0, star).replace(/\.$/, '');
    const suffix = column.path.slice(star + 1).replace(/^\./, '');
    for (const { key, element } of wildcardKeys(doc, rowPaths, prefix)) {
      const isIndex = /^\d+$/.test(key);
      const under = (row: string) => {
        const container = joinPath(row, prefix);
        const at =
          isIndex && Array.isArray(valueAt(doc, container))
            ? childPath(container, Number(key))
            : childPath(container, key);
        return joinPath(at, suffix);
      };
      // An interval group keeps only the keys that hold intervals (not a bootstrap's seed or SE).
      if (kind === 'interval' && !rowPaths.some((row) => isInterval(valueAt(doc, under(row))))) continue;
      // A value group keeps only the keys that hold a value (not nested objects).
      const holdsValue = (row: string) => {
        const v = valueAt(doc, under(row));
        return v !== undefined && (v === null || typeof v !== 'object');
      };
      if (kind === 'value' && !rowPaths.some(holdsValue)) continue;
      const header =
        typeof column.header === 'string' ? `${column.header} ${key}` : column.header(key, element);
      out.push({
        header,
        title: column.title,
        cell: under,
        kind,
        format,
        join: undefined,
        fields: column.fields,
      });
    }
  }
  return out;
}

/** The table's HTML (empty when the array is missing or empty). */
export function tableHtml(doc: JsonDocument, section: TableSection, context: ViewContext): string {
  const array = valueAt(doc, section.rows);
  if (!Array.isArray(array) || array.length === 0) return '';
  const order = section.rowOrder?.(doc) ?? array.map((_, i) => i);
  const rowPaths = order.map((i) => childPath(section.rows, i));
  const columns = resolveColumns(
    doc,
    rowPaths,
    typeof section.columns === 'function' ? section.columns(doc) : section.columns,
  );
  // Columns empty in every row are left out.
  const cells = rowPaths.map((row, k) =>
    columns.map((c) => {
      const path = c.cell(row, order[k]);
      if (path === undefined) return { html: '', marked: false };
      const cell = cellHtml(doc, path, c.kind, c.format, context, c.fields);
      if (c.join === undefined) return cell;
      const second = cellHtml(doc, joinPath(row, c.join.path), 'value', c.format, context);
      return { html: `${cell.html}${escapeHtml(c.join.separator)}${second.html}`, marked: cell.marked };
    }),
  );
  const shown = columns.map((_, j) => cells.some((row) => row[j].html !== ''));
  const head = columns
    .map((c, j) =>
      shown[j] ? `<th${c.title ? ` title="${escapeHtml(c.title)}"` : ''}>${escapeHtml(c.header)}</th>` : '',
    )
    .join('');
  const body = cells
    .map((row) => {
      const marked = row.some((c) => c.marked);
      const tds = row
        .map((c, j) => {
          if (!shown[j]) return '';
          const numeric = columns[j].kind !== 'value' || /class="n"/.test(c.html);
          // A long text (a recommendation, a reason) wraps instead of widening the table.
          const long = !numeric && c.html.replace(/<[^>]*>/g, '').length > 60;
          return `<td${numeric ? ' class="num"' : long ? ' class="long"' : ''}>${c.html}</td>`;
        })
        .join('');
      return `<tr${marked ? ' class="marked"' : ''}>${tds}</tr>`;
    })
    .join('\n');
  return `<div class="scroll"><table data-rows="${escapeHtml(section.rows)}">\n<thead><tr>${head}</tr></thead>\n<tbody>\n${body}\n</tbody></table></div>`;
}
