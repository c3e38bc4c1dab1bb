/**
 * The data of a chart, read from the document: one datum per element of an array, each field
 * the value at a path under that element, and `_paths` recording where each came from, so the
 * chart shows the document's numbers and a test can check them one by one (Vega-Lite ignores
 * the extra field). Scaling to points belongs in the spec (a `calculate` transform), never in
 * the data.
 */
import type { JsonDocument } from './htmlView.js';
import { childPath, joinPath, valueAt } from './jsonPath.js';

export interface ChartDatum {
  readonly [field: string]: unknown;
  readonly _paths: Readonly<Record<string, string>>;
}

/**
 * One datum per element of the array at `arrayPath`: `fields` maps a datum field to a path
 * under the element; `extra` adds labels (strings computed from the element, never numbers).
 * An element whose numeric fields are not all numbers (null, missing) is left out.
 */
export function chartRows(
  doc: JsonDocument,
  arrayPath: string,
  fields: Readonly<Record<string, string>>,
  extra?: (element: JsonDocument, index: number) => Readonly<Record<string, string | boolean>>,
): ChartDatum[] {
  const array = valueAt(doc, arrayPath);
  if (!Array.isArray(array)) return [];
  const out: ChartDatum[] = [];
  array.forEach((element, index) => {
    const base = childPath(arrayPath, index);
    const datum: Record<string, unknown> = { ...(extra?.(element, index) ?? {}) };
    const paths: Record<string, string> = {};
    for (const [field, relative] of Object.entries(fields)) {
      const path = joinPath(base, relative);
      const value = valueAt(doc, path);
      if (typeof value !== 'number' || !Number.isFinite(value)) return;
      datum[field] = value;
      paths[field] = path;
    }
    out.push({ ...datum, _paths: paths });
  });
  return out;
}

/** One datum of values at absolute `fields` paths of the document (none when one is not a number). */
export function chartValues(doc: JsonDocument, fields: Readonly<Record<string, string>>): ChartDatum[] {
  const datum: Record<string, unknown> = {};
  for (const [field, path] of Object.entries(fields)) {
    const value = valueAt(doc, path);
    if (typeof value !== 'number' || !Number.isFinite(value)) return [];
    datum[field] = value;
  }
  return [{ ...datum, _paths: { ...fields } }];
}
