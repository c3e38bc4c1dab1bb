/**
 * The analysis as two Arrow IPC files (full precision, one row per system and one per pair),
 * for dataframes: flat columns in a fixed order with fixed types (Float64, Bool, dictionary
 * strings), null where a method did not apply (its reason is in the JSON),
 * `df` Infinity for a normal critical value. The headline (recommended) interval comes first
 * (`headline_*`, `interval_*`); the last column, `marked`, lists every interval of the row that
 * reaches outside the possible range or has zero width with its marks (core intervalMarks, as
 * `evalsim interval` marks it), '' when none. The schema metadata carries `evalsim.analysis`:
 * task, metric, questions, clusters, options, the headline rule and the evalsim version.
 */
import { intervalMarks } from '@evalsim/core';
import type { Bounds, ClusterBootstrapSet, EvalAnalysis } from '@evalsim/sim';
import {
  Bool,
  Dictionary,
  Float64,
  Int32,
  Table,
  tableToIPC,
  Utf8,
  type Vector,
  vectorFromArray,
} from 'apache-arrow';

export type Cell = number | string | boolean | null;

const n = (x: number | null | undefined): number | null => (x === undefined || x === null ? null : x);

/** `${prefix}_lower` and `${prefix}_upper` of an interval (null when it did not apply). */
function bounds(row: Record<string, Cell>, prefix: string, b: Bounds | null | undefined): void {
  row[`${prefix}_lower`] = b ? b.lower : null;
  row[`${prefix}_upper`] = b ? b.upper : null;
}

/** A clustered estimate's `${prefix}_se`, `_lower`, `_upper`, `_df` (and `_p` with `withP`), null when absent. */
function estimateCells(
  prefix: string,
  e: { se: number; lower: number; upper: number; df: number; pValue?: number } | null | undefined,
  withP = false,
): Record<string, Cell> {
  const cells: Record<string, Cell> = {
    [`${prefix}_se`]: n(e?.se),
    [`${prefix}_lower`]: n(e?.lower),
    [`${prefix}_upper`]: n(e?.upper),
    [`${prefix}_df`]: n(e?.df),
  };
  if (withP) cells[`${prefix}_p`] = n(e?.pValue);
  return cells;
}

/** The cluster bootstrap's SE and its four intervals (seed and B are in the metadata's options). */
function bootstrapColumns(row: Record<string, Cell>, boot: ClusterBootstrapSet | null | undefined): void {
  row.bootstrap_se = boot ? boot.se : null;
  bounds(row, 'bootstrap_percentile', boot?.percentile);
  bounds(row, 'bootstrap_basic', boot?.basic);
  bounds(row, 'bootstrap_studentized', boot?.studentized);
  bounds(row, 'bootstrap_bca', boot?.bca);
}

/** `row.marked`: every `<name>_lower`/`<name>_upper` pair of the row that intervalMarks marks. */
function markRow(row: Record<string, Cell>, range: readonly [number, number] | null): void {
  const found: string[] = [];
  for (const key of Object.keys(row)) {
    if (!key.endsWith('_lower')) continue;
    const name = key.slice(0, -'_lower'.length);
    const lower = row[key];
    const upper = row[`${name}_upper`];
    if (typeof lower !== 'number' || typeof upper !== 'number') continue;
    const marks = intervalMarks(lower, upper, range ?? [Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY]);
    if (marks.length) found.push(`${name}: ${marks.join(', ')}`);
  }
  row.marked = found.join('; ');
}

/** `<name>_estimate`, `_se`, `_lower`, `_upper` (and `_p` with `withP`) of an average (null when absent). */
function averageCells(
  row: Record<string, Cell>,
  name: string,
  m: { estimate: number; se: number; lower: number; upper: number; pValue: number | null } | null,
  withP = false,
): void {
  row[`${name}_estimate`] = m ? m.estimate : null;
  row[`${name}_se`] = m ? m.se : null;
  row[`${name}_lower`] = m ? m.lower : null;
  row[`${name}_upper`] = m ? m.upper : null;
  if (withP) row[`${name}_p`] = m ? m.pValue : null;
}

