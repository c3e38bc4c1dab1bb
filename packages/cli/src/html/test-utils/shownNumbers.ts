/**
 * Checking an HTML report against the document it was rendered from (tests only): every
 * number shown (`<span class="n" data-path data-scale data-round>`) must be the document's
 * value at its path, times its scale, rounded as the text shows it — to the nearest unit of
 * its last digit, or up to a whole number; every text cell (`class="t"`) the document's text;
 * every chart datum the document's value at each of its `_paths`.
 */
import { valueAt } from '../jsonPath.js';

export interface ShownNumber {
  readonly path: string;
  readonly text: string;
  readonly scale: number;
  readonly round: string;
}

export interface ShownText {
  readonly path: string;
  readonly text: string;
}

function unescapeHtml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The numbers of a page's HTML text (what the DOM's `span.n` elements hold). */
export function shownNumbersInHtml(html: string): ShownNumber[] {
  const out: ShownNumber[] = [];
  const pattern =
    /<span class="n" data-path="([^"]*)" data-scale="([^"]*)" data-round="([^"]*)" title="[^"]*">([^<]*)<\/span>/g;
  for (const m of html.matchAll(pattern))
    out.push({ path: unescapeHtml(m[1]), scale: Number(m[2]), round: m[3], text: unescapeHtml(m[4]) });
  return out;
}

/** The text cells and paragraphs of a page's HTML text. */
export function shownTextsInHtml(html: string): ShownText[] {
  const out: ShownText[] = [];
  for (const m of html.matchAll(/<(?:span|p) class="t" data-path="([^"]*)">([^<]*)<\/(?:span|p)>/g))
    out.push({ path: unescapeHtml(m[1]), text: unescapeHtml(m[2]) });
  return out;
}

/** A shown number as a number (U+2212 minus, `+`, `%`, thousands separators). */
export function parseShown(text: string): number {
  return Number(text.replace(/\u2212/g, '-').replace(/[+%,]/g, ''));
}

/** Half a unit of the last digit of a shown number. */
function halfUnit(text: string): number {
  const plain = text.replace(/\u2212/g, '-').replace(/[+%,]/g, '');
  const [mantissa, exponent] = plain.split(/e/i);
  const decimals = mantissa.includes('.') ? mantissa.length - mantissa.indexOf('.') - 1 : 0;
  return 0.5 * 10 ** (Number(exponent ?? 0) - decimals);
}

/** Problems (empty when every number agrees with the document). */
export function checkShownNumbers(doc: unknown, shown: readonly ShownNumber[]): string[] {
  const problems: string[] = [];
  for (const s of shown) {
    const value = valueAt(doc, s.path);
    if (typeof value !== 'number') {
      problems.push(`${s.path}: shown "${s.text}" but the document has ${JSON.stringify(value)}`);
      continue;
    }
    const number = parseShown(s.text);
    const expected = value * s.scale;
    const ok =
      s.round === 'ceil'
        ? number === Math.ceil(value)
        : Math.abs(number - expected) <= halfUnit(s.text) * (1 + 1e-9) + 1e-12 * Math.abs(expected);
    if (!Number.isFinite(number) || !ok)
      problems.push(`${s.path}: shown "${s.text}" (×${s.scale}, ${s.round}) but the document has ${value}`);
  }
  return problems;
}

/** Problems of the text cells: each must be the document's string (a boolean as yes/no). */
export function checkShownTexts(doc: unknown, shown: readonly ShownText[]): string[] {
  const problems: string[] = [];
  for (const s of shown) {
    const value = valueAt(doc, s.path);
    const expected = typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value);
    if (value === undefined || expected !== s.text)
      problems.push(`${s.path}: shown "${s.text}" but the document has ${JSON.stringify(value)}`);
  }
  return problems;
}

interface Spec {
  readonly data?: { readonly values?: readonly Record<string, unknown>[] };
  readonly layer?: readonly Spec[];
}

/** The data values of every layer of a Vega-Lite spec. */
function specData(spec: Spec): Record<string, unknown>[] {
  return [...(spec.data?.values ?? []), ...(spec.layer ?? []).flatMap(specData)];
}

/** Problems of the charts' data: each datum's fields with a path must be the document's values. */
export function checkChartData(
  doc: unknown,
  charts: readonly { id: string; spec: unknown }[],
): {
  problems: string[];
  checked: number;
} {
  const problems: string[] = [];
  let checked = 0;
  for (const chart of charts) {
    for (const datum of specData(chart.spec as Spec)) {
      const paths = (datum._paths ?? {}) as Record<string, string>;
      for (const [field, path] of Object.entries(paths)) {
        checked++;
        if (valueAt(doc, path) !== datum[field])
          problems.push(
            `${chart.id}: ${field} = ${datum[field]} but the document's ${path} is ${valueAt(doc, path)}`,
          );
      }
      for (const [field, value] of Object.entries(datum))
        if (typeof value === 'number' && !(field in paths))
          problems.push(`${chart.id}: ${field} = ${value} has no path in the document`);
    }
  }
  return { problems, checked };
}

/** The embedded JSON of a page's HTML text (`evalsim-document`, `evalsim-charts`). */
export function embeddedJson(html: string, id: string): unknown {
  const m = new RegExp(`<script type="application/json" id="${id}">([\\s\\S]*?)</script>`).exec(html);
  if (!m) throw new Error(`no ${id} in the page`);
  return JSON.parse(m[1]);
}
