/**
 * The page of `evalsim plan --html`: the eval size needed for the target power first (each
 * test's crossing with its ±2 MCSE band, the recommended test marked, Miller's closed form
 * beside it); then the power curves with ±2 MCSE bars, the closed form dashed and the target
 * as a rule; the power table by size; the design's facts.
 */
import { chartRows, chartValues } from './chartData.js';
import type { ComputedColumn, HtmlView, JsonDocument } from './htmlView.js';
import { childPath } from './jsonPath.js';

function powerSpec(doc: JsonDocument): Record<string, unknown> | undefined {
  const curves = (doc.curves ?? []) as JsonDocument[];
  const simulated = curves.flatMap((c, i) =>
    chartRows(
      doc,
      childPath(childPath('curves', i), 'points'),
      { size: 'size', power: 'power', mcse: 'mcse' },
      () => ({
        series: String(c.label),
      }),
    ),
  );
  if (simulated.length === 0) return undefined;
  const closed = chartRows(doc, 'closedForm', { size: 'size', power: 'power' }, () => ({
    series: 'Miller (closed form)',
  }));
  const target = chartValues(doc, { power: 'power' });
  const x = {
    field: 'size',
    type: 'quantitative',
    title:
      doc.unit === 'clusters'
        ? 'clusters drawn'
        : `questions${doc.design === 'independent' ? ' per system' : ''}`,
  };
  const y = { type: 'quantitative', title: 'power', scale: { domain: [0, 1] }, axis: { format: '.0%' } };
  const color = { field: 'series', type: 'nominal', title: null };
  return {
    width: 620,
    height: 340,
    layer: [
      {
        data: { values: target },
        mark: { type: 'rule', strokeDash: [2, 2], color: '#888' },
        encoding: { y: { field: 'power', ...y } },
      },
      {
        data: { values: closed },
        mark: { type: 'line', strokeDash: [6, 4], point: false },
        encoding: { x, y: { field: 'power', ...y }, color },
      },
      {
        data: { values: simulated },
        transform: [
          { calculate: 'datum.power - 2 * datum.mcse', as: 'low' },
          { calculate: 'datum.power + 2 * datum.mcse', as: 'high' },
        ],
        layer: [
          {
            mark: { type: 'line', point: true },
            encoding: {
              x,
              y: { field: 'power', ...y },
              color,
              tooltip: [
                { field: 'series' },
                { field: 'size' },
                { field: 'power', format: '.3f' },
                { field: 'mcse', title: 'MCSE', format: '.4f' },
              ],
            },
          },
          {
            mark: { type: 'rule' },
            encoding: { x, y: { field: 'low', ...y }, y2: { field: 'high' }, color },
          },
        ],
      },
    ],
  };
}

/** One column per curve: its power ± MCSE at the row's size (the point with that size). */
function curveColumns(doc: JsonDocument): ComputedColumn[] {
  const curves = (doc.curves ?? []) as JsonDocument[];
  return curves.map((c, i) => ({
    header: `${c.label}${c.primary ? ' (recommended)' : ''}`,
    kind: 'estimate',
    format: 'mcse',
    fields: { value: 'power', mcse: 'mcse' },
    at: (d: JsonDocument, row: number) => {
      const size = d.closedForm?.[row]?.size;
      const j = (c.points as { size: number }[]).findIndex((p) => p.size === size);
      return j < 0 ? undefined : childPath(childPath(childPath('curves', i), 'points'), j);
    },
  }));
}

export const planView: HtmlView = {
  command: 'evalsim plan',
  title: (doc) => `Plan: ${(doc.systems ?? []).join(' vs ')}, a true gap of ${doc.delta}`,
  subtitle: (doc) =>
    `${doc.design} design, ${doc.unit} resampled, B's rates shifted (${doc.shift}) to impose the gap; target power ${doc.power} at α = ${doc.alpha}.`,
  rest: { hidden: ['systems', 'delta', 'design', 'unit', 'shift', 'power', 'alpha'] },
  sections: [
    {
      kind: 'table',
      emphasis: true,
      title: (doc) => `Needed for ${Math.round(100 * doc.power)}% power`,
      note: "the recommended test first; the band is where the curve crosses the target at ±2 MCSE; Miller's closed form below",
      rows: 'curves',
      rowOrder: (doc) => {
        const curves = (doc.curves ?? []) as { primary?: boolean }[];
        const order = curves.map((_, i) => i);
        return [...order.filter((i) => curves[i].primary), ...order.filter((i) => !curves[i].primary)];
      },
      columns: [
        { header: 'test', path: 'label' },
        { header: 'recommended', path: 'primary' },
        { header: 'needed', path: 'required.estimate', kind: 'crossing' },
        { header: 'band low', path: 'required.low', kind: 'crossing' },
        { header: 'band high', path: 'required.high', kind: 'crossing' },
      ],
    },
    {
      kind: 'facts',
      emphasis: true,
      title: "Miller's closed form",
      facts: [
        { label: 'in the resampled unit', path: 'miller.inUnit', format: 'ceil' },
        { label: 'questions', path: 'miller.items', format: 'integer' },
      ],
    },
    {
      kind: 'chart',
      title: 'Power curves',
      note: 'simulated power with ±2 MCSE bars; dashed: Miller’s closed form; dotted rule: the target power',
      spec: powerSpec,
    },
    {
      kind: 'table',
      title: 'Power by eval size',
      rows: 'closedForm',
      columns: (doc) => [
        { header: doc.unit ?? 'size', path: 'size', format: 'integer' },
        ...curveColumns(doc),
        { header: 'Miller (closed form)', path: 'power', format: 'proportion' },
      ],
    },
    {
      kind: 'facts',
      title: 'The design',
      facts: [
        { label: 'true gap A − B', path: 'parts.gap', format: 'number' },
        { label: 'ω²', path: 'parts.omega2', format: 'number' },
        { label: 'σ_A²', path: 'parts.sigmaA2', format: 'number' },
        { label: 'σ_B²', path: 'parts.sigmaB2', format: 'number' },
        { label: 'Var(x_A)', path: 'parts.varianceA', format: 'number' },
        { label: 'Var(x_B)', path: 'parts.varianceB', format: 'number' },
        { label: 'design effect', path: 'designEffect', format: 'number' },
        { label: 'mean cluster size', path: 'meanClusterSize', format: 'number' },
        { label: 'Miller n', path: 'miller.n', format: 'number' },
      ],
    },
    { kind: 'text', title: 'Warnings', path: 'warnings' },
    {
      kind: 'facts',
      title: 'Files written',
      facts: [
        { label: 'study', path: 'study' },
        { label: 'results', path: 'results' },
        { label: 'plot', path: 'plot' },
      ],
    },
  ],
};
