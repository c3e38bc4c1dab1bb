/**
 * The page of `evalsim analyze --html`: the recommended interval of each system (when the
 * document names one: `systems[].headline`) and of each pair (`pairs[].interval`, named by its
 * method) first; then the leaderboard with its tie groups and rank ranges (table and chart), the
 * forest plot of the paired differences, and every table of the document — systems, clustering,
 * every interval (wildcard columns: whatever intervals the document holds), epochs, paired
 * intervals, tests, power — and its paragraphs, notes and warnings. Scores in [0, 1] are shown
 * in percentage points, as the terminal shows them.
 */
import { chartRows } from './chartData.js';
import type { Column, HtmlView, JsonDocument, ViewContext } from './htmlView.js';

const points = (doc: JsonDocument): boolean => {
  const range = doc.scoreRange as [number, number] | undefined;
  return range === undefined || (range[0] >= 0 && range[1] <= 1);
};

const pct = (doc: JsonDocument) => `${Math.round(100 * (doc.options?.level ?? 0.95))}%`;

const pairColumns = (extra: readonly Column[]): Column[] => [
  { header: 'pair', path: 'first', join: { separator: ' \u2212 ', path: 'second' } },
  ...extra,
];

/** The forest plot: each pair's headline CI (black) over its unpaired CI (grey), a rule at zero. */
function forestSpec(doc: JsonDocument, context: ViewContext): Record<string, unknown> | undefined {
  const label = (p: JsonDocument) => ({ pair: `${p.first} − ${p.second}`, separated: p.separated === true });
  const headline = chartRows(
    doc,
    'pairs',
    { estimate: 'difference', lower: 'interval.lower', upper: 'interval.upper' },
    label,
  );
  if (headline.length === 0) return undefined;
  const unpaired = chartRows(doc, 'pairs', { lower: 'unpaired.lower', upper: 'unpaired.upper' }, label);
  const s = context.scale;
  const scaled = ['estimate', 'lower', 'upper'].map((f) => ({
    calculate: `datum.${f} * ${s}`,
    as: `${f}Shown`,
  }));
  const y = { field: 'pair', type: 'nominal', sort: null, title: null, axis: { labelLimit: 260 } };
  const x = { type: 'quantitative', title: `difference, first − second (${context.unit})` };
  return {
    width: 560,
    height: { step: 34 },
    layer: [
      {
        data: { values: [{}] },
        mark: { type: 'rule', strokeDash: [4, 3], color: '#888' },
        encoding: { x: { datum: 0, ...x } },
      },
      {
        data: { values: unpaired },
        transform: scaled.slice(1),
        mark: { type: 'rule', color: '#bbb', strokeWidth: 2, yOffset: 7 },
        encoding: {
          y,
          x: { field: 'lowerShown', ...x },
          x2: { field: 'upperShown' },
          tooltip: [
            { field: 'pair' },
            { field: 'lowerShown', title: 'unpaired lower', format: '.2f' },
            { field: 'upperShown', title: 'unpaired upper', format: '.2f' },
          ],
        },
      },
      {
        data: { values: headline },
        transform: scaled,
        layer: [
          {
            mark: { type: 'rule', strokeWidth: 3 },
            encoding: {
              y,
              x: { field: 'lowerShown', ...x },
              x2: { field: 'upperShown' },
              color: {
                field: 'separated',
                type: 'nominal',
                scale: { domain: [false, true], range: ['#111', '#b2182b'] },
                legend: null,
              },
            },
          },
          {
            mark: { type: 'point', filled: true, size: 60 },
            encoding: {
              y,
              x: { field: 'estimateShown', ...x },
              color: {
                field: 'separated',
                type: 'nominal',
                scale: { domain: [false, true], range: ['#111', '#b2182b'] },
                legend: null,
              },
              tooltip: [
                { field: 'pair' },
                { field: 'estimateShown', title: 'difference', format: '.2f' },
                { field: 'lowerShown', title: 'lower', format: '.2f' },
                { field: 'upperShown', title: 'upper', format: '.2f' },
              ],
            },
          },
        ],
      },
    ],
  };
}

