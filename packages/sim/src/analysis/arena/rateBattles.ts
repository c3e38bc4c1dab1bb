/**
 * `rateBattles(table, options)`: an Arena-style leaderboard of pairwise battles with honest
 * intervals, as a plain object (the CLI's `evalsim rate` prints it).
 *
 *  1. The battles kept (battleSelection.ts) become pair totals; the comparison graph must be
 *     connected (ratings of different components have no common scale: refused, components
 *     named) and the scored-against digraph strongly connected for the MLE to exist (core
 *     bradleyTerryExistence.ts); if it is not, `prior: 'auto'` fits with the weak ridge AUTO_PRIOR
 *     and marks the models whose ratings the data leave unbounded (a model with only wins:
 *     upper bound +∞), `prior: 0` refuses.
 *  2. The fit: Bradley–Terry with ties as half wins (FastChat `compute_bt`), Davidson's tie model
 *     (`ties: 'davidson'`) or FastChat's style control (contextual BT, `styleControl`), all by
 *     Newton to convergence (core fitBradleyTerry.ts …).
 *  3. Intervals (`ci`): sandwich H⁺GH⁺ (default, arena-rank), Fisher H⁺, cluster sandwich (scores
 *     summed by cluster), bootstrap over battles (FastChat, percentile, seeded) or over clusters —
 *     each of rating − mean (default) or of rating − the anchor's (anchoring widens the others,
 *     FastChat #3377), on the Elo scale (400, base 10, 1000).
 *  4. Ranks: FastChat's Arena rule from those intervals beside simultaneous rank intervals
 *     (max-t or Bonferroni over all pairwise differences, core rankIntervals.ts), P(rank 1), online
 *     Elo (battle order; by tstamp when every battle has one, as FastChat sorts), the win shares
 *     among decisive battles (FastChat's heat map) and battle counts per pair.
 * Same table, options and seed → the same object, whatever the thread count.
 */
import {
  anchoredCovariance,
  arenaRanks,
  bonferroniPairCritical,
  bradleyTerryCovariance,
  clusterScoreMeat,
  comparisonGraph,
  contextualCovariance,
  davidsonCovariance,
  eloPerNatural,
  FASTCHAT_ANCHOR,
  firstPlaceShares,
  fitBradleyTerry,
  fitContextualBradleyTerry,
  fitDavidson,
  LMARENA_ELO,
  maxTCritical,
  normalQuantile,
  onlineElo,
  pairDifferenceSe,
  pairwiseRankIntervals,
  percentileOfSorted,
  styleDifferences,
  unboundedRatings,
} from '@evalsim/core';
import type { BattleTable } from '../../battles/battleTable.js';
import { normalDeviations } from '../../pairwise/normalDeviations.js';
import { clusterResampling, type RefitSpec, type Resampling } from '../../pairwise/resampleRatings.js';
import { totalsOfRows } from '../../pairwise/uniqueRows.js';
import { SeededStream } from '../../rng/SeededStream.js';
import { streamSeed } from '../../rng/streamSeed.js';
import {
  AUTO_PRIOR,
  DEFAULT_RATE_ROUNDS,
  DEFAULT_RATE_SEED,
  defaultRankDraws,
  type RateCi,
  type RateClusterField,
  type RateOptions,
  type RateRankRule,
  type RateTies,
} from './arenaOptions.js';
import {
  type BattleSelection,
  clusterCodes,
  selectBattles,
  tableRow,
  uniqueRows,
} from './battleSelection.js';
import { runBootstrap } from './bootstrapThreads.js';

export interface RatedModel {
  readonly model: string;
  /** Elo-scale rating (the fit, anchored). */
  readonly rating: number;
  readonly lower: number;
  readonly upper: number;
  /** Standard error on the Elo scale (the bootstrap's s.d. for bootstrap intervals). */
  readonly se: number;
  /** The data leave this rating unbounded (no MLE): 'above' (never lost a point to the rest), 'below', 'both'. */
  readonly unbounded: 'above' | 'below' | 'both' | null;
  readonly battles: number;
  readonly wins: number;
  readonly ties: number;
  readonly losses: number;
  /** FastChat's rank: 1 + #models whose lower bound is above this upper bound. */
  readonly arenaRank: number;
  /** Simultaneous rank interval. */
  readonly rankLower: number;
  readonly rankUpper: number;
  /** Share of draws (bootstrap replicates or normal draws) in which this model is first. */
  readonly pFirst: number;
  readonly onlineElo: number;
}

