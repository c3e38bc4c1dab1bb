/**
 * The interval-library tables of an analysis (issue 15): per system the clustered intervals
 * for the accuracy — Korn–Graubard Wilson / Clopper–Pearson, the cluster bootstraps
 * (percentile, basic, studentized, BCa from one seeded set of resamples) and the hierarchical
 * beta-binomial — and per pair the paired cluster bootstraps, the paired 2×2 intervals and the
 * unpaired two-sample intervals — beside the one recommended interval of the Systems and Paired
 * differences tables, for comparison. `all` false (the terminal without --all-intervals) leaves
 * them out; the Markdown report always has everything (the JSON and Arrow carry every endpoint).
 * An empty cell means the method did not apply; the reason is under "Methods not applied".
 */
import type { Bounds, EvalAnalysis } from '@evalsim/sim';
import type { TitledTable } from './analysisTables.js';
import { analysisUnits, pairLabel } from './analysisUnits.js';

/**
 * The per-system clustered-interval tables (none without clusters): KG Wilson (and with `all`
 * KG Clopper–Pearson), bootstrap BCa and HBB; with `all` also the four cluster bootstraps.
 */
export function systemIntervalTables(
  a: EvalAnalysis,
  all: boolean,
  limit = Number.POSITIVE_INFINITY,
): TitledTable[] {
  const head = <T>(xs: readonly T[]): readonly T[] => (xs.length > limit ? xs.slice(0, limit) : xs);
  if (a.clusters === 0 || !all) return [];
  const u = analysisUnits(a);
  const b = (x: Bounds | null | undefined) => (x ? u.bounds(x.lower, x.upper) : '');
  const hbb = a.systems.some((s) => s.binary?.clustered?.hierarchicalBetaBinomial);
  const { resamples, seed } = a.options;
  const resampled = `${resamples} whole-cluster resamples of ${a.basis.scores}, seed ${seed} (--seed), boot.ci quantiles`;
  const tables: TitledTable[] = [
    {
      title: `Clustered intervals for the score (${a.clusters} clusters), for comparison`,
      note:
        `${Math.round(a.options.level * 100)}% intervals in ${u.unit}, beside the recommended one of Systems; ` +
        (a.binary
          ? `KG: Korn\u2013Graubard effective-n ${all ? 'Wilson and Clopper\u2013Pearson' : 'Wilson'} on ${a.basis.answers}; `
          : '') +
        `bootstrap BCa: ${resampled}${all ? '' : ' (every type with --all-intervals)'}` +
        (hbb ? '; HBB: hierarchical beta-binomial (Bowyer et al. 2025)' : ''),
      rows: head(a.systems).map((s) => {
        const k = s.binary?.clustered;
        const row: Record<string, string | number> = { system: s.system };
        if (a.binary) {
          row['KG Wilson'] = b(k?.kornGraubardWilson);
          if (all) row['KG CP'] = b(k?.kornGraubardClopperPearson);
        }
        row['boot BCa'] = b(s.clustered?.bootstrap.bca);
        if (hbb) row.HBB = b(k?.hierarchicalBetaBinomial);
        return row;
      }),
    },
  ];
  if (all) {
    tables.push({
      title: 'Cluster bootstraps of the score',
      note: `${resampled}, in ${u.unit}; SE: s.d. of the resample means`,
      rows: head(a.systems).map((s) => {
        const boot = s.clustered?.bootstrap;
        return {
          system: s.system,
          percentile: b(boot?.percentile),
          basic: b(boot?.basic),
          'bootstrap-t': b(boot?.studentized),
          BCa: b(boot?.bca),
          SE: boot ? u.value(boot.se) : '',
        };
      }),
    });
  }
  return tables;
}

/**
 * The per-pair tables of every further interval (only with `all`): the paired cluster
 * bootstraps, the paired 2×2 intervals, and the unpaired two-sample intervals for contrast.
 */
export function pairIntervalTables(
  a: EvalAnalysis,
  all: boolean,
  limit = Number.POSITIVE_INFINITY,
): TitledTable[] {
  const head = <T>(xs: readonly T[]): readonly T[] => (xs.length > limit ? xs.slice(0, limit) : xs);
  if (!all || a.pairs.length === 0) return [];
  const u = analysisUnits(a);
  const b = (x: Bounds | null | undefined) => (x ? u.range(x.lower, x.upper) : '');
  const tables: TitledTable[] = [];
  if (a.clusters > 0) {
    tables.push({
      title: 'Paired differences: cluster bootstraps',
      note: `first \u2212 second, ${u.unit}; ${a.options.resamples} whole-cluster resamples of the per-question differences (${a.basis.scores}), seed ${a.options.seed}, boot.ci quantiles`,
      rows: head(a.pairs).map((p) => ({
        pair: pairLabel(p),
        percentile: b(p.clusterBootstrap?.percentile),
        basic: b(p.clusterBootstrap?.basic),
        'bootstrap-t': b(p.clusterBootstrap?.studentized),
        BCa: b(p.clusterBootstrap?.bca),
      })),
    });
  }
  if (a.binary) {
    tables.push({
      title: 'Paired differences: 2\u00d72 intervals',
      note: `first \u2212 second on the 0/1 answers of ${a.basis.answers}, ${u.unit}; paired (the same questions): Wald, Tango score, Newcombe's square-and-add with \u03c8, Bonett\u2013Price, Agresti\u2013Min`,
      rows: head(a.pairs).map((p) => {
        const pi = p.pairedIntervals;
        return {
          pair: pairLabel(p),
          Wald: b(pi?.pairedWald),
          Tango: b(pi?.tango),
          Newcombe: b(pi?.newcombePaired),
          'Bonett\u2013Price': b(pi?.bonettPrice),
          'Agresti\u2013Min': b(pi?.agrestiMin),
        };
      }),
    });
    tables.push({
      title: 'Differences treated as unpaired (for contrast)',
      note: `k\u2081 of Q \u2212 k\u2082 of Q on ${a.basis.answers}, ${u.unit}, pairing ignored: Miettinen\u2013Nurminen score, Newcombe hybrid score, Agresti\u2013Caffo`,
      rows: head(a.pairs).map((p) => ({
        pair: pairLabel(p),
        'Miettinen\u2013Nurminen': b(p.unpairedIntervals?.miettinenNurminen),
        'Newcombe hybrid': b(p.unpairedIntervals?.newcombeHybrid),
        'Agresti\u2013Caffo': b(p.unpairedIntervals?.agrestiCaffo),
      })),
    });
  }
  return tables;
}
