/**
 * `evalsim plan` as a generated study: the planning question "how many questions do I need
 * to detect a true gap δ with power 1 − β?" written as model × methods × metric × grid,
 * run by the ordinary runner and rerunnable with `evalsim run`:
 *
 *   model   itemPopulationShifted: the eval's own questions (or whole clusters), drawn with
 *           replacement, each answered as many times per system as the eval answered it
 *           (its epochs K; the score is the epoch mean, as analyze reduces them), B's rates
 *           shifted so the true gap A − B is exactly δ (models/support/imposedGap.ts). With K ≥ 2 the
 *           per-question truth is not the observed rate c/k (which already carries one round of
 *           answer noise, so ω² would come out too large) but its method-of-moments estimate
 *           with the within-question binomial variance removed (truth 'shrunk',
 *           models/support/shrunkRates.ts) — its ω² is the one analyze reports; with K = 1 the truth
 *           cannot be told from the noise and the observed 0/1 outcomes are the rates;
 *   grid    the eval size (n questions, or clusters whole clusters) and the design;
 *   methods analyze's headline test for the structure (analysis/headlineRule.ts) first — the CR2
 *           clustered paired t on clusters, the paired t on epoch means, McNemar's χ² on one
 *           0/1 answer — and beside it the tests users also run (CR1 t(K − 1), the paired z,
 *           exact McNemar); independent: the unpaired two-proportion z test;
 *   metric  rejectionRate at α (power), with its binomial MCSE.
 *
 * Default unit: whole clusters for the paired design when the eval has clusters; questions
 * otherwise (the independent design pools each system's draw, so it cannot keep clusters).
 * The shift: 'logit' when B's rates can reach the target on the logit scale, else 'mixture'
 * (an eval of single 0/1 answers, or a gap beyond the logit's reach), unless chosen.
 * The size grid (unless given): Miller's closed-form n (questions; clusters: n·DEFF/m̄ with
 * the design effect of the per-question differences) times 1/4 … 2.
 * Miller's closed form is computed from the shifted population (powerParts.ts) with K answers
 * per question (V = ω² + σ_A²/K + σ_B²/K).
 *
 * Graded scores (some system scored other than 0/1): each drawn question's epoch scores are
 * redrawn from its own recorded scores (models/support/itemPopulation/recordedScoreMean.ts), as
 * audit does; B's recorded scores are shifted by the mixture (x' = x + t(1 − x) or (1 − t)x, so
 * the gap is exactly δ; the logit shift is refused), the truth is the observed mean scores (never
 * shrunk), the test is the paired t (CR2's t with clusters) and Miller's σ² is the mean variance
 * of one recorded score (times (1 − |t|)² for shifted B). The independent design is refused: its
 * test is the two-proportion z on 0/1 answers.
 */
import { millerPairedSampleSize, unpairedSampleSize } from '@evalsim/core';
import type { MethodConfig, StudyConfig } from '../config/studyConfig.js';
import { type GapShift, reachableMeans, shiftRates } from '../models/support/imposedGap.js';
import { shrunkRates } from '../models/support/shrunkRates.js';
import { hasGradedScores, type ItemPopulation, type SystemResults } from '../population/itemPopulation.js';
import { designEffectOf } from './designEffectOf.js';
import { evalSystem } from './evalSystem.js';
import { type PowerParts, powerParts } from './powerParts.js';

export type PlanDesign = 'paired' | 'independent';
export type ResampleUnit = 'questions' | 'clusters';

