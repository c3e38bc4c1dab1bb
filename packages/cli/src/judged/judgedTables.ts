/**
 * The tables of a judge-scored analysis (sim analyzeJudged) as titled rows of printable cells,
 * shared by the terminal and the Markdown report: the recommended estimate per system, every
 * estimate with its interval, the judge's agreement with the labels, the labelled slice's
 * checks, and per pair every difference. Accuracies print as percentages (differences in
 * points) when every verdict and label is in [0, 1] (analyze/analysisUnits.ts); the JSON and
 * Arrow outputs keep full precision.
 */
import type { JudgedAnalysis, JudgedEstimate } from '@evalsim/sim';
import type { TitledTable } from '../analyze/analysisTables.js';
import { analysisUnits, formatP, pairLabel } from '../analyze/analysisUnits.js';

const lambda = (x: number | undefined) => (x === undefined || Number.isNaN(x) ? '' : x.toFixed(3));

/** `[lo, hi]` in printed units, `*` when a bound leaves the possible range. */
function interval(e: JudgedEstimate, value: (x: number) => string): string {
  if (e.skipped !== null) return '';
  return `[${value(e.lower)}, ${value(e.upper)}]${e.outOfRange ? '*' : ''}`;
}

/** Every table, in reading order. */
export function judgedTables(a: JudgedAnalysis): TitledTable[] {
  const u = analysisUnits(a);
  const pct = `${Number((a.level * 100).toPrecision(6))}%`;
  const unit = u.unit === 'points' ? '%' : '';
  const v = (x: number) => `${u.value(x)}${unit}`;
  const clusters = `summed within ${a.varianceClusters.toLocaleString('en-US')} ${a.clusters > 0 ? 'clusters' : 'questions'}`;
  const tables: TitledTable[] = [];
  tables.push({
    title: 'Recommended estimate per system',
    note: `${pct} intervals; the rule (docs/judged.md): PPI++ with 100 labels or more; with fewer, Rogan–Gladen with Lee et al.’s interval (0/1 verdicts); the labelled mean when every row is labelled; the judge’s own score, uncorrected, when none is`,
    rows: a.perSystem.map((s) => {
      const e = s.estimates.find((x) => x.method === s.recommended.method)!;
      return {
        system: s.system,
        recommended: s.recommended.name,
        estimate: v(e.estimate),
        [`${pct} CI`]: interval(e, u.value),
        labelled: `${s.labelled.toLocaleString('en-US')} of ${s.rows.toLocaleString('en-US')}`,
        '\u03bb\u0302': s.recommended.method === 'ppiPlusPlus' ? lambda(e.lambda) : '',
        why: s.recommended.reason,
      };
    }),
  });
  tables.push({
    title: 'Every estimate',
    note: `estimate \u00b1 z\u00b7SE, SEs ${clusters} (plug-in, no small-sample factor); Lee et al.: their published smoothed interval; * a bound outside [0, 1]; judge only: the judge’s mean, biased when it errs`,
    rows: a.perSystem.flatMap((s) =>
      s.estimates.map((e) => ({
        system: s.system,
        method: e.name,
        estimate: e.skipped === null ? v(e.estimate) : '',
        [`${pct} CI`]: interval(e, u.value),
        SE: e.skipped === null ? u.value(e.se) : '',
        '\u03bb': lambda(e.lambda),
        note:
          e.skipped ??
          (e.method === 'judgeOnly' && s.judgeBiased
            ? 'biased: the judge disagrees with some labels'
            : e.method === 'judgeOnly' && s.judgeBiased === null
              ? 'uncorrected: no labels'
              : ''),
      })),
    ),
  });
  if (a.perSystem.some((s) => s.agreement !== null)) {
    tables.push({
      title: 'Judge agreement on the labelled rows',
      note: `sensitivity P(judge 1 | label 1) and specificity P(judge 0 | label 0) with Wilson ${pct} intervals (cluster-effective sizes); Cohen’s \u03ba with its large-sample SE; judge \u2212 human: f\u0304 \u2212 \u0233 on the labelled rows, in points`,
      rows: a.perSystem.map((s) => {
        const g = s.agreement;
        return {
          system: s.system,
          sensitivity:
            g && !Number.isNaN(g.sensitivity.estimate)
              ? `${v(g.sensitivity.estimate)} [${u.value(g.sensitivity.lower)}, ${u.value(g.sensitivity.upper)}]`
              : (s.agreementSkipped ?? ''),
          m1: g ? g.sensitivity.count : '',
          specificity:
            g && !Number.isNaN(g.specificity.estimate)
              ? `${v(g.specificity.estimate)} [${u.value(g.specificity.lower)}, ${u.value(g.specificity.upper)}]`
              : '',
          m0: g ? g.specificity.count : '',
          '\u03ba':
            g && !Number.isNaN(g.kappa.estimate)
              ? `${g.kappa.estimate.toFixed(3)} [${g.kappa.lower.toFixed(3)}, ${g.kappa.upper.toFixed(3)}]`
              : '',
          'judge \u2212 human': s.judgeError
            ? `${u.signed(s.judgeError.estimate)} ${u.range(s.judgeError.lower, s.judgeError.upper)}`
            : '',
        };
      }),
    });
  }
  tables.push({
    title: 'Is the labelled slice a random sample?',
    note: `PPI and Rogan–Gladen assume it; a warning below p = ${a.sliceAlpha}: judge’s mean on labelled \u2212 unlabelled rows (z test)${a.clusters > 0 ? ', labelled share across clusters (\u03c7\u00b2)' : ''}${a.bySystem ? ', across systems (\u03c7\u00b2)' : ''}`,
    rows: a.perSystem.map((s) => ({
      system: s.system,
      'labelled share': `${((100 * s.labelled) / s.rows).toFixed(1)}%`,
      'judge labelled \u2212 unlabelled': s.slice.labelledGap
        ? `${u.signed(s.slice.labelledGap.estimate)} (p ${formatP(s.slice.labelledGap.pValue)})`
        : '',
      ...(a.clusters > 0
        ? {
            'share by cluster':
              s.slice.byCluster && !s.slice.byCluster.degenerate
                ? `\u03c7\u00b2 ${s.slice.byCluster.statistic.toFixed(1)}, df ${s.slice.byCluster.df} (p ${formatP(s.slice.byCluster.pValue)})`
                : '',
          }
        : {}),
    })),
  });
  if (a.pairs.length) {
    tables.push({
      title: `Pairs: first \u2212 second on the ${a.questions.toLocaleString('en-US')} shared questions, in ${u.unit}`,
      note: `${pct} intervals with Var = \u03a3_g (T_g(first) \u2212 T_g(second))\u00b2 over the shared question clusters, whether or not the labelled slices are the same rows; PPI++: each system’s own \u03bb\u0302`,
      rows: a.pairs.flatMap((p) =>
        p.estimates.map((e) => ({
          pair: pairLabel(p),
          method: `${e.name}${e.method === p.recommended.method ? ' (recommended)' : ''}`,
          difference: e.skipped === null ? u.signed(e.estimate) : '',
          [`${pct} CI`]: e.skipped === null ? `${u.range(e.lower, e.upper)}${e.outOfRange ? '*' : ''}` : '',
          slice: p.slice,
          note: e.skipped ?? '',
        })),
      ),
    });
  }
  return tables;
}

