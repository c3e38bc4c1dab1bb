/**
 * The tables of an analysis as titled rows of printable cells, shared by the terminal
 * table and the Markdown report: systems, clustering, epochs (when measured), paired
 * differences, tests, power and the leaderboard. Numbers are already rounded to what is
 * worth reading (see analysisUnits.ts); the JSON and Arrow outputs keep full precision.
 */
import type { EvalAnalysis } from '@evalsim/sim';
import { analysisUnits, formatP, intervalLabel, pairLabel, testLabel } from './analysisUnits.js';
import { pairIntervalTables, systemIntervalTables } from './intervalTables.js';

export interface TitledTable {
  readonly title: string;
  /** One sentence saying what the columns mean. */
  readonly note: string;
  readonly rows: readonly Record<string, string | number>[];
}

/** How many rows a table of `a` would have without a limit: its systems, or its pairs. */
export function tableRowCount(a: EvalAnalysis, t: TitledTable): number {
  const first = t.rows[0];
  if (!first) return 0;
  if ('pair' in first) return a.pairs.length * (t.rows.filter((r) => r.pair === first.pair).length || 1);
  return a.systems.length;
}

const round = (x: number | null | undefined, digits = 3): string =>
  x === null || x === undefined || !Number.isFinite(x) ? '' : Number(x.toPrecision(digits)).toString();

/**
 * Every table of the analysis, in reading order; `all` false (the terminal without
 * --all-intervals) keeps only the headline interval columns (see intervalTables.ts); `limit`
 * keeps the first rows of each table (the terminal with many systems), `shown` saying so.
 */
