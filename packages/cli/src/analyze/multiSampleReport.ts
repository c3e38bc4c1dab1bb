/**
 * `evalsim analyze`'s many-samples-per-question section (sim analyzeMultiSample): its tables
 * (terminal and Markdown), its Markdown file and its two Arrow files. Printed numbers are
 * percentage points with one decimal (pass@k, pass^k and maj@k live in [0, 1]); the JSON and
 * the Arrow files keep full precision and every interval.
 */
import {
  INTERVAL_LABELS,
  type IntervalName,
  type MultiSampleAnalysis,
  type MultiSampleEstimate,
  type ValueInterval,
} from '@evalsim/sim';
import { markdownTable } from '../format/alignedTable.js';
import { type Cell, ipc } from './analysisArrow.js';
import type { TitledTable } from './analysisTables.js';
import { formatP, pairLabel } from './analysisUnits.js';

const INTERVALS: readonly IntervalName[] = [
  'wilson',
  'clustered',
  'question',
  'naive',
  'bootstrap',
  'posterior',
];

const pts = (x: number) => {
  const s = (100 * x).toFixed(1);
  return s === '-0.0' ? '0.0' : s;
};
const signed = (x: number) => {
  const s = pts(x);
  return s.startsWith('-') ? `\u2212${s.slice(1)}` : s === '0.0' ? s : `+${s}`;
};
const range = (iv: ValueInterval | null | undefined) =>
  iv ? `[${pts(iv.lower)}, ${pts(iv.upper)}]${iv.outOfRange ? '*' : ''}` : '';

/** "pass@5", "pass^10", "maj@3", "avg@n". */
export function measureLabel(e: { measure: string; k: number | null }): string {
  return e.k === null ? e.measure : e.measure.replace('k', String(e.k));
}

/**
 * The section's tables; `all` adds the table of every interval. `besideHeadline`: printed
 * under analyze's Systems table, whose score pass@1 and avg@n are — the note then says that
 * the headline interval is the one to report and this one is for comparison across k, so the
 * report never shows two unexplained 95% CIs for one number.
 */
export function multiSampleTables(m: MultiSampleAnalysis, all = true, besideHeadline = false): TitledTable[] {
  const pct = Math.round(m.options.level * 100);
  const tables: TitledTable[] = [];
  const headline =
    m.clusters > 0
      ? 'Wilson at the CR1 effective size, t(K\u22121) factor'
      : 'Wilson at the effective size (question-level variance)';
  tables.push({
    title: `Many samples per question: pass@k, pass^k${m.systems.some((s) => s.estimates.some((e) => e.measure === 'maj@k')) ? ', maj@k' : ''}, avg@n`,
    note:
      `points; ${pct}% CI = ${headline} (the interval the pass-at-k study found to hold); SE: question-level` +
      (m.clusters > 0 ? ', CR1 over the clusters' : '') +
      `; ! = flagged (few questions carry the distance from the bound: see the notes); pass^k: ${m.options.passHat === 'plugin' ? 'plug-in (c/n)^k' : 'C(c,k)/C(n,k) (tau-bench)'}` +
      (besideHeadline
        ? `; pass@1 and avg@n are the score of the Systems table above: report its ${pct}% CI (the headline rule); the one here is the pass-at-k study's, shown to compare across k`
        : ''),
    rows: m.systems.flatMap((s) =>
      s.estimates.map((e) => ({
        system: s.system,
        measure: measureLabel(e),
        Q: e.questions,
        estimate: pts(e.estimate),
        SE: pts(e.se),
        ...(m.clusters > 0 ? { 'CR1 SE': e.seClustered === null ? '' : pts(e.seClustered) } : {}),
        [`${pct}% CI`]: `[${pts(e.recommended.lower)}, ${pts(e.recommended.upper)}]${e.caution ? ' !' : ''}`,
        ...(e.intervals.posterior ? { posterior: range(e.intervals.posterior) } : {}),
      })),
    ),
  });
  if (all) {
    tables.push({
      title: 'Every interval',
      note: `points; ${INTERVALS.map((n) => `${n}: ${INTERVAL_LABELS[n]}`).join('; ')}; * = a bound outside [0, 100]`,
      rows: m.systems.flatMap((s) =>
        s.estimates.map((e) => ({
          system: s.system,
          measure: measureLabel(e),
          ...Object.fromEntries(INTERVALS.map((n) => [n, range(e.intervals[n])])),
        })),
      ),
    });
  }
  tables.push({
    title: 'Samples that disagree',
    note:
      'flip rate: questions whose samples disagree (some pass, some fail) among those with \u2265 2 samples; ' +
      'Var(x) between questions and E[\u03c3\u00b2] within a question (Miller 2024 \u00a73); ' +
      `two runs: two independent single-sample runs differ by more than this (points) ${100 - pct}% of the time, X = z\u221a(2\u03a3s\u00b2_i)/Q`,
    rows: m.systems.map((s) => ({
      system: s.system,
      'flip rate': s.flip ? `${pts(s.flip.rate)}% (${s.flip.flipping} of ${s.flip.questions})` : '',
      'Var(x)': s.variance ? Number(s.variance.between.toPrecision(3)).toString() : '',
      'E[\u03c3\u00b2]': s.variance ? Number(s.variance.within.toPrecision(3)).toString() : '',
      'sampling share': s.variance ? `${pts(s.variance.samplingShare)}%` : '',
      'two runs differ by': s.runToRun ? `\u00b1${pts(s.runToRun.bound)}` : '',
    })),
  });
  if (m.pairs.length > 0) {
    tables.push({
      title: 'Paired differences of pass@k and pass^k',
      note: `first \u2212 second, points; ${pct}% t interval and two-sided t-test on the per-question differences (${m.pairs[0].basis}); Holm across the pairs of each measure and k`,
      rows: m.pairs.map((p) => ({
        pair: pairLabel(p),
        measure: measureLabel(p),
        difference: signed(p.difference),
        [`${pct}% CI`]: `[${signed(p.lower)}, ${signed(p.upper)}]`,
        p: formatP(p.pValue),
        'Holm p': formatP(p.holmPValue),
      })),
    });
  }
  return tables;
}