/** Rank ranges: each system's bar from its best to its worst possible rank, its tie-group letters beside. */
function rankSpec(doc: JsonDocument): Record<string, unknown> | undefined {
  const rows = chartRows(
    doc,
    'leaderboard',
    { rank: 'rank', best: 'rankRange[0]', worst: 'rankRange[1]', score: 'score' },
    (r) => ({
      system: String(r.system),
      group: String(r.group ?? ''),
    }),
  );
  if (rows.length === 0) return undefined;
  const y = { field: 'system', type: 'nominal', sort: null, title: null, axis: { labelLimit: 260 } };
  // Half a rank of room on each side, so the first and last ranks sit inside the plot.
  const x = {
    type: 'quantitative',
    title: 'rank (1 = best)',
    scale: { domain: [0.5, rows.length + 0.5], nice: false },
    axis: { tickMinStep: 1 },
  };
  return {
    width: 420,
    height: { step: 26 },
    data: { values: rows },
    layer: [
      {
        mark: { type: 'rule', strokeWidth: 6, opacity: 0.35, color: '#0b5394' },
        encoding: { y, x: { field: 'best', ...x }, x2: { field: 'worst' } },
      },
      { mark: { type: 'tick', thickness: 2, color: '#0b5394' }, encoding: { y, x: { field: 'rank', ...x } } },
      {
        mark: { type: 'text', align: 'left', dx: 8 },
        encoding: {
          y,
          x: { field: 'worst', ...x },
          text: { field: 'group' },
          tooltip: [
            { field: 'system' },
            { field: 'rank' },
            { field: 'best' },
            { field: 'worst' },
            { field: 'group' },
          ],
        },
      },
    ],
  };
}

