/**
 * The HTML report of a command: one self-contained page rendered from the command's `--json`
 * document and its view (htmlView.ts). The sections the view marks `emphasis` (the
 * recommended numbers) come first, in a box; then the others in the view's order. Charts are
 * Vega-Lite specs drawn in the browser by the embedded Vega, Vega-Lite and vega-embed
 * (vegaScripts.ts) with Vega's expression interpreter, so the page's Content-Security-Policy
 * allows no network, no `eval` and nothing outside the file. The document itself is embedded
 * (`<script type="application/json" id="evalsim-document">`, downloadable from the page), and
 * every number shown names its path in it (`data-path`), so the page can be checked against it.
 */

import { autoSections } from './autoView.js';
import { chartHtml, type EmbeddedChart } from './chartHtml.js';
import type {
  FactsSection,
  HtmlView,
  JsonDocument,
  Section,
  TextSection,
  ViewContext,
  ViewText,
} from './htmlView.js';
import { childPath, joinPath, pathSteps, valueAt } from './jsonPath.js';
import { PAGE_SCRIPT, PAGE_STYLE } from './pageAssets.js';
import { cellHtml, escapeHtml } from './renderCell.js';
import { tableHtml } from './tableHtml.js';
import type { BrowserScript } from './vegaScripts.js';

/** The page's policy: inline scripts and styles only, images from data/blob URLs; nothing fetched. */
export const CONTENT_SECURITY_POLICY =
  "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data: blob:";

export interface RenderOptions {
  /** The evalsim version, for the footer. */
  readonly version: string;
  /** The browser scripts to embed (vegaBrowserScripts()). */
  readonly scripts: readonly BrowserScript[];
}

function text(value: ViewText | undefined, doc: JsonDocument, context: ViewContext): string {
  if (value === undefined) return '';
  return typeof value === 'string' ? value : value(doc, context);
}

/** JSON inside `<script type="application/json">`: `<` escaped, so no `</script>` can close it. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

function factsHtml(doc: JsonDocument, section: FactsSection, context: ViewContext): string {
  const items = section.facts
    .map((f) => {
      const cell = cellHtml(doc, f.path, f.kind ?? 'value', f.format ?? 'number', context);
      return cell.html === '' ? '' : `<dt>${escapeHtml(f.label)}</dt><dd>${cell.html}</dd>`;
    })
    .join('');
  return items === '' ? '' : `<dl class="facts">${items}</dl>`;
}

function textSectionHtml(doc: JsonDocument, section: TextSection): string {
  const value = valueAt(doc, section.path);
  const paragraphs: { path: string; text: string }[] = [];
  const add = (path: string, v: unknown) => {
    if (typeof v === 'string' && v !== '') paragraphs.push({ path, text: v });
  };
  if (Array.isArray(value))
    value.forEach((element, i) => {
      const path = childPath(section.path, i);
      if (section.field === undefined) add(path, element);
      else add(joinPath(path, section.field), valueAt(doc, joinPath(path, section.field)));
    });
  else add(section.path, value);
  return paragraphs
    .map((p) => `<p class="t" data-path="${escapeHtml(p.path)}">${escapeHtml(p.text)}</p>`)
    .join('\n');
}

function sectionHtml(
  doc: JsonDocument,
  section: Section,
  context: ViewContext,
  charts: EmbeddedChart[],
): string {
  let body = '';
  switch (section.kind) {
    case 'table':
      body = tableHtml(doc, section, context);
      break;
    case 'facts':
      body = factsHtml(doc, section, context);
      break;
    case 'text':
      body = textSectionHtml(doc, section);
      break;
    case 'chart':
      body = chartHtml(doc, section, context, charts);
      break;
  }
  if (body === '') return '';
  const note = text(section.note, doc, context);
  return `<section class="${section.kind}"><h2>${escapeHtml(text(section.title, doc, context))}</h2>${note ? `<p class="note">${escapeHtml(note)}</p>` : ''}\n${body}\n</section>`;
}

/** The first step of a path (`systems[0].score` → `systems`). */
function topKey(path: string): string {
  const step = pathSteps(path)[0];
  return typeof step === 'string' ? step : '';
}

/** The keys a section reads (charts read what their spec reads: not counted). */
function sectionKeys(section: Section): string[] {
  switch (section.kind) {
    case 'table':
      return [topKey(section.rows)];
    case 'text':
      return [topKey(section.path)];
    case 'facts':
      return section.facts.map((f) => topKey(f.path));
    case 'chart':
      return [];
  }
}

/** The automatic view's sections for the document's keys no section of `view` reads (htmlView's `rest`). */
function restSections(doc: JsonDocument, view: HtmlView): Section[] {
  if (!view.rest || doc === null || typeof doc !== 'object') return [];
  const used = new Set([...view.sections.flatMap(sectionKeys), ...view.rest.hidden]);
  const keys = Object.keys(doc).filter((k) => !used.has(k));
  return keys.length ? autoSections(doc, keys).map((s) => ({ ...s, emphasis: false })) : [];
}

/** The page for `doc` (the parsed `--json` document) under `view`. */
export function renderHtml(doc: JsonDocument, view: HtmlView, options: RenderOptions): string {
  const context = view.context?.(doc) ?? { scale: 1, unit: 'units' };
  const charts: EmbeddedChart[] = [];
  const shown = [...view.sections.filter((s) => s.when?.(doc) ?? true), ...restSections(doc, view)];
  const render = (sections: readonly Section[]) =>
    sections.map((s) => sectionHtml(doc, s, context, charts)).filter((html) => html !== '');
  const headline = render(shown.filter((s) => s.emphasis));
  const rest = render(shown.filter((s) => !s.emphasis));
  const title = text(view.title, doc, context);
  const subtitle = text(view.subtitle, doc, context);
  const runtimes = options.scripts.map((s) => `${s.name} ${s.version}`).join(', ');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="evalsim ${escapeHtml(options.version)}">
<title>${escapeHtml(title)}</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<header><h1>${escapeHtml(title)}</h1>${subtitle ? `<p class="subtitle">${escapeHtml(subtitle)}</p>` : ''}</header>
<main>
${headline.length ? `<div class="headline">\n${headline.join('\n')}\n</div>` : ''}
${rest.join('\n')}
</main>
<footer><p>Written by evalsim ${escapeHtml(options.version)} (<code>${escapeHtml(view.command)} --html</code>). Every number on this page is read from the JSON document embedded in it — the one <code>${escapeHtml(view.command)} --json</code> prints: hover a number for its path and full value. <a id="evalsim-download" href="#" download="evalsim.json">Download the JSON</a>. Charts: ${escapeHtml(runtimes)}, embedded (the page loads nothing from the network).</p></footer>
<script type="application/json" id="evalsim-document">${scriptJson(doc)}</script>
<script type="application/json" id="evalsim-charts">${scriptJson(charts)}</script>
${options.scripts.map((s) => `<script data-library="${escapeHtml(s.name)}">${s.text}</script>`).join('\n')}
<script>${PAGE_SCRIPT}</script>
</body>
</html>
`;
}