/** Notes: warnings, flagged estimates and what was skipped. */
export function multiSampleNotes(m: MultiSampleAnalysis): string[] {
  const notes = [...m.warnings];
  let flagged = false;
  for (const s of m.systems) {
    for (const e of s.estimates) {
      if (!e.caution) continue;
      flagged = true;
      notes.push(`${s.system} ${measureLabel(e)} (!): ${e.caution}`);
    }
  }
  if (flagged) {
    notes.push(
      '(!) why: near its ceiling, pass@k rests on the few hard questions; in the pass-at-k study the question-based intervals (Wilson included) covered 60–94% where fewer than about 10 questions carried 1 − pass@k, while the beta-binomial posterior held at 93–97% when questions were independent (and failed with clustered questions). Run evalsim audit --k on this eval for its own coverage.',
    );
  }
  for (const k of m.skipped) notes.push(`skipped: ${k}`);
  return notes;
}

/** The section as a Markdown document. */
export function multiSampleMarkdown(m: MultiSampleAnalysis, inputs: readonly string[]): string {
  const lines = [
    `# Many samples per question: ${m.task}, ${m.metric}`,
    '',
    `Inputs: ${inputs.map((i) => `\`${i}\``).join(', ')}. ${m.systems.length} systems \u00d7 ${m.questions} questions` +
      `${m.clusters ? ` in ${m.clusters} clusters` : ''} \u00d7 ${m.samples.equal ? m.samples.max : `${m.samples.min}\u2013${m.samples.max}`} samples; a sample passes when ${m.passRule}; k = ${m.k.join(', ')}.`,
    '',
    'Estimators: ' +
      [...new Set(m.systems.flatMap((s) => s.estimates.map((e) => `${e.measure}: ${e.convention}`)))].join(
        '; ',
      ) +
      '.',
  ];
  for (const t of multiSampleTables(m, true)) {
    const header = Object.keys(t.rows[0] ?? {});
    lines.push(
      '',
      `## ${t.title}`,
      '',
      t.note,
      '',
      markdownTable(
        header,
        t.rows.map((r) => header.map((h) => String(r[h] ?? ''))),
      ),
    );
  }
  const notes = multiSampleNotes(m);
  if (notes.length) lines.push('', '## Notes', '', ...notes.map((n) => `- ${n}`));
  return `${lines.join('\n')}\n`;
}

function estimateRow(system: string, e: MultiSampleEstimate): Record<string, Cell> {
  const row: Record<string, Cell> = {
    system,
    measure: e.measure,
    k: e.k,
    questions: e.questions,
    excluded: e.excluded,
    estimate: e.estimate,
    se: e.se,
    se_clustered: e.seClustered,
    recommended: e.recommended.method,
    recommended_lower: e.recommended.lower,
    recommended_upper: e.recommended.upper,
    rare_side: e.rareSide,
    flagged: e.caution !== null,
  };
  for (const n of INTERVALS) {
    row[`${n}_lower`] = e.intervals[n]?.lower ?? null;
    row[`${n}_upper`] = e.intervals[n]?.upper ?? null;
  }
  return row;
}

/** The per-system (one row per system and estimate, with its flip rate, split and run-to-run X) and per-pair Arrow files. */
export function multiSampleArrow(
  m: MultiSampleAnalysis,
  version: string,
): { systems: Uint8Array; pairs: Uint8Array | null } {
  const meta = JSON.stringify({
    task: m.task,
    metric: m.metric,
    questions: m.questions,
    clusters: m.clusters,
    samples: m.samples,
    passRule: m.passRule,
    k: m.k,
    options: m.options,
    version,
  });
  const systems = m.systems.flatMap((s) =>
    s.estimates.map((e) => ({
      ...estimateRow(s.system, e),
      flip_rate: s.flip?.rate ?? null,
      variance_between: s.variance?.between ?? null,
      variance_within: s.variance?.within ?? null,
      run_to_run_bound: s.runToRun?.bound ?? null,
    })),
  );
  const pairs = m.pairs.map((p) => ({
    first: p.first,
    second: p.second,
    measure: p.measure,
    k: p.k,
    questions: p.questions,
    difference: p.difference,
    se: p.se,
    df: p.df,
    lower: p.lower,
    upper: p.upper,
    p: p.pValue,
    holm_p: p.holmPValue,
  }));
  return { systems: ipc(systems, meta), pairs: pairs.length ? ipc(pairs, meta) : null };
}