export interface PlanOptions {
  /** The population file as the study will name it (relative to the study file). */
  readonly populationFile: string;
  readonly population: ItemPopulation;
  /** The eval as the user named it (errors name it; default the population's source). */
  readonly evalName?: string;
  /** [A, B], or [A] (B = a shifted copy of A). */
  readonly systems: readonly string[];
  readonly delta: number;
  readonly power?: number;
  readonly alpha?: number;
  readonly design?: PlanDesign;
  readonly unit?: ResampleUnit;
  readonly shift?: GapShift;
  /** Eval sizes, in the unit (questions or clusters). */
  readonly sizes?: readonly number[];
  readonly replications?: number;
  readonly seed?: number;
  readonly name?: string;
  /**
   * Answers per question to simulate (default: the eval's own, its mean k rounded). 1 draws one
   * answer from each question's observed rate (seed 000 Step 4's "first answers"), which has the
   * right paired variance ω² + σ_A² + σ_B² whatever k was.
   */
  readonly epochs?: number;
}

export interface PlanTest {
  readonly id: string;
  readonly label: string;
  /** The test the plan's answer is read from (one per plan). */
  readonly primary: boolean;
}

export interface Plan {
  readonly config: StudyConfig;
  readonly unit: ResampleUnit;
  readonly design: PlanDesign;
  readonly shift: GapShift;
  readonly parts: PowerParts;
  /** Miller's closed form in questions (paired eq. 9, or unpaired per system) and its variance. */
  readonly miller: { readonly n: number; readonly items: number };
  /** Mean questions per cluster m̄ and the design effect of the paired differences. */
  readonly meanClusterSize: number;
  readonly designEffect: number;
  readonly tests: readonly PlanTest[];
  readonly sizes: readonly number[];
  readonly power: number;
  readonly alpha: number;
  /** The eval's scores: 0/1, or graded (redrawn from each question's recorded scores). */
  readonly scores: 'binary' | 'graded';
  /** Answers per question simulated (the eval's epochs) and how the per-question truth was set. */
  readonly epochs: number;
  readonly truth: { readonly mode: 'observed' | 'shrunk'; readonly note: string };
}

/** The eval's answers per question of a system: the mean k, rounded (at least 1). */
export function evalEpochs(k: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < k.length; i++) sum += k[i];
  return Math.max(1, Math.round(sum / k.length));
}

const mean = (x: Float64Array) => x.reduce((s, v) => s + v, 0) / x.length;

/**
 * Per question, the variance of one answer drawn from the system's recorded scores (their
 * population variance; for 0/1 answers c/k·(1 − c/k)), or undefined for a 0/1 system (powerParts'
 * default p(1 − p) of the rates it is given).
 */
function scoreVariances(system: SystemResults): Float64Array | undefined {
  const { scores } = system;
  if (!scores) return undefined;
  const n = system.k.length;
  const out = new Float64Array(n);
  for (let q = 0; q < n; q++) {
    const start = scores.offsets[q];
    const end = scores.offsets[q + 1];
    const m = system.correct[q] / system.k[q];
    let v = 0;
    for (let j = start; j < end; j++) v += (scores.values[j] - m) ** 2;
    out[q] = v / (end - start);
  }
  return out;
}

/** The tests of a plan: analyze's headline test for the structure first (headlineRule.ts). */
function testsFor(
  design: PlanDesign,
  unit: ResampleUnit,
  binary: boolean,
  graded: boolean,
): { tests: PlanTest[]; methods: MethodConfig[] } {
  if (design === 'independent') {
    return {
      tests: [{ id: 'unpaired', label: 'unpaired two-proportion z', primary: true }],
      methods: [{ id: 'unpaired', method: 'unpairedTwoProportionTest' }],
    };
  }
  if (unit === 'clusters') {
    return {
      tests: [
        { id: 'pairedCr2', label: 'paired, clustered CR2 (analyze’s test)', primary: true },
        { id: 'pairedClustered', label: 'paired, clustered CR1 t(K−1)', primary: false },
        { id: 'pairedZ', label: 'paired z (ignores clusters)', primary: false },
      ],
      methods: [
        { id: 'pairedCr2', method: 'pairedClusteredTest', estimator: 'cr2' },
        { id: 'pairedClustered', method: 'pairedClusteredTest' },
        { id: 'pairedZ', method: 'pairedNaiveTest' },
      ],
    };
  }
  if (!binary) {
    return {
      tests: [
        {
          id: 'pairedT',
          label: graded ? 'paired t (analyze’s test)' : 'paired t on epoch means (analyze’s test)',
          primary: true,
        },
        { id: 'pairedZ', label: 'paired z', primary: false },
      ],
      methods: [
        { id: 'pairedT', method: 'pairedNaiveTest', critical: 't' },
        { id: 'pairedZ', method: 'pairedNaiveTest' },
      ],
    };
  }
  return {
    tests: [
      { id: 'mcnemarChi2', label: 'McNemar χ² (analyze’s test)', primary: true },
      { id: 'mcnemar', label: 'exact McNemar', primary: false },
      { id: 'pairedZ', label: 'paired z', primary: false },
    ],
    methods: [
      { id: 'mcnemarChi2', method: 'mcnemarScoreTest' },
      { id: 'mcnemar', method: 'mcnemarExact' },
      { id: 'pairedZ', method: 'pairedNaiveTest' },
    ],
  };
}