/** One row per system. */
export function systemRecords(a: EvalAnalysis): Record<string, Cell>[] {
  return a.systems.map((s) => {
    const row: Record<string, Cell> = {
      system: s.system,
      questions: s.questions,
      clusters: s.clusters,
      min_epochs: s.minEpochs,
      max_epochs: s.maxEpochs,
      basis: s.basis,
      score: s.score,
      headline_method: s.headline.method,
      headline_lower: s.headline.lower,
      headline_upper: s.headline.upper,
      naive_t_lower: s.naiveT.lower,
      naive_t_upper: s.naiveT.upper,
      naive_se: s.naive.se,
      naive_lower: s.naive.lower,
      naive_upper: s.naive.upper,
      answer_epoch: s.binary ? s.binary.epoch : null,
      correct: s.binary ? s.binary.correct : null,
      accuracy: s.binary ? s.binary.accuracy : null,
      wilson_lower: s.binary ? s.binary.wilson.lower : null,
      wilson_upper: s.binary ? s.binary.wilson.upper : null,
      clopper_pearson_lower: s.binary ? s.binary.clopperPearson.lower : null,
      clopper_pearson_upper: s.binary ? s.binary.clopperPearson.upper : null,
      ...estimateCells('cr1', s.clustered?.cr1),
      ...estimateCells('cr2', s.clustered?.cr2),
      miller_se: n(s.clustered?.miller.se),
      icc: n(s.clustered?.icc),
      design_effect: n(s.clustered?.designEffect),
      effective_questions: n(s.clustered?.effectiveQuestions),
      variance_between: n(s.varianceSplit?.between),
      variance_within: n(s.varianceSplit?.within),
      sampling_share: n(s.varianceSplit?.samplingShare),
    };
    const k = s.binary?.clustered;
    bounds(row, 'korn_graubard_wilson', k?.kornGraubardWilson);
    bounds(row, 'korn_graubard_clopper_pearson', k?.kornGraubardClopperPearson);
    row.korn_graubard_effective_questions = n(k?.effectiveQuestions);
    bounds(row, 'hierarchical_beta_binomial', k?.hierarchicalBetaBinomial);
    bootstrapColumns(row, s.clustered?.bootstrap);
    for (const [name, b] of Object.entries(s.binary?.intervals ?? {})) bounds(row, name, b);
    for (const k of a.options.projectEpochs) {
      row[`se_epochs_${k}`] = n(s.varianceSplit?.seByEpochs.find((e) => e.epochs === k)?.se);
    }
    averageCells(row, 'micro', s.averages.micro);
    averageCells(row, 'macro', s.averages.macro);
    averageCells(row, 'weighted', s.averages.weighted);
    markRow(row, a.possibleRange.score);
    return row;
  });
}

