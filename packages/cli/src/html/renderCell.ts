/**
 * One value of the document as HTML: a number as a `<span class="n">` carrying its JSON path,
 * the factor and rounding of what is shown (formatNumber.ts) and, as its tooltip, the path and
 * the full-precision value; an interval as `[lower, upper]` with the marks the document gives
 * it; an estimate as `value ± mcse`; a range as `a–b`; a crossing as `n`, `≤ n` or `> n`.
 * A null is `—` (the document has no value there), a missing value an empty cell.
 */
import { formatNumber } from './formatNumber.js';
import type { CellKind, EstimateFields, JsonDocument, NumberFormat, ViewContext } from './htmlView.js';
import { joinPath, valueAt } from './jsonPath.js';

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The number at `path` as a span, or `—` for a null and '' for nothing there. */
export function numberHtml(
  doc: JsonDocument,
  path: string,
  format: NumberFormat,
  context: ViewContext,
  mcse?: number,
): string {
  const value = valueAt(doc, path);
  if (value === null) return '<span class="null" title="null in the document">\u2014</span>';
  if (typeof value !== 'number') return value === undefined ? '' : escapeHtml(String(value));
  const shown = formatNumber(value, format, context, mcse);
  return (
    `<span class="n" data-path="${escapeHtml(path)}" data-scale="${shown.scale}" data-round="${shown.round}"` +
    ` title="${escapeHtml(`${path} = ${value}`)}">${escapeHtml(shown.text)}</span>`
  );
}

function textHtml(value: unknown, path: string): string {
  if (value === undefined) return '';
  if (value === null) return '<span class="null" title="null in the document">\u2014</span>';
  const text = typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value);
  return `<span class="t" data-path="${escapeHtml(path)}">${escapeHtml(text)}</span>`;
}

/** Whether `value` is an interval: an object with numeric (or null) `lower` and `upper`. */
export function isInterval(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  const { lower, upper } = value as Record<string, unknown>;
  return (typeof lower === 'number' || lower === null) && (typeof upper === 'number' || upper === null);
}

/** The cell at `path` as HTML, and whether it is marked (an interval with marks). */
export function cellHtml(
  doc: JsonDocument,
  path: string,
  kind: CellKind,
  format: NumberFormat,
  context: ViewContext,
  fields: EstimateFields = { value: 'value', mcse: 'mcse' },
): { html: string; marked: boolean } {
  const value = valueAt(doc, path);
  if (value === undefined) return { html: '', marked: false };
  if (value === null) return { html: textHtml(null, path), marked: false };
  switch (kind) {
    case 'value':
      return {
        html: typeof value === 'number' ? numberHtml(doc, path, format, context) : textHtml(value, path),
        marked: false,
      };
    case 'interval': {
      if (!isInterval(value)) return { html: textHtml(JSON.stringify(value), path), marked: false };
      const marks = (value as { marks?: unknown }).marks;
      const marked = Array.isArray(marks) && marks.length > 0;
      const bounds = `[${numberHtml(doc, joinPath(path, 'lower'), format, context)}, ${numberHtml(doc, joinPath(path, 'upper'), format, context)}]`;
      return {
        html: marked
          ? `${bounds} <span class="mark" data-path="${escapeHtml(joinPath(path, 'marks'))}" title="marked in the document: the interval claims what the data cannot">\u26a0 ${escapeHtml((marks as unknown[]).join(', '))}</span>`
          : bounds,
        marked,
      };
    }
    case 'estimate': {
      const record = value as Record<string, unknown>;
      const v = record[fields.value];
      const mcse = record[fields.mcse];
      if (typeof v !== 'number') return { html: textHtml(v, joinPath(path, fields.value)), marked: false };
      const m = typeof mcse === 'number' ? mcse : undefined;
      const shown = numberHtml(doc, joinPath(path, fields.value), format, context, m);
      return {
        html:
          m !== undefined && m > 0 && Number.isFinite(v)
            ? `${shown} \u00b1 ${numberHtml(doc, joinPath(path, fields.mcse), format, context, m)}`
            : shown,
        marked: false,
      };
    }
    case 'range': {
      if (!Array.isArray(value) || value.length !== 2)
        return { html: textHtml(JSON.stringify(value), path), marked: false };
      const [a, b] = [joinPath(path, '[0]'), joinPath(path, '[1]')];
      return {
        html:
          value[0] === value[1]
            ? numberHtml(doc, a, format, context)
            : `${numberHtml(doc, a, format, context)}\u2013${numberHtml(doc, b, format, context)}`,
        marked: false,
      };
    }
    case 'crossing': {
      const kindOf = (value as { kind?: unknown }).kind;
      const prefix = kindOf === 'below' ? '\u2264 ' : kindOf === 'above' ? '> ' : '';
      return { html: `${prefix}${numberHtml(doc, joinPath(path, 'size'), 'ceil', context)}`, marked: false };
    }
  }
}