export interface ArenaRating {
  readonly battles: number;
  readonly models: number;
  /** Battles of the table left out by `models` / `anonyOnly`. */
  readonly dropped: number;
  readonly ties: number;
  readonly fractional: boolean;
  readonly fit: {
    readonly model: 'bradley-terry' | 'davidson' | 'style-control';
    readonly iterations: number;
    readonly gradient: number;
    readonly converged: boolean;
    /** Ridge λ used (natural units): 0 unless the MLE does not exist or one was asked for. */
    readonly prior: number;
    readonly nu?: number;
  };
  readonly interval: {
    readonly method: RateCi;
    readonly name: string;
    readonly level: number;
    readonly rounds?: number;
    readonly seed?: number;
    readonly cluster?: RateClusterField;
    readonly clusters?: number;
    /** Monte Carlo s.d. of a bootstrap endpoint, in SEs (normal approximation). */
    readonly endpointMcse?: number;
  };
  readonly anchor: { readonly kind: 'mean' | 'model'; readonly model?: string; readonly rating: number };
  readonly ratings: readonly RatedModel[];
  readonly rankIntervals: {
    readonly rule: RateRankRule;
    readonly critical: number;
    /** Monte Carlo s.e. of the max-t critical value (0 for Bonferroni). */
    readonly criticalMcse: number;
    readonly draws: number;
    readonly guarantee: string;
  };
  readonly style?: {
    readonly features: readonly string[];
    readonly coefficients: readonly { feature: string; estimate: number; lower: number; upper: number }[];
  };
  /** In rating order: wins/(wins + losses) of row against column (ties left out, FastChat's heat map); null when they never had a decisive battle. */
  readonly winShares: {
    readonly models: readonly string[];
    readonly share: readonly (readonly (number | null)[])[];
    readonly battles: readonly (readonly number[])[];
  };
  readonly graph: { readonly strongComponents: number; readonly unboundedModels: readonly string[] };
  /** Battles per cluster (question_id by default), when the field is present. */
  readonly prompts?: {
    readonly field: RateClusterField;
    readonly clusters: number;
    readonly battlesPerCluster: number;
  };
  readonly warnings: readonly string[];
}

/** Refused input (disconnected graph, no MLE without a prior, style control without features). */
export class ArenaInputError extends Error {}

/** Type-7 quantile of a sorted copy. */
function quantiles(values: Float64Array, lo: number, hi: number): [number, number] {
  const s = Float64Array.from(values).sort();
  return [percentileOfSorted(s, lo), percentileOfSorted(s, hi)];
}

function describeComponents(sel: BattleSelection, component: Int32Array, count: number): string {
  const groups: string[][] = Array.from({ length: count }, () => []);
  sel.models.forEach((m, i) => {
    groups[component[i]].push(m);
  });
  return groups
    .map(
      (g, i) =>
        `component ${i + 1} (${g.length} model${g.length === 1 ? '' : 's'}): ${g.slice(0, 6).join(', ')}${g.length > 6 ? ', …' : ''}`,
    )
    .join('; ');
}

