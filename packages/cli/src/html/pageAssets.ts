/**
 * The report page's style sheet and its one script of its own: draw each chart of the
 * `evalsim-charts` JSON with vega-embed (SVG renderer, Vega's expression interpreter instead of
 * generated code, only the export actions), write a failure into the chart's place and to the
 * console, expose `window.evalsimRendered` (a promise the browser test awaits), and offer the
 * embedded JSON document as a download.
 */

export const PAGE_STYLE = `
:root { color-scheme: light; --ink: #1a1a1a; --muted: #555; --rule: #ddd; --accent: #0b5394; --warn: #b45309; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; color: var(--ink); background: #fff; }
header, main, footer { max-width: 1180px; margin: 0 auto; padding: 0 24px; }
header { padding-top: 20px; }
h1 { font-size: 22px; margin: 0 0 4px; }
h2 { font-size: 17px; margin: 0 0 4px; }
.subtitle { margin: 0 0 12px; color: var(--muted); }
section { margin: 22px 0; }
.note { margin: 0 0 8px; color: var(--muted); font-size: 13px; max-width: 100ch; }
.headline { border: 2px solid var(--accent); border-radius: 8px; padding: 4px 16px 8px; margin: 16px 0 8px; background: #f5f9fd; }
.headline h2 { color: var(--accent); }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; font-size: 13px; font-variant-numeric: tabular-nums; }
th, td { padding: 3px 10px; border-bottom: 1px solid var(--rule); text-align: left; white-space: nowrap; }
th { font-weight: 600; border-bottom: 2px solid #bbb; background: #fafafa; position: sticky; top: 0; }
td.num { text-align: right; }
td.long { white-space: normal; min-width: 40ch; max-width: 90ch; }
tbody tr:nth-child(even) { background: #fbfbfb; }
tr.marked { background: #fff7e6 !important; }
.mark { color: var(--warn); font-weight: 600; }
.null { color: #999; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 2px 16px; margin: 0; font-size: 14px; }
dl.facts dt { color: var(--muted); }
dl.facts dd { margin: 0; font-variant-numeric: tabular-nums; }
section.text p { max-width: 100ch; margin: 6px 0; }
figure.chart { margin: 0; }
.vega.failed { color: #b91c1c; }
footer { color: var(--muted); font-size: 12px; border-top: 1px solid var(--rule); margin-top: 32px; padding-bottom: 24px; }
code { font-size: 12px; }
`;

export const PAGE_SCRIPT = `
(function () {
  var charts = JSON.parse(document.getElementById('evalsim-charts').textContent);
  var options = { renderer: 'svg', ast: true, actions: { export: true, source: false, compiled: false, editor: false } };
  window.evalsimRendered = Promise.all(charts.map(function (chart) {
    return vegaEmbed('#' + chart.id, chart.spec, options).then(function () { return chart.id; }, function (error) {
      var place = document.getElementById(chart.id);
      place.textContent = 'This chart could not be drawn: ' + error.message;
      place.className += ' failed';
      console.error('evalsim chart ' + chart.id + ': ' + error.message);
      throw error;
    });
  }));
  var link = document.getElementById('evalsim-download');
  if (link) link.addEventListener('click', function () {
    var text = document.getElementById('evalsim-document').textContent;
    link.href = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  });
})();
`;