/** The one-line headline of each system (and pair): the recommended number first, named. */
export function judgedHeadlines(a: JudgedAnalysis): string[] {
  const u = analysisUnits(a);
  const unit = u.unit === 'points' ? '%' : '';
  const pct = `${Number((a.level * 100).toPrecision(6))}%`;
  const lines: string[] = [];
  for (const s of a.perSystem) {
    const e = s.estimates.find((x) => x.method === s.recommended.method)!;
    const judge = s.estimates.find((x) => x.method === 'judgeOnly')!;
    const extra =
      s.recommended.method === 'judgeOnly'
        ? ' \u2014 uncorrected: no labelled row'
        : `; the judge alone says ${u.value(judge.estimate)}${unit}${s.judgeBiased ? ' (biased: it disagrees with some labels)' : ''}`;
    lines.push(
      `${s.system}: ${s.recommended.name} ${u.value(e.estimate)}${unit}, ${pct} CI [${u.value(e.lower)}, ${u.value(e.upper)}]${e.outOfRange ? '*' : ''} (${s.labelled.toLocaleString('en-US')} of ${s.rows.toLocaleString('en-US')} rows labelled)${extra}.`,
    );
  }
  for (const p of a.pairs) {
    const e = p.estimates.find((x) => x.method === p.recommended.method)!;
    const judge = p.estimates.find((x) => x.method === 'judgeOnly')!;
    const clear = e.lower > 0 || e.upper < 0;
    lines.push(
      `${pairLabel(p)}: ${p.recommended.name} difference ${u.signed(e.estimate)} ${u.unit}, ${pct} CI ${u.range(e.lower, e.upper)}` +
        `${clear ? ' (excludes 0)' : ' (includes 0)'}` +
        (p.recommended.method === 'judgeOnly'
          ? ` \u2014 uncorrected: ${p.recommended.reason}`
          : `; the judge alone says ${u.signed(judge.estimate)} ${u.range(judge.lower, judge.upper)}`) +
        '.',
    );
  }
  return lines;
}