/** The generated plan study and the closed forms beside it. */
export function buildPlan(options: PlanOptions): Plan {
  const { population, systems, delta } = options;
  const shown = options.evalName ?? population.source;
  const power = options.power ?? 0.8;
  const alpha = options.alpha ?? 0.05;
  const design = options.design ?? 'paired';
  const clustered =
    population.clusterNames.length > 1 && population.clusterNames.length < population.questionCount;
  const unit = options.unit ?? (clustered && design === 'paired' ? 'clusters' : 'questions');
  if (unit === 'clusters' && !clustered) {
    throw new RangeError(
      `--resample clusters: ${shown} has ${population.clusterNames.length} cluster(s) for ${population.questionCount} questions; resample questions`,
    );
  }
  if (unit === 'clusters' && design === 'independent') {
    throw new RangeError(
      '--design independent resamples questions only (use --resample questions, or the paired design with clusters)',
    );
  }
  if (systems.length < 1 || systems.length > 2 || systems[0] === systems[1]) {
    throw new RangeError(`--systems: one system, or two different systems A,B; got ${systems.join(',')}`);
  }
  const named = systems.map((name) => evalSystem(population, name, '--systems', shown));
  const graded = hasGradedScores(population);
  if (graded && design === 'independent') {
    throw new RangeError(
      `--design independent: its test is the unpaired two-proportion z on 0/1 answers, and ${shown} has graded scores; plan the paired design`,
    );
  }
  if (graded && options.shift === 'logit') {
    throw new RangeError(
      `--shift logit: ${shown} has graded scores, which are shifted by the mixture (each recorded score x → x + t(1 − x) or (1 − t)x); use --shift mixture`,
    );
  }
  const own = evalEpochs(named[0].k);
  const epochs = options.epochs ?? own;
  if (!(Number.isInteger(epochs) && epochs >= 1 && epochs <= 1000))
    throw new RangeError(`--epochs: a whole number from 1 to 1000, got ${epochs}`);
  if (epochs > 1 && own === 1) {
    throw new RangeError(
      `--epochs ${epochs}: ${shown} has one answer per question, so the per-question truth behind several answers is unknown; simulate --epochs 1`,
    );
  }
  // The per-question truth the model will use (the same function, so the closed form and the grid
  // describe what is simulated).
  const truthMode = epochs >= 2 && !graded ? 'shrunk' : 'observed';
  const truthRates = truthMode === 'shrunk' ? shrunkRates(named, population.clusterIndex) : undefined;
  const observed = named.map((s) => Float64Array.from(s.correct, (c, i) => c / s.k[i]));
  const rates = truthRates?.applied ? truthRates.rates : observed;
  const ratesA = rates[0];
  const ratesB = systems.length === 2 ? rates[1] : ratesA;
  const target = mean(ratesA) - delta;
  const logitReach = reachableMeans(ratesB, 'logit');
  const shift: GapShift = graded
    ? 'mixture'
    : (options.shift ?? (target > logitReach.low && target < logitReach.high ? 'logit' : 'mixture'));
  let shifted: Float64Array;
  let amount: number;
  try {
    ({ rates: shifted, amount } = shiftRates(ratesB, target, shift));
  } catch (error) {
    throw new RangeError(`--delta ${delta}: ${(error as Error).message}`);
  }
  // Graded systems: the variance of one redrawn score (shifted B's scaled by the mixture, (1 − |t|)²).
  const withinA = scoreVariances(named[0]);
  const withinOfB = scoreVariances(named[named.length - 1]);
  const withinB = withinOfB
    ? Float64Array.from(withinOfB, (v) => v * (1 - Math.abs(amount)) ** 2)
    : undefined;
  const parts = powerParts(ratesA, shifted, withinA, withinB);
  const sized =
    design === 'paired'
      ? millerPairedSampleSize({ ...parts, kA: epochs, kB: epochs, delta, alpha, power })
      : unpairedSampleSize({ ...parts, kA: epochs, kB: epochs, delta, alpha, power });
  const meanClusterSize = population.questionCount / population.clusterNames.length;
  const designEffect = clustered
    ? designEffectOf(ratesA, shifted, population.clusterIndex, epochs, withinA, withinB)
    : 1;
  const inUnit = unit === 'clusters' ? (sized.n * designEffect) / meanClusterSize : sized.n;
  const sizes = [
    ...new Set(
      options.sizes ?? [0.25, 0.5, 0.75, 1, 1.25, 1.5, 2].map((f) => Math.max(2, Math.round(f * inUnit))),
    ),
  ].sort((a, b) => a - b);
  const { tests, methods } = testsFor(design, unit, epochs === 1 && !graded, graded);
  const truthNote = graded
    ? "graded scores: each drawn question's epoch scores redrawn from its own recorded scores; truth = each question's observed mean score"
    : (truthRates?.note ?? "one answer per question: each question's observed 0/1 outcome is its rate");
  const name = options.name ?? 'plan';
  const pairText = systems.length === 2 ? `${systems[0]} vs ${systems[1]}` : `${systems[0]} vs a copy`;
  const config: StudyConfig = {
    name,
    title: `Plan: power to detect a true gap of ${+(delta * 100).toFixed(3)} points (${pairText}, ${design}, resampling ${unit})`,
    description:
      `Generated by evalsim plan from ${options.populationFile}: ${population.questionCount} questions in ${population.clusterNames.length} clusters. ` +
      `System B's per-question ${graded ? 'recorded scores' : 'success rates'} are shifted (${shift}) so the true gap A − B is exactly ${delta}; ` +
      `each replication draws the eval size in ${unit} with replacement, ${epochs === 1 ? (graded ? 'one recorded score' : 'one answer') : `${epochs} ${graded ? 'recorded scores' : 'answers'} (the eval's epochs; the score is their mean)`} per system per question, ` +
      `and tests at α = ${alpha}. Truth: ${truthNote}. power = share of replications with p < α. Rerun: evalsim run <this file>.`,
    seed: options.seed ?? 1,
    replications: options.replications ?? 2000,
    level: 1 - alpha,
    model: {
      name: 'itemPopulationShifted',
      params: {
        population: options.populationFile,
        systems: [...systems],
        delta,
        shift,
        replace: true,
        design,
        ...(epochs > 1 ? (graded ? { epochs } : { epochs, truth: truthMode }) : {}),
      },
    },
    grid: { [unit === 'clusters' ? 'clusters' : 'n']: sizes },
    methods,
    metrics: [{ metric: 'rejectionRate', id: 'power', alternative: 'two-sided', alpha }],
  };
  return {
    config,
    unit,
    design,
    shift,
    parts,
    miller: { n: sized.n, items: sized.items },
    meanClusterSize,
    designEffect,
    tests,
    sizes,
    power,
    alpha,
    scores: graded ? 'graded' : 'binary',
    epochs,
    truth: { mode: truthRates?.applied ? 'shrunk' : 'observed', note: truthNote },
  };
}