/** The rating of every model of a battle table (see the module comment). */
export function rateBattles(table: BattleTable, options: RateOptions = {}): ArenaRating {
  const level = options.level ?? 0.95;
  const ci: RateCi = options.ci ?? 'sandwich';
  const ties: RateTies = options.ties ?? 'half';
  const rankRule: RateRankRule = options.rankRule ?? 'max-t';
  const rounds = options.rounds ?? DEFAULT_RATE_ROUNDS;
  const seed = options.seed ?? DEFAULT_RATE_SEED;
  const clusterField: RateClusterField = options.cluster ?? 'question_id';
  const warnings: string[] = [];
  const sel = selectBattles(table, options);
  const m = sel.models.length;
  if (m < 2) throw new ArenaInputError(`only one model (${sel.models[0]}) is left: nothing to rate`);
  const draws = options.rankDraws ?? defaultRankDraws(m);
  const rows = uniqueRows(sel);
  const totals = totalsOfRows(m, rows, rows.count);
  const graph = comparisonGraph(totals);
  if (graph.components > 1) {
    throw new ArenaInputError(
      `the battles form ${graph.components} separate groups of models that never met: ratings are not comparable across them (${describeComponents(sel, graph.component, graph.components)}); rate one group with --models`,
    );
  }
  let unbounded: ('above' | 'below' | 'both' | null)[] = new Array(m).fill(null);
  let prior = options.prior === 'auto' || options.prior === undefined ? 0 : options.prior;
  if (graph.strongComponents > 1) {
    unbounded = unboundedRatings(totals, graph);
    const above = sel.models.filter((_, i) => unbounded[i] === 'above');
    const below = sel.models.filter((_, i) => unbounded[i] === 'below');
    const what = [
      above.length ? `${above.join(', ')} never lost a point to the rest` : '',
      below.length ? `${below.join(', ')} never scored a point against the rest` : '',
      sel.models.some((_, i) => unbounded[i] === 'both')
        ? `${sel.models.filter((_, i) => unbounded[i] === 'both').join(', ')} cannot be placed against the rest`
        : '',
    ]
      .filter(Boolean)
      .join('; ');
    if (options.prior === undefined || options.prior === 'auto') {
      prior = AUTO_PRIOR;
      warnings.push(
        `the maximum-likelihood ratings do not exist: ${what}: without a prior those ratings run off to infinity. Fitted with a weak N(0, (400 Elo)²) prior on each rating (ridge λ = ${AUTO_PRIOR.toFixed(4)}); those models' ratings are set by the prior and their open-ended bounds are printed as ±∞. Give --prior 0 to refuse instead.`,
      );
    } else if (!(prior > 0)) {
      throw new ArenaInputError(
        `the maximum-likelihood ratings do not exist: ${what} (their ratings run off to ±∞); fit with a prior (--prior auto or a ridge λ > 0) or drop them with --models`,
      );
    } else {
      warnings.push(
        `the maximum-likelihood ratings do not exist (${what}): the ratings of those models are set by the prior λ = ${prior}`,
      );
    }
  } else {
    unbounded = new Array(m).fill(null);
  }
  if (ties === 'davidson' && sel.fractional) {
    throw new ArenaInputError(
      "--ties davidson needs wins, losses and ties; these battles hold fractional scores (AlpacaEval's weighted preferences)",
    );
  }
  if (ties === 'davidson' && sel.ties === 0) {
    throw new ArenaInputError(
      "--ties davidson: these battles hold no ties (Davidson's ν̂ would be 0: the BT fit on decisive battles is the answer)",
    );
  }
  if (ties === 'davidson' && options.styleControl)
    throw new ArenaInputError('--ties davidson and --style-control cannot be combined');
  if (ties === 'davidson' && prior > 0)
    throw new ArenaInputError('--ties davidson needs the MLE to exist (no prior)');

  // ---------------------------------------------------------------- the fit
  const f = eloPerNatural(LMARENA_ELO);
  let theta: Float64Array;
  let fitInfo: ArenaRating['fit'];
  let style: { features: Float64Array; k: number; names: readonly string[] } | null = null;
  let styleFit: ReturnType<typeof fitContextualBradleyTerry> | null = null;
  let davidsonFit: ReturnType<typeof fitDavidson> | null = null;
  if (options.styleControl) {
    if (!table.style)
      throw new ArenaInputError(
        '--style-control: the battles carry no style features (conv_metadata with sum_assistant_a_tokens, header_count_a, …)',
      );
    const k = table.style.features.length;
    const xa = new Float64Array(sel.battles * k);
    const xb = new Float64Array(sel.battles * k);
    let missing = 0;
    let firstMissing = -1;
    for (let t = 0; t < sel.battles; t++) {
      const row = tableRow(sel, t);
      for (let q = 0; q < k; q++) {
        xa[t * k + q] = table.style.a[row * k + q];
        xb[t * k + q] = table.style.b[row * k + q];
      }
      if (Number.isNaN(xa[t * k]) || Number.isNaN(xb[t * k])) {
        missing++;
        if (firstMissing < 0) firstMissing = row;
      }
    }
    if (missing > 0) {
      const where = `${table.source.dictionary[table.source.codes[firstMissing]]}${table.line[firstMissing] > 0 ? `, line ${table.line[firstMissing]}` : ''}`;
      throw new ArenaInputError(
        `--style-control: ${missing} of ${sel.battles} battles have no style features (the first: ${where}); style control needs every battle's`,
      );
    }
    style = { features: styleDifferences(xa, xb, k), k, names: table.style.features };
    styleFit = fitContextualBradleyTerry({
      models: m,
      a: sel.a,
      b: sel.b,
      y: sel.y,
      features: style.features,
      featureCount: k,
    });
    theta = styleFit.theta;
    fitInfo = {
      model: 'style-control',
      iterations: styleFit.iterations,
      gradient: styleFit.gradient,
      converged: styleFit.converged,
      prior: styleFit.ratingPenalty,
    };
  } else if (ties === 'davidson') {
    davidsonFit = fitDavidson(totals);
    theta = davidsonFit.theta;
    fitInfo = {
      model: 'davidson',
      iterations: davidsonFit.iterations,
      gradient: davidsonFit.gradient,
      converged: davidsonFit.converged,
      prior: 0,
      nu: davidsonFit.nu,
    };
  } else {
    const bt = fitBradleyTerry(totals, { prior });
    theta = bt.theta;
    fitInfo = {
      model: 'bradley-terry',
      iterations: bt.iterations,
      gradient: bt.gradient,
      converged: bt.converged,
      prior,
    };
  }
  if (!fitInfo.converged)
    warnings.push(
      `the fit did not converge in ${fitInfo.iterations} Newton steps (relative gradient ${fitInfo.gradient.toExponential(2)})`,
    );

  // ---------------------------------------------------------------- the anchor
  let anchorIndex: number | null = null;
  let anchorRating = LMARENA_ELO.initial;
  const anchorOption = options.anchor ?? 'mean';
  if (anchorOption === 'fastchat') {
    const i = sel.models.indexOf(FASTCHAT_ANCHOR.model);
    if (i >= 0) {
      anchorIndex = i;
      anchorRating = FASTCHAT_ANCHOR.rating;
    } else {
      warnings.push(
        `--anchor fastchat: ${FASTCHAT_ANCHOR.model} is not among the models, so (as FastChat) the ratings are not anchored: the mean is 1000`,
      );
    }
  } else if (anchorOption !== 'mean') {
    const i = sel.models.indexOf(anchorOption.model);
    if (i < 0) throw new ArenaInputError(`--anchor: "${anchorOption.model}" is not among the rated models`);
    anchorIndex = i;
    anchorRating = anchorOption.rating;
  }
  const toRating = (th: ArrayLike<number>, i: number): number =>
    anchorIndex === null ? LMARENA_ELO.initial + f * th[i] : anchorRating + f * (th[i] - th[anchorIndex]);

  // ---------------------------------------------------------------- intervals
  const alpha = 1 - level;
  const z = normalQuantile(1 - alpha / 2);
  const lower = new Float64Array(m);
  const upper = new Float64Array(m);
  const se = new Float64Array(m);
  let intervalInfo: ArenaRating['interval'];
  let deviations: Float64Array; // D×m deviations of θ (natural units) for max-t and P(rank 1)
  let deviationRows: number;
  let variance: Float64Array; // covariance of θ (mean-zero basis, natural units)
  let replicates: Float64Array | null = null;
  let clusterInfo: { codes: Int32Array; clusters: number; missing: number } | null = null;
  if (ci === 'cluster' || ci === 'cluster-sandwich') {
    clusterInfo = clusterCodes(table, sel, clusterField);
    if (clusterInfo.missing === sel.battles)
      throw new ArenaInputError(`--ci ${ci} --cluster ${clusterField}: no battle has a ${clusterField}`);
    if (clusterInfo.clusters < 2)
      throw new ArenaInputError(
        `--ci ${ci}: the battles fall in ${clusterInfo.clusters} ${clusterField} cluster; at least 2 are needed`,
      );
    if (clusterInfo.missing > 0)
      warnings.push(`${clusterInfo.missing} battles have no ${clusterField}: each is its own cluster`);
  }
  const p = m + (style ? style.k : 0) + (davidsonFit ? 1 : 0);
  if (ci === 'bootstrap' || ci === 'cluster') {
    const seedKey = streamSeed(seed, 1);
    let resampling: Resampling;
    if (ci === 'cluster') {
      const cl = clusterInfo as NonNullable<typeof clusterInfo>;
      resampling = clusterResampling(sel.a, sel.b, sel.y, cl.codes, cl.clusters);
    } else if (style) {
      resampling = {
        kind: 'battles',
        rows: { a: sel.a, b: sel.b, y: sel.y, count: new Float64Array(sel.battles).fill(1) },
        total: sel.battles,
      };
    } else {
      resampling = { kind: 'battles', rows, total: sel.battles };
    }
    const spec: RefitSpec = style
      ? { kind: 'style', a: sel.a, b: sel.b, y: sel.y, features: style.features, featureCount: style.k }
      : davidsonFit
        ? { kind: 'davidson' }
        : { kind: 'bt', prior, start: theta };
    replicates = runBootstrap(
      m,
      resampling,
      spec,
      seedKey,
      rounds,
      sel.battles,
      options.threads,
      options.onRounds,
    );
    const column = new Float64Array(rounds);
    for (let i = 0; i < m; i++) {
      for (let r = 0; r < rounds; r++) column[r] = toRating(replicates.subarray(r * m, (r + 1) * m), i);
      const [lo, hi] = quantiles(column, alpha / 2, 1 - alpha / 2);
      lower[i] = lo;
      upper[i] = hi;
      let mean = 0;
      for (let r = 0; r < rounds; r++) mean += column[r] / rounds;
      let ss = 0;
      for (let r = 0; r < rounds; r++) ss += (column[r] - mean) ** 2;
      se[i] = Math.sqrt(ss / (rounds - 1));
    }
    // the replicates' covariance (natural units) and their deviations from the fit
    deviationRows = rounds;
    deviations = new Float64Array(rounds * m);
    const meanTheta = new Float64Array(m);
    for (let r = 0; r < rounds; r++)
      for (let i = 0; i < m; i++) meanTheta[i] += replicates[r * m + i] / rounds;
    variance = new Float64Array(m * m);
    for (let r = 0; r < rounds; r++) {
      for (let i = 0; i < m; i++) {
        deviations[r * m + i] = replicates[r * m + i] - theta[i];
        const di = replicates[r * m + i] - meanTheta[i];
        for (let j = 0; j <= i; j++)
          variance[i * m + j] += (di * (replicates[r * m + j] - meanTheta[j])) / (rounds - 1);
      }
    }
    for (let i = 0; i < m; i++) for (let j = 0; j < i; j++) variance[j * m + i] = variance[i * m + j];
    // Percentile endpoints: s.d. ≈ √(q(1 − q)/B)/φ(z_q) SEs for a normal replicate distribution.
    const q = alpha / 2;
    const density = Math.exp(-(z * z) / 2) / Math.sqrt(2 * Math.PI);
    intervalInfo = {
      method: ci,
      name:
        ci === 'cluster'
          ? `cluster bootstrap over ${clusterField} (${(clusterInfo as NonNullable<typeof clusterInfo>).clusters} clusters), percentile`
          : 'bootstrap over battles (FastChat), percentile',
      level,
      rounds,
      seed,
      endpointMcse: Math.sqrt((q * (1 - q)) / rounds) / density,
      ...(ci === 'cluster'
        ? { cluster: clusterField, clusters: (clusterInfo as NonNullable<typeof clusterInfo>).clusters }
        : {}),
    };
  } else {
    let full: Float64Array;
    const kind = ci === 'fisher' ? 'fisher' : 'sandwich';
    if (style && styleFit) {
      if (ci === 'cluster-sandwich')
        throw new ArenaInputError(
          '--ci cluster-sandwich is not available with --style-control; use --ci cluster',
        );
      full = contextualCovariance(
        { models: m, a: sel.a, b: sel.b, y: sel.y, features: style.features, featureCount: style.k },
        styleFit,
        kind,
      );
    } else if (davidsonFit) {
      if (ci === 'cluster-sandwich')
        throw new ArenaInputError(
          '--ci cluster-sandwich is not available with --ties davidson; use --ci cluster',
        );
      full = davidsonCovariance(totals, davidsonFit, kind);
    } else {
      const meat =
        ci === 'cluster-sandwich'
          ? clusterScoreMeat(
              m,
              sel.a,
              sel.b,
              sel.y,
              (clusterInfo as NonNullable<typeof clusterInfo>).codes,
              (clusterInfo as NonNullable<typeof clusterInfo>).clusters,
              theta,
            )
          : undefined;
      full = bradleyTerryCovariance(totals, theta, {
        kind,
        prior,
        hessianRidge: options.hessianRidge ?? 0,
        ...(meat ? { meat } : {}),
      });
    }
    // the rating block (first m of p parameters)
    variance = new Float64Array(m * m);
    for (let i = 0; i < m; i++) for (let j = 0; j < m; j++) variance[i * m + j] = full[i * p + j];
    const reported = anchoredCovariance(variance, m, anchorIndex);
    for (let i = 0; i < m; i++) {
      const s = f * Math.sqrt(Math.max(0, reported[i * m + i]));
      const r = toRating(theta, i);
      se[i] = s;
      lower[i] = r - z * s;
      upper[i] = r + z * s;
    }
    deviationRows = draws;
    deviations = normalDeviations(variance, m, draws, new SeededStream(streamSeed(seed, 2), 0));
    intervalInfo = {
      method: ci,
      name:
        ci === 'fisher'
          ? 'Wald with the Fisher information (model-based)'
          : ci === 'cluster-sandwich'
            ? `cluster sandwich over ${clusterField} (${(clusterInfo as NonNullable<typeof clusterInfo>).clusters} clusters, CR1)`
            : 'sandwich (arena-rank): Wald with H⁻¹GH⁻¹',
      level,
      ...(ci === 'cluster-sandwich'
        ? { cluster: clusterField, clusters: (clusterInfo as NonNullable<typeof clusterInfo>).clusters }
        : {}),
    };
  }
  for (let i = 0; i < m; i++) {
    if (unbounded[i] === 'above' || unbounded[i] === 'both') upper[i] = Number.POSITIVE_INFINITY;
    if (unbounded[i] === 'below' || unbounded[i] === 'both') lower[i] = Number.NEGATIVE_INFINITY;
  }

  // ---------------------------------------------------------------- ranks
  const pairSe = pairDifferenceSe(variance, m);
  const maxT = rankRule === 'bonferroni' ? null : maxTCritical(deviations, deviationRows, pairSe, level);
  const critical = maxT ? maxT.critical : bonferroniPairCritical(m, level);
  const rankIv = pairwiseRankIntervals(theta, pairSe, critical);
  let drawn = replicates;
  if (!drawn) {
    drawn = new Float64Array(deviations.length);
    for (let d = 0; d < deviationRows; d++)
      for (let i = 0; i < m; i++) drawn[d * m + i] = deviations[d * m + i] + theta[i];
  }
  const pFirst = firstPlaceShares(drawn, deviationRows);
  const ratings = Float64Array.from({ length: m }, (_, i) => toRating(theta, i));
  const arena = arenaRanks(lower, upper);

  // ---------------------------------------------------------------- online Elo and counts
  let order: Int32Array | null = null;
  const stamps = new Float64Array(sel.battles);
  for (let t = 0; t < sel.battles; t++) stamps[t] = table.tstamp[tableRow(sel, t)];
  let sortedAlready = true;
  let stamped = true;
  for (let t = 0; t < stamps.length && stamped; t++) {
    stamped = !Number.isNaN(stamps[t]);
    if (t > 0 && stamps[t] < stamps[t - 1]) sortedAlready = false;
  }
  if (stamped && !sortedAlready) {
    order = new Int32Array(sel.battles);
    for (let t = 0; t < sel.battles; t++) order[t] = t;
    order.sort((x, y) => stamps[x] - stamps[y] || x - y);
  }
  let oa = sel.a;
  let ob = sel.b;
  let oy = sel.y;
  if (order) {
    oa = new Int32Array(sel.battles);
    ob = new Int32Array(sel.battles);
    oy = new Float64Array(sel.battles);
    for (let t = 0; t < sel.battles; t++) {
      oa[t] = sel.a[order[t]];
      ob[t] = sel.b[order[t]];
      oy[t] = sel.y[order[t]];
    }
  }
  const online = onlineElo(m, oa, ob, oy);
  const wins = new Float64Array(m);
  const losses = new Float64Array(m);
  const tieCount = new Float64Array(m);
  const battlesOf = new Float64Array(m);
  const decisive = new Float64Array(m * m); // [i, j]: i beat j
  const met = new Float64Array(m * m);
  for (let t = 0; t < sel.battles; t++) {
    const a = sel.a[t];
    const b = sel.b[t];
    const y = sel.y[t];
    battlesOf[a]++;
    battlesOf[b]++;
    met[a * m + b]++;
    met[b * m + a]++;
    if (y === 1) {
      wins[a]++;
      losses[b]++;
      decisive[a * m + b]++;
    } else if (y === 0) {
      wins[b]++;
      losses[a]++;
      decisive[b * m + a]++;
    } else if (y === 0.5) {
      tieCount[a]++;
      tieCount[b]++;
    } else {
      wins[a] += y;
      wins[b] += 1 - y;
    }
  }
  const sorted = Array.from({ length: m }, (_, i) => i).sort(
    (x, y) => ratings[y] - ratings[x] || (sel.models[x] < sel.models[y] ? -1 : 1),
  );
  const rated: RatedModel[] = sorted.map((i) => ({
    model: sel.models[i],
    rating: ratings[i],
    lower: lower[i],
    upper: upper[i],
    se: se[i],
    unbounded: unbounded[i],
    battles: battlesOf[i],
    wins: wins[i],
    ties: tieCount[i],
    losses: losses[i],
    arenaRank: arena[i],
    rankLower: rankIv.lower[i],
    rankUpper: rankIv.upper[i],
    pFirst: pFirst[i],
    onlineElo: online[i],
  }));
  const share = sorted.map((i) =>
    sorted.map((j) => {
      const d = decisive[i * m + j] + decisive[j * m + i];
      return i === j || d === 0 ? null : decisive[i * m + j] / d;
    }),
  );
  const counts = sorted.map((i) => sorted.map((j) => met[i * m + j]));

  // ---------------------------------------------------------------- style coefficients
  let styleOut: ArenaRating['style'];
  if (style && styleFit) {
    const names = style.names;
    const coefficients = names.map((feature, q) => ({
      feature,
      estimate: styleFit.beta[q],
      lower: Number.NaN,
      upper: Number.NaN,
    }));
    if (ci !== 'bootstrap' && ci !== 'cluster') {
      const full = contextualCovariance(
        { models: m, a: sel.a, b: sel.b, y: sel.y, features: style.features, featureCount: style.k },
        styleFit,
        ci === 'fisher' ? 'fisher' : 'sandwich',
      );
      coefficients.forEach((c, q) => {
        const s = Math.sqrt(full[(m + q) * p + m + q]);
        c.lower = c.estimate - z * s;
        c.upper = c.estimate + z * s;
      });
    }
    styleOut = { features: names, coefficients };
  }

  // ---------------------------------------------------------------- prompts
  let prompts: ArenaRating['prompts'];
  const pc = clusterInfo ?? clusterCodes(table, sel, clusterField);
  if (pc.missing < sel.battles) {
    prompts = { field: clusterField, clusters: pc.clusters, battlesPerCluster: sel.battles / pc.clusters };
  }
  if (sel.dropped > 0)
    warnings.push(`${sel.dropped} of ${table.rowCount} battles left out by --models / --anony-only`);
  let nonAnony = 0;
  for (let t = 0; t < sel.battles; t++) if (table.anony[tableRow(sel, t)] === 0) nonAnony++;
  if (nonAnony > 0)
    warnings.push(
      `${nonAnony} battles are not anonymous (anony = false); FastChat's leaderboard uses anonymous battles only (--anony-only)`,
    );

  const guarantee =
    rankRule === 'bonferroni'
      ? `every true rank is in its interval at once with probability ≥ ${level} (Bonferroni over the ${(m * (m - 1)) / 2} pairwise differences, asymptotically)`
      : `every true rank is in its interval at once with probability ≈ ${level} (max-t over the ${(m * (m - 1)) / 2} pairwise differences${replicates ? ', from the bootstrap replicates' : `, ${draws} normal draws`}; asymptotically exact)`;
  return {
    battles: sel.battles,
    models: m,
    dropped: sel.dropped,
    ties: sel.ties,
    fractional: sel.fractional,
    fit: fitInfo,
    interval: intervalInfo,
    anchor:
      anchorIndex === null
        ? { kind: 'mean', rating: LMARENA_ELO.initial }
        : { kind: 'model', model: sel.models[anchorIndex], rating: anchorRating },
    ratings: rated,
    rankIntervals: {
      rule: rankRule,
      critical,
      criticalMcse: maxT ? maxT.mcse : 0,
      draws: deviationRows,
      guarantee,
    },
    ...(styleOut ? { style: styleOut } : {}),
    winShares: { models: sorted.map((i) => sel.models[i]), share, battles: counts },
    graph: {
      strongComponents: graph.strongComponents,
      unboundedModels: sel.models.filter((_, i) => unbounded[i] !== null),
    },
    ...(prompts ? { prompts } : {}),
    warnings,
  };
}