export const analyzeView: HtmlView = {
  command: 'evalsim analyze',
  title: (doc) => `${doc.task}, ${doc.metric}: ${doc.systems?.length ?? 0} systems`,
  subtitle: (doc) =>
    `${doc.questions} questions${doc.clusters ? ` in ${doc.clusters} clusters` : ''} × up to ${doc.epochs} epoch${doc.epochs === 1 ? '' : 's'} ` +
    `(${doc.binary ? '0/1' : 'graded'} scores; continuous methods: ${doc.basis?.scores}; 0/1 methods: ${doc.basis?.answers}); ${pct(doc)} intervals` +
    `${points(doc) ? ', scores in percentage points' : ''}. Inputs: ${(doc.inputs ?? []).join(', ')}.`,
  context: (doc) => (points(doc) ? { scale: 100, unit: 'points' } : { scale: 1, unit: 'units' }),
  // Whatever else the document holds (pass@k's section, marked intervals, the options) follows.
  rest: {
    hidden: ['evalsim', 'inputs', 'task', 'metric', 'questions', 'clusters', 'epochs', 'binary', 'basis'],
  },
  sections: [
    {
      kind: 'table',
      emphasis: true,
      title: 'Recommended interval per system',
      note: (doc) => (doc.headline?.reason ? `The headline rule: ${doc.headline.reason}.` : ''),
      when: (doc) => doc.systems?.[0]?.headline !== undefined,
      rows: 'systems',
      columns: [
        { header: 'system', path: 'system' },
        { header: 'score', path: 'score', format: 'scaled' },
        { header: 'recommended interval', path: 'headline', kind: 'interval', format: 'scaled' },
        { header: 'method', path: 'headline.method' },
        { header: 'fallback', path: 'headline.fallback' },
      ],
    },
    {
      kind: 'table',
      emphasis: true,
      title: 'Recommended interval per pair',
      note: (doc) =>
        `first − second on the same questions, ${points(doc) ? 'points' : 'units'}; the interval is the headline paired CI (${doc.options?.pairedInterval}); p: the test behind Holm, BH and the tie groups`,
      rows: 'pairs',
      columns: pairColumns([
        { header: 'difference', path: 'difference', format: 'signed' },
        { header: `CI`, path: 'interval', kind: 'interval', format: 'signed' },
        { header: 'method', path: 'interval.method' },
        { header: 'test', path: 'test.method' },
        { header: 'p', path: 'test.pValue', format: 'p' },
        { header: 'Holm', path: 'holmPValue', format: 'p' },
        { header: 'separated', path: 'separated' },
      ]),
    },
    {
      kind: 'table',
      title: 'Leaderboard',
      note: 'tie groups: systems sharing a letter are not separated by the Holm-corrected test (compact letter display); rank range: the ranks each system could hold',
      rows: 'leaderboard',
      columns: [
        { header: 'rank', path: 'rank', format: 'integer' },
        { header: 'system', path: 'system' },
        { header: 'score', path: 'score', format: 'scaled' },
        { header: 'rank range', path: 'rankRange', kind: 'range', format: 'integer' },
        { header: 'group', path: 'group' },
      ],
    },
    {
      kind: 'chart',
      title: 'Rank intervals and tie groups',
      note: 'bar: the ranks each system could hold; tick: its rank; letters: its tie groups',
      spec: rankSpec,
    },
    {
      kind: 'chart',
      title: 'Forest plot of the paired differences',
      note: (doc) =>
        `black: the ${pct(doc)} headline CI (${doc.options?.pairedInterval}) with the difference as a dot; grey, below: the unpaired CI; red: separated after Holm's correction`,
      spec: forestSpec,
    },
    {
      kind: 'table',
      title: 'Systems',
      note: (doc) =>
        `score: ${doc.basis?.scores}; naive: s/√Q with z; Wilson and Clopper–Pearson on ${doc.basis?.answers} (k of Q)`,
      rows: 'systems',
      columns: [
        { header: 'system', path: 'system' },
        { header: 'Q', path: 'questions', format: 'integer' },
        { header: 'epochs (min)', path: 'minEpochs', format: 'integer' },
        { header: 'epochs (max)', path: 'maxEpochs', format: 'integer' },
        { header: 'score', path: 'score', format: 'scaled' },
        { header: 'naive', path: 'naive', kind: 'interval', format: 'scaled' },
        { header: 'k', path: 'binary.correct', format: 'integer' },
        { header: 'n', path: 'binary.n', format: 'integer' },
        { header: 'Wilson', path: 'binary.wilson', kind: 'interval', format: 'scaled' },
        { header: 'Clopper–Pearson', path: 'binary.clopperPearson', kind: 'interval', format: 'scaled' },
      ],
    },
    {
      kind: 'table',
      title: (doc) => `Clustering (${doc.clusters} clusters)`,
      note: 'CR1: Liang–Zeger K/(K−1) with t(K−1); CR2: Bell–McCaffrey with its Satterthwaite df; ICC: one-way ANOVA; DEFF = Var(CR1)/Var(naive); n_eff = Q/DEFF',
      when: (doc) => doc.clusters > 0,
      rows: 'systems',
      columns: [
        { header: 'system', path: 'system' },
        { header: 'CR1', path: 'clustered.cr1', kind: 'interval', format: 'scaled' },
        { header: 'CR1 SE', path: 'clustered.cr1.se', format: 'scaled' },
        { header: 'CR2', path: 'clustered.cr2', kind: 'interval', format: 'scaled' },
        { header: 'CR2 df', path: 'clustered.cr2.df', format: 'number' },
        { header: 'Miller', path: 'clustered.miller', kind: 'interval', format: 'scaled' },
        { header: 'ICC', path: 'clustered.icc', format: 'number' },
        { header: 'DEFF', path: 'clustered.designEffect', format: 'number' },
        { header: 'n_eff', path: 'clustered.effectiveQuestions', format: 'integer' },
      ],
    },
    {
      kind: 'table',
      title: 'Every interval for the score',
      note: 'every proportion interval on the 0/1 answers, the clustered ones (Korn–Graubard, hierarchical beta-binomial) and the cluster bootstraps, as the document holds them',
      rows: 'systems',
      columns: [
        { header: 'system', path: 'system' },
        { header: (k) => k, path: 'binary.intervals.*', kind: 'interval', format: 'scaled' },
        { header: (k) => k, path: 'binary.clustered.*', kind: 'interval', format: 'scaled' },
        {
          header: (k) => `bootstrap ${k}`,
          path: 'clustered.bootstrap.*',
          kind: 'interval',
          format: 'scaled',
        },
      ],
    },
    {
      kind: 'table',
      title: 'Epochs: where the variance is (Miller 2024 §3)',
      note: (doc) =>
        `Var(x): between questions; E[σ²]: within a question; SE of the score with K epochs per question, in ${points(doc) ? 'points' : 'units'}`,
      when: (doc) => doc.systems?.some((s: JsonDocument) => s.varianceSplit),
      rows: 'systems',
      columns: [
        { header: 'system', path: 'system' },
        { header: 'Var(x)', path: 'varianceSplit.between', format: 'number' },
        { header: 'E[σ²]', path: 'varianceSplit.within', format: 'number' },
        { header: 'sampling share', path: 'varianceSplit.samplingShare', format: 'percent' },
        {
          header: (_k, e) => `SE K=${(e as { epochs?: number })?.epochs}`,
          path: 'varianceSplit.seByEpochs.*.se',
          format: 'scaled',
        },
      ],
    },
    {
      kind: 'table',
      title: 'Every interval for the paired differences',
      note: 'clustered, paired, unpaired, cluster bootstrap and 2×2 intervals of first − second, as the document holds them',
      rows: 'pairs',
      columns: pairColumns([
        { header: 'paired z', path: 'pairedZ', kind: 'interval', format: 'signed' },
        { header: 'paired t', path: 'pairedT', kind: 'interval', format: 'signed' },
        { header: (k) => `clustered ${k}`, path: 'clustered.*', kind: 'interval', format: 'signed' },
        { header: (k) => `bootstrap ${k}`, path: 'clusterBootstrap.*', kind: 'interval', format: 'signed' },
        { header: (k) => k, path: 'pairedIntervals.*', kind: 'interval', format: 'signed' },
        { header: 'unpaired', path: 'unpaired', kind: 'interval', format: 'signed' },
        { header: (k) => k, path: 'unpairedIntervals.*', kind: 'interval', format: 'signed' },
        { header: 'ρ', path: 'correlation', format: 'number' },
      ]),
    },
    {
      kind: 'table',
      title: 'Tests',
      note: 'p: the test behind Holm (family-wise) and BH (false discovery rate); McNemar on the 0/1 answers: b = first right only, c = second right only',
      rows: 'pairs',
      columns: pairColumns([
        { header: 'test', path: 'test.method' },
        { header: 'p', path: 'test.pValue', format: 'p' },
        { header: 'Holm', path: 'holmPValue', format: 'p' },
        { header: 'BH', path: 'bhPValue', format: 'p' },
        { header: 'b', path: 'mcnemar.n10', format: 'integer' },
        { header: 'c', path: 'mcnemar.n01', format: 'integer' },
        { header: 'McNemar exact', path: 'mcnemar.exactPValue', format: 'p' },
        { header: 'mid-p', path: 'mcnemar.midPValue', format: 'p' },
        { header: 'χ² cc p', path: 'mcnemar.chiSquareCCPValue', format: 'p' },
        { header: 'paired t', path: 'pairedT.statistic', format: 'number' },
        { header: 'p(t)', path: 'pairedT.pValue', format: 'p' },
      ]),
    },
    {
      kind: 'table',
      title: 'Power (Miller 2024 eqs. 9–10, measured paired variance)',
      note: (doc) =>
        `MDE: the smallest true gap found with ${Math.round(100 * (doc.options?.power ?? 0.8))}% power on these questions; n(gap): questions needed for that gap`,
      rows: 'pairs',
      columns: pairColumns([
        { header: 'variance', path: 'power.variance', format: 'number' },
        { header: 'MDE', path: 'power.mde', format: 'scaled' },
        { header: 'MDE clustered', path: 'power.mdeClustered', format: 'scaled' },
        {
          header: (_k, e) => `n(gap ${(e as { gap?: number })?.gap})`,
          path: 'power.questionsFor.*.questions',
          format: 'integer',
        },
      ]),
    },
    { kind: 'text', title: 'Comparisons', path: 'paragraphs', field: 'text' },
    { kind: 'text', title: 'Power', path: 'powerSummary' },
    { kind: 'text', title: 'Warnings', path: 'warnings' },
    { kind: 'text', title: 'Not computed', path: 'skipped' },
    { kind: 'text', title: 'Notes', path: 'notes' },
  ],
};
