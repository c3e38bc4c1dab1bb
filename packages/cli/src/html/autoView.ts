/**
 * A view made from the document itself, for a command without a view of its own (a
 * judge-scored analysis, audit or plan; a new command, until it gets one): its top-level
 * scalars as facts, each top-level array of records as a table with a column per leaf path
 * found in its rows (an object with `lower` and `upper` is one interval column, one with
 * `value` and `mcse` one estimate column), and an array of records inside those rows as a table
 * of its own for each row (titled by the row's first text field); nested objects' scalars and
 * arrays of numbers as facts, an object's arrays of records as tables, and strings and lists of
 * strings as text; the
 * document's own recommendation (`headline`, `headlines`, `recommendation`, `recommended`) first.
 * No charts: a chart needs to know what its numbers mean, which a command's own view states.
 */
import type { CellKind, Column, HtmlView, JsonDocument, Section } from './htmlView.js';
import { childPath, joinPath } from './jsonPath.js';
import { isInterval } from './renderCell.js';

/** The keys of a document's own recommendation, shown first. */
const RECOMMENDED = /^(headlines?|recommendation|recommended)$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function isEstimate(value: unknown): boolean {
  return isRecord(value) && typeof value.value === 'number' && typeof value.mcse === 'number';
}

/** A readable header of a leaf path (`binary.wilson` → `binary wilson`). */
function header(path: string): string {
  return path.replace(/\./g, ' ');
}

/** The leaf columns of records, in first-seen order. */
function leafColumns(rows: readonly unknown[]): Column[] {
  const seen = new Map<string, CellKind>();
  const walk = (value: unknown, path: string) => {
    // A row that is itself an interval (its own `lower` and `upper` beside other fields, as rate's
    // ratings and monitor's checkpoints are): the bounds are one interval column, the rest columns.
    if (path === '' && isRecord(value) && isInterval(value)) {
      for (const [k, v] of Object.entries(value)) {
        if (k === 'lower') seen.set('', seen.get('') ?? 'interval');
        else if (k !== 'upper') walk(v, k);
      }
      return;
    }
    if (isInterval(value)) seen.set(path, seen.get(path) ?? 'interval');
    else if (isEstimate(value)) seen.set(path, seen.get(path) ?? 'estimate');
    else if (isRecord(value)) for (const [k, v] of Object.entries(value)) walk(v, childPath(path, k));
    else if (!Array.isArray(value) && path !== '') seen.set(path, seen.get(path) ?? 'value');
  };
  for (const row of rows) walk(row, '');
  return [...seen].map(([path, kind]) => ({
    header: path === '' ? 'interval' : header(path),
    path,
    kind,
    format: kind === 'estimate' ? 'mcse' : 'number',
  }));
}

/** The sections of an array of records at `path` named `title`: its table, and one per row for arrays inside. */
function recordSections(title: string, path: string, value: Record<string, unknown>[]): Section[] {
  const texts = value.every((r) => Object.values(r).every((v) => typeof v === 'string'));
  const sections: Section[] = [
    texts && value.every((r) => typeof r.text === 'string')
      ? { kind: 'text', title, path, field: 'text' }
      : { kind: 'table', title, rows: path, columns: leafColumns(value) },
  ];
  // Arrays of records inside the rows: one table per row.
  value.forEach((row, i) => {
    const name = Object.values(row).find((v) => typeof v === 'string') ?? String(i + 1);
    for (const [inner, rows] of Object.entries(row))
      if (Array.isArray(rows) && rows.length > 0 && rows.every(isRecord))
        sections.push({
          kind: 'table',
          title: `${title}: ${name}, ${header(inner)}`,
          rows: childPath(childPath(path, i), inner),
          columns: leafColumns(rows),
        });
  });
  return sections;
}

/** The sections of the document's top-level `keys` (all of them by default), as the module comment says. */
export function autoSections(doc: JsonDocument, keys?: readonly string[]): Section[] {
  const entries = Object.entries(doc ?? {}).filter(([k]) => keys === undefined || keys.includes(k));
  const sections: Section[] = [];
  const scalars = entries.filter(([, v]) => v === null || typeof v !== 'object');
  if (scalars.length)
    sections.push({
      kind: 'facts',
      title: keys === undefined ? 'Summary' : 'Also in the document',
      facts: scalars.map(([k]) => ({ label: header(k), path: childPath('', k) })),
    });
  for (const [key, value] of entries) {
    const path = childPath('', key);
    if (Array.isArray(value) && value.length > 0 && value.every(isRecord)) {
      sections.push(...recordSections(header(key), path, value));
    } else if (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'number')) {
      sections.push({
        kind: 'facts',
        title: header(key),
        facts: value.map((_, i) => ({ label: `${i + 1}`, path: childPath(path, i) })),
      });
    } else if (Array.isArray(value) && value.every((v) => typeof v === 'string')) {
      sections.push({ kind: 'text', title: header(key), path });
    } else if (isRecord(value)) {
      const facts = [
        ...leafColumns([value]).map((c) => ({
          label: String(c.header),
          path: joinPath(path, c.path),
          kind: c.kind ?? 'value',
          format: c.format ?? 'number',
        })),
        // The object's lists of numbers, element by element.
        ...Object.entries(value).flatMap(([inner, list]) =>
          Array.isArray(list) && list.length > 0 && list.every((v) => typeof v === 'number')
            ? list.map((_, i) => ({
                label: `${header(inner)} ${i + 1}`,
                path: childPath(childPath(path, inner), i),
              }))
            : [],
        ),
      ];
      if (facts.length) sections.push({ kind: 'facts', title: header(key), facts });
      // An object's arrays of records (a section of its own, as pass@k's in analyze): tables.
      for (const [inner, rows] of Object.entries(value))
        if (Array.isArray(rows) && rows.length > 0 && rows.every(isRecord))
          sections.push(...recordSections(`${header(key)} ${header(inner)}`, childPath(path, inner), rows));
    }
  }
  const first = (s: Section) => typeof s.title === 'string' && RECOMMENDED.test(s.title);
  return sections.map((s) => (first(s) ? { ...s, emphasis: true } : s));
}

/** The auto view of `doc`, titled for `command` (`evalsim analyze --labels`). */
export function autoView(command: string, doc: JsonDocument): HtmlView {
  return { command, title: `${command}: the report`, sections: autoSections(doc) };
}