export function analysisTables(a: EvalAnalysis, all = true, limit = Number.POSITIVE_INFINITY): TitledTable[] {
  const u = analysisUnits(a);
  const head = <T>(xs: readonly T[]): readonly T[] => (xs.length > limit ? xs.slice(0, limit) : xs);
  const pct = Math.round(a.options.level * 100);
  const tables: TitledTable[] = [];
  const headline = intervalLabel(a.headline.system);
  const ci = `${pct}% CI`;
  tables.push({
    title: 'Systems',
    note:
      `score: ${a.basis.scores}, in ${u.unit}; ${ci}: the recommended interval, ${headline} (the headline rule: ${a.headline.reason}); ` +
      'naive = s/\u221aQ with z, clusters ignored' +
      (a.binary
        ? `; Wilson and Clopper\u2013Pearson on ${a.basis.answers} (k of Q)`
        : '; graded scores: Wilson and Clopper\u2013Pearson skipped (0/1 only)'),
    rows: head(a.systems).map((s) => ({
      system: s.system,
      Q: s.questions,
      epochs: s.minEpochs === s.maxEpochs ? String(s.maxEpochs) : `${s.minEpochs}\u2013${s.maxEpochs}`,
      score: u.value(s.score),
      [ci]:
        u.bounds(s.headline.lower, s.headline.upper) +
        (s.headline.method === a.headline.system ? '' : ` (${intervalLabel(s.headline.method)})`),
      naive: u.bounds(s.naive.lower, s.naive.upper),
      ...(a.binary && s.binary
        ? {
            [`k (e${s.binary.epoch})`]: s.binary.correct,
            Wilson: u.bounds(s.binary.wilson.lower, s.binary.wilson.upper),
            'Clopper\u2013Pearson': u.bounds(s.binary.clopperPearson.lower, s.binary.clopperPearson.upper),
          }
        : {}),
    })),
  });
  if (a.clusters > 0) {
    tables.push({
      title: `Clustering (${a.clusters} clusters)`,
      note: 'CR1: Liang\u2013Zeger K/(K\u22121) with t(K\u22121); CR2: Bell\u2013McCaffrey with its Satterthwaite df; ICC: one-way ANOVA; DEFF = Var(CR1)/Var(naive); n_eff = Q/DEFF',
      rows: head(a.systems).map((s) => {
        const c = s.clustered;
        return {
          system: s.system,
          // Skipped for this system (the reason is a note below the tables).
          'CR1 t CI': c ? u.bounds(c.cr1.lower, c.cr1.upper) : 'skipped (note)',
          'CR1 SE': c ? u.value(c.cr1.se) : '',
          'CR2 CI': c ? u.bounds(c.cr2.lower, c.cr2.upper) : '',
          'CR2 df': c ? round(c.cr2.df) : '',
          ICC: c ? round(c.icc) : '',
          DEFF: c ? round(c.designEffect) : '',
          n_eff: c && c.effectiveQuestions !== null ? Math.round(c.effectiveQuestions) : '',
        };
      }),
    });
  }
  const hasMacro = a.systems.some((s) => s.averages.macro);
  const hasWeighted = a.systems.some((s) => s.averages.weighted);
  if (hasMacro || hasWeighted) {
    const cell = (
      m: { estimate: number; se: number; lower: number; upper: number } | null,
      range = u.bounds,
    ) => (m ? `${u.value(m.estimate)} \u00b1 ${u.value(m.se)} ${range(m.lower, m.upper)}` : '');
    const averagesNote =
      `score \u00b1 SE [${ci}] in ${u.unit}, SE cluster-robust (CR1) with t(K\u22121)${a.clusters > 0 ? '' : ' (no clusters: s/\u221aQ)'}; ` +
      'micro: every question counts once' +
      (hasMacro ? '; macro: every cluster counts once (the mean of the cluster means)' : '') +
      (hasWeighted ? `; weighted: the weights of ${a.options.weights}` : '');
    tables.push({
      title: 'Averages: micro, macro and weighted',
      note: averagesNote,
      rows: head(a.systems).map((s) => ({
        system: s.system,
        micro: cell(s.averages.micro),
        ...(hasMacro ? { macro: cell(s.averages.macro) } : {}),
        ...(hasWeighted ? { weighted: cell(s.averages.weighted) } : {}),
      })),
    });
    if (a.pairs.length) {
      const kinds: ('micro' | 'macro' | 'weighted')[] = [
        'micro',
        ...(hasMacro ? (['macro'] as const) : []),
        ...(hasWeighted ? (['weighted'] as const) : []),
      ];
      tables.push({
        title: 'Averages of the paired differences',
        note: `first \u2212 second, ${u.unit}: each average of the differences with its ${ci} and t test p; as above; "none (SE 0)": every cluster has the same mean difference, so there is no spread to test against`,
        rows: head(a.pairs).flatMap((p) =>
          kinds.flatMap((kind) => {
            const m = p.averages[kind];
            return m
              ? [
                  {
                    pair: pairLabel(p),
                    average: kind,
                    difference: u.signed(m.estimate),
                    SE: u.value(m.se),
                    [ci]: u.range(m.lower, m.upper),
                    p: m.degenerate ? 'none (SE 0)' : formatP(m.pValue),
                  },
                ]
              : [];
          }),
        ),
      });
    }
  }
  tables.push(...systemIntervalTables(a, all, limit));
  if (a.systems.some((s) => s.varianceSplit)) {
    const ks = a.options.projectEpochs;
    tables.push({
      title: 'Epochs: where the variance is (Miller 2024 \u00a73)',
      note: `Var(x): between questions; E[\u03c3\u00b2]: within a question (answer to answer); SE of the score with K epochs per question, in ${u.unit}`,
      rows: head(a.systems).map((s) => {
        const v = s.varianceSplit;
        const row: Record<string, string | number> = {
          system: s.system,
          'Var(x)': v ? round(v.between) : '',
          'E[\u03c3\u00b2]': v ? round(v.within) : '',
          'sampling share': v ? `${(100 * v.samplingShare).toFixed(1)}%` : '',
        };
        for (const k of ks) row[`SE K=${k}`] = v ? u.value(v.seByEpochs.find((e) => e.epochs === k)!.se) : '';
        return row;
      }),
    });
  }
  if (a.pairs.length) {
    tables.push({
      title: 'Paired differences',
      note: `first \u2212 second on the same ${a.questions} questions, ${u.unit}; ${ci}: ${a.headline.overridden ? 'the interval chosen' : 'the recommended interval'}, ${intervalLabel(a.options.pairedInterval)}${a.headline.overridden ? ` (the headline rule recommends ${intervalLabel(a.headline.pair)})` : ''}; paired: s_d/\u221aQ with z, clusters ignored; unpaired: \u221a(s\u2081\u00b2/Q + s\u2082\u00b2/Q), pairing ignored`,
      rows: head(a.pairs).map((p) => ({
        pair: pairLabel(p),
        difference: u.signed(p.difference),
        [ci]:
          u.range(p.interval.lower, p.interval.upper) +
          (p.interval.method === a.options.pairedInterval ? '' : ` (${intervalLabel(p.interval.method)})`),
        ...(a.clusters > 0 || a.options.pairedInterval !== 'pairedZ'
          ? { paired: u.range(p.pairedZ.lower, p.pairedZ.upper) }
          : {}),
        unpaired: u.range(p.unpaired.lower, p.unpaired.upper),
        '\u03c1': round(p.correlation, 2),
      })),
    });
    tables.push(...pairIntervalTables(a, all, limit));
    tables.push({
      title: 'Tests',
      note:
        `p: ${testLabel(a.pairs[0].test.method)}; Holm (family-wise) and BH (false discovery rate) across ${a.pairs.length} pair${a.pairs.length === 1 ? '' : 's'}` +
        (a.binary
          ? `; McNemar on ${a.basis.answers}: b = first right only, c = second right only; \u03c7\u00b2 without continuity correction, exact conditional, mid-p`
          : '') +
        `; paired t on ${a.basis.scores}` +
        (a.pairs.some((p) => !p.agreement.agrees)
          ? '; \u2260: the interval and the test disagree (why: under the comparisons)'
          : `; the test agrees with the ${ci} of every pair (it excludes 0 exactly when p < \u03b1)`),
      rows: head(a.pairs).map((p) => ({
        pair: pairLabel(p),
        p: formatP(p.test.pValue) + (p.agreement.agrees ? '' : ' \u2260'),
        Holm: formatP(p.holmPValue),
        BH: formatP(p.bhPValue),
        ...(a.binary && p.mcnemar
          ? {
              'b\u2013c': `${p.mcnemar.n10}\u2013${p.mcnemar.n01}`,
              '\u03c7\u00b2 p': formatP(p.mcnemar.chiSquarePValue),
              exact: formatP(p.mcnemar.exactPValue),
              'mid-p': formatP(p.mcnemar.midPValue),
            }
          : {}),
        t: round(p.pairedT.statistic),
        'p(t)': formatP(p.pairedT.pValue),
      })),
    });
    tables.push({
      title: 'Power (Miller 2024 eqs. 9\u201310, measured paired variance)',
      note: `MDE: smallest true gap found with ${Math.round(a.options.power * 100)}% power at \u03b1 = ${round(a.options.alpha)} on these ${a.questions} questions${a.clusters > 0 ? '; clustered: with the CR1 SE' : ''}; n: questions needed for a gap of 1, 2, 3, 5 ${u.unit}${a.clusters > 0 ? ', ignoring clusters' : ''} — normal approximation with this pair's measured variance (on ${a.basis.scores}${a.clusters > 0 ? '; with clusters multiply by the measured design effect of the differences, as the comparisons below do (--json: clusteredQuestions)' : ''}); evalsim plan simulates the same reduction at an imposed gap (B's rates shifted), which moves the variance a little`,
      rows: head(a.pairs).map((p) => {
        const row: Record<string, string | number> = {
          pair: pairLabel(p),
          s_d: p.power ? round(Math.sqrt(p.power.variance)) : '',
          MDE: p.power ? u.value(p.power.mde) : '',
        };
        if (a.clusters > 0)
          row['MDE cl.'] = p.power?.mdeClustered != null ? u.value(p.power.mdeClustered) : '';
        for (const g of p.power?.questionsFor ?? []) row[`n(${u.value(g.gap)})`] = g.questions;
        return row;
      }),
    });
  }
  if (a.pairs.some((p) => p.epochPower)) {
    tables.push({
      title: 'Epochs for pairs (Miller 2024 eq. 9 with K answers per question from each system)',
      note: `gap: over all answers; \u03c9\u00b2: variance of the true per-question differences; \u03c3\u00b2\u2081, \u03c3\u00b2\u2082: within-question variance of first, second; per K: MDE on these ${a.questions} questions \u00b7 questions the gap needs`,
      rows: head(a.pairs).map((p) => {
        const e = p.epochPower;
        const row: Record<string, string | number> = {
          pair: pairLabel(p),
          gap: e ? u.signed(e.gap) : '',
          '\u03c9\u00b2': e ? round(e.omega2) : '',
          '\u03c3\u00b2\u2081': e ? round(e.sigmaFirst2) : '',
          '\u03c3\u00b2\u2082': e ? round(e.sigmaSecond2) : '',
        };
        // The fewest and most projected epochs and unlimited (every K is in the JSON and Arrow).
        const ks = a.options.projectEpochs;
        for (const k of [Math.min(...ks), Math.max(...ks), Number.POSITIVE_INFINITY].filter(
          (x, i, all) => all.indexOf(x) === i,
        )) {
          const b = e?.byEpochs.find((x) => x.epochs === k);
          row[`K=${k === Number.POSITIVE_INFINITY ? '\u221e' : k}`] = b
            ? `${u.value(b.mde)} \u00b7 ${b.questionsForGap ?? '\u2014'}`
            : '';
        }
        return row;
      }),
    });
  }
  tables.push({
    title: 'Leaderboard',
    note: `tie groups: systems sharing a letter are not separated by the Holm-corrected ${testLabel(a.pairs[0]?.test.method ?? 'pairedT')} at \u03b1 = ${round(a.options.alpha)} (compact letter display); rank range: the ranks each system could hold`,
    rows: head(a.leaderboard).map((r) => ({
      rank: r.rank,
      system: r.system,
      score: u.value(r.score),
      'rank range':
        r.rankRange[0] === r.rankRange[1]
          ? String(r.rankRange[0])
          : `${r.rankRange[0]}\u2013${r.rankRange[1]}`,
      group: r.group,
    })),
  });
  return tables;
}
