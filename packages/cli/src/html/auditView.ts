/**
 * The page of `evalsim audit --html`: the recommendation first; then each interval's simulated
 * coverage with ±2 MCSE bars against Bradley's liberal band (resampling and parametric side by
 * side), the coverage tables (coverage, lower and upper non-coverage, mean width, Bradley's
 * verdict), the paired tests' false wins and power, and the eval's facts.
 */
import { chartRows, chartValues } from './chartData.js';
import type { Column, HtmlView, JsonDocument } from './htmlView.js';

const intervalColumns: readonly Column[] = [
  { header: 'method', path: 'method' },
  { header: 'coverage', path: 'coverage', kind: 'estimate', format: 'mcse' },
  { header: 'truth below', path: 'lowerMiss', kind: 'estimate', format: 'mcse' },
  { header: 'truth above', path: 'upperMiss', kind: 'estimate', format: 'mcse' },
  { header: 'mean width (points)', path: 'width', kind: 'estimate', format: 'scaled' },
  { header: 'Bradley', path: 'verdict' },
];

function coverageSpec(doc: JsonDocument): Record<string, unknown> | undefined {
  const fields = { coverage: 'coverage.value', mcse: 'coverage.mcse' };
  const rows = [
    ...chartRows(doc, 'resampling', fields, (r) => ({ method: String(r.method), design: 'resampling' })),
    ...chartRows(doc, 'parametric', fields, (r) => ({ method: String(r.method), design: 'parametric' })),
  ];
  if (rows.length === 0) return undefined;
  const band = chartValues(doc, { low: 'band[0]', high: 'band[1]' });
  const y = { field: 'method', type: 'nominal', sort: null, title: null };
  const x = { type: 'quantitative', title: 'coverage (±2 MCSE)', scale: { zero: false } };
  return {
    width: 520,
    height: { step: 22 },
    layer: [
      ...(band.length
        ? [
            {
              data: { values: band },
              mark: { type: 'rect', color: '#2e7d32', opacity: 0.12 },
              encoding: { x: { field: 'low', ...x }, x2: { field: 'high' } },
            },
          ]
        : []),
      {
        data: { values: rows },
        transform: [
          { calculate: 'datum.coverage - 2 * datum.mcse', as: 'low' },
          { calculate: 'datum.coverage + 2 * datum.mcse', as: 'high' },
        ],
        layer: [
          {
            mark: { type: 'rule', strokeWidth: 2 },
            encoding: {
              y,
              yOffset: { field: 'design' },
              x: { field: 'low', ...x },
              x2: { field: 'high' },
              color: { field: 'design', type: 'nominal', title: 'simulation' },
            },
          },
          {
            mark: { type: 'point', filled: true, size: 50 },
            encoding: {
              y,
              yOffset: { field: 'design' },
              x: { field: 'coverage', ...x },
              color: { field: 'design', type: 'nominal', title: 'simulation' },
              tooltip: [
                { field: 'method' },
                { field: 'design' },
                { field: 'coverage', format: '.4f' },
                { field: 'mcse', title: 'MCSE', format: '.4f' },
              ],
            },
          },
        ],
      },
    ],
  };
}

export const auditView: HtmlView = {
  command: 'evalsim audit',
  title: (doc) => `Audit of ${doc.system}${doc.versus ? ` (paired tests against ${doc.versus})` : ''}`,
  subtitle: (doc) => {
    const f = doc.facts ?? {};
    return `${f.questions} questions${f.clustered ? ` in ${f.clusters} clusters` : ' (no clusters)'}; each interval's coverage simulated on evals like this one (resampling its clusters, and a beta-binomial with its ICC and cluster sizes).`;
  },
  context: () => ({ scale: 100, unit: 'points' }),
  rest: { hidden: ['system', 'versus'] },
  sections: [
    { kind: 'text', emphasis: true, title: 'Recommendation', path: 'recommendation' },
    {
      kind: 'chart',
      title: 'Coverage of each interval',
      note: "dot: simulated coverage; bar: ±2 MCSE; green band: Bradley's liberal band around the nominal level",
      spec: coverageSpec,
    },
    {
      kind: 'table',
      title: 'Resampling (whole clusters of the eval, truth = its mean)',
      rows: 'resampling',
      columns: intervalColumns,
    },
    {
      kind: 'table',
      title: 'Parametric (beta-binomial with the measured ICC and cluster sizes, truth = p)',
      rows: 'parametric',
      columns: intervalColumns,
    },
    {
      kind: 'table',
      title: 'Paired tests (resampling)',
      note: 'false wins: how often the test separates two identical copies of the system; power: how often it finds the observed gap',
      rows: 'paired',
      columns: [
        { header: 'test', path: 'label' },
        { header: 'false wins, identical copies', path: 'falseWin', kind: 'estimate', format: 'mcse' },
        { header: 'power at the observed gap', path: 'power', kind: 'estimate', format: 'mcse' },
      ],
    },
    {
      kind: 'facts',
      title: 'The eval',
      facts: [
        { label: 'questions', path: 'facts.questions', format: 'integer' },
        { label: 'clusters', path: 'facts.clusters', format: 'integer' },
        { label: 'clusters per simulated eval', path: 'facts.simulatedClusters', format: 'integer' },
        { label: 'accuracy', path: 'facts.accuracy', format: 'percent' },
        { label: 'ICC', path: 'facts.icc', format: 'number' },
        { label: 'answers per question', path: 'facts.epochs', format: 'number' },
        { label: 'gap to the second system', path: 'facts.gap', format: 'signed' },
        { label: 'per-question correlation', path: 'facts.correlation', format: 'number' },
        { label: "Bradley's liberal band", path: 'band', kind: 'range', format: 'proportion' },
      ],
    },
    { kind: 'text', title: 'Warnings', path: 'warnings' },
    { kind: 'text', title: 'Files written', path: 'files' },
  ],
};