/** One row per pair. */
export function pairRecords(a: EvalAnalysis): Record<string, Cell>[] {
  return a.pairs.map((p) => {
    const row: Record<string, Cell> = {
      first: p.first,
      second: p.second,
      first_score: p.firstScore,
      second_score: p.secondScore,
      difference: p.difference,
      interval_method: p.interval.method,
      interval_lower: p.interval.lower,
      interval_upper: p.interval.upper,
      paired_se: p.pairedZ.se,
      paired_z_lower: p.pairedZ.lower,
      paired_z_upper: p.pairedZ.upper,
      paired_t: p.pairedT.statistic,
      paired_t_df: p.pairedT.df,
      paired_t_p: p.pairedT.pValue,
      paired_t_lower: p.pairedT.lower,
      paired_t_upper: p.pairedT.upper,
      ...estimateCells('cr1', p.clustered?.cr1, true),
      ...estimateCells('cr2', p.clustered?.cr2, true),
      miller_se: n(p.clustered?.miller.se),
      unpaired_se: p.unpaired.se,
      unpaired_lower: p.unpaired.lower,
      unpaired_upper: p.unpaired.upper,
      correlation: p.correlation,
      mcnemar_epoch: n(p.mcnemar?.epoch),
      n11: n(p.mcnemar?.n11),
      n10: n(p.mcnemar?.n10),
      n01: n(p.mcnemar?.n01),
      n00: n(p.mcnemar?.n00),
      mcnemar_exact_p: n(p.mcnemar?.exactPValue),
      mcnemar_mid_p: n(p.mcnemar?.midPValue),
      mcnemar_chi_square_p: n(p.mcnemar?.chiSquarePValue),
      test: p.test.method,
      p: p.test.pValue,
      interval_test_agree: p.agreement.agrees,
      holm_p: p.holmPValue,
      bh_p: p.bhPValue,
      separated: p.separated,
      paired_variance: n(p.power?.variance),
      mde: n(p.power?.mde),
      mde_clustered: n(p.power?.mdeClustered),
      gap_all_answers: n(p.epochPower?.gap),
      omega2: n(p.epochPower?.omega2),
      sigma2_first: n(p.epochPower?.sigmaFirst2),
      sigma2_second: n(p.epochPower?.sigmaSecond2),
    };
    bootstrapColumns(row, p.clusterBootstrap);
    bounds(row, 'agresti_caffo', p.unpairedIntervals?.agrestiCaffo);
    bounds(row, 'newcombe_hybrid', p.unpairedIntervals?.newcombeHybrid);
    bounds(row, 'miettinen_nurminen', p.unpairedIntervals?.miettinenNurminen);
    for (const k of [...a.options.projectEpochs, Number.POSITIVE_INFINITY]) {
      const b = p.epochPower?.byEpochs.find((x) => x.epochs === k);
      const name = k === Number.POSITIVE_INFINITY ? 'unlimited' : String(k);
      row[`mde_epochs_${name}`] = b ? b.mde : null;
      row[`questions_for_gap_epochs_${name}`] = b ? b.questionsForGap : null;
    }
    for (const [name, b] of Object.entries(p.pairedIntervals ?? {})) bounds(row, name, b);
    for (const gap of a.options.gaps) {
      row[`questions_for_${gap}`] = n(p.power?.questionsFor.find((g) => g.gap === gap)?.questions);
    }
    averageCells(row, 'micro', p.averages.micro, true);
    averageCells(row, 'macro', p.averages.macro, true);
    averageCells(row, 'weighted', p.averages.weighted, true);
    markRow(row, a.possibleRange.difference);
    return row;
  });
}

/**
 * One column with an explicit type, so a column null in every row is kept (typed) rather than
 * dropped; a string column's dictionary id is its index `id` (arrow's default is a process-wide
 * counter, which would make a second file written in the same process differ in bytes).
 */
function column(values: Cell[], id: number): Vector {
  if (values.every((v) => v === null || typeof v === 'number')) return vectorFromArray(values, new Float64());
  if (values.every((v) => v === null || typeof v === 'boolean')) return vectorFromArray(values, new Bool());
  return vectorFromArray(
    values.map((v) => (v === null ? null : String(v))),
    new Dictionary(new Utf8(), new Int32(), id),
  );
}

/**
 * The rows as an IPC file: columns in the first row's key order (every row has the same keys),
 * each typed explicitly — the schema is the same whatever the data.
 */
export function ipc(rows: Record<string, Cell>[], meta: string, key = 'evalsim.analysis'): Uint8Array {
  const keys = Object.keys(rows[0] ?? {});
  const table = new Table(
    Object.fromEntries(
      keys.map((k, i) => [
        k,
        column(
          rows.map((r) => r[k] ?? null),
          i,
        ),
      ]),
    ),
  );
  table.schema.metadata.set(key, meta);
  return tableToIPC(table, 'file');
}

/** The per-system and per-pair Arrow files (pairs: null when there is one system). */
export function analysisArrow(
  a: EvalAnalysis,
  version: string,
): { systems: Uint8Array; pairs: Uint8Array | null } {
  const meta = JSON.stringify({
    task: a.task,
    metric: a.metric,
    questions: a.questions,
    clusters: a.clusters,
    epochs: a.epochs,
    options: a.options,
    headline: a.headline,
    version,
  });
  return {
    systems: ipc(systemRecords(a), meta),
    pairs: a.pairs.length ? ipc(pairRecords(a), meta) : null,
  };
}
