/**
 * A chart section: the view's Vega-Lite spec (built from the document with chartData.ts),
 * given the page's defaults (schema, font, no actions but export), placed in a `<div>` that
 * the page script draws it into (pageAssets.ts) and collected for the page's
 * `evalsim-charts` JSON. A spec the view cannot build (no data) leaves the section out.
 */
import type { ChartSection, JsonDocument, ViewContext } from './htmlView.js';
import { escapeHtml } from './renderCell.js';

export interface EmbeddedChart {
  readonly id: string;
  readonly title: string;
  readonly spec: Record<string, unknown>;
}

const CHART_CONFIG = {
  font: 'Helvetica, Arial, sans-serif',
  view: { stroke: null },
  axis: { labelFontSize: 12, titleFontSize: 12, grid: true, gridColor: '#eee' },
  legend: { labelFontSize: 12, titleFontSize: 12, orient: 'bottom' },
};

export function chartHtml(
  doc: JsonDocument,
  section: ChartSection,
  context: ViewContext,
  charts: EmbeddedChart[],
): string {
  const spec = section.spec(doc, context);
  if (spec === undefined) return '';
  const id = `chart-${charts.length + 1}`;
  const title = typeof section.title === 'string' ? section.title : section.title(doc, context);
  charts.push({
    id,
    title,
    spec: {
      $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
      ...spec,
      config: { ...CHART_CONFIG, ...((spec.config as object | undefined) ?? {}) },
    },
  });
  return `<figure class="chart"><div id="${id}" class="vega" role="img" aria-label="${escapeHtml(title)}"></div></figure>`;
}
