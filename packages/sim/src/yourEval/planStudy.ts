/**
 * `evalsim plan` as a generated study: the planning question "how many questions do I need
 * to detect a true gap δ with power 1 − β?" written as model × methods × metric × grid,
 * run by the ordinary runner and rerunnable with `evalsim run`:
 *
 *   model   itemPopulationShifted: the eval's own questions (or whole clusters), drawn with
 *           replacement, one recorded answer per system per question, B's rates shifted so
 *           the true gap A − B is exactly δ (models/support/imposedGap.ts);
 *   grid    the eval size (n questions, or clusters whole clusters) and the design;
 *   methods the tests that fit the design and the resampling unit (paired: exact McNemar and
 *           the paired z test on questions, the CR1 clustered paired test with t(K − 1) on
 *           clusters; independent: the unpaired two-proportion z test);
 *   metric  rejectionRate at α (power), with its binomial MCSE.
 *
 * Default unit: whole clusters for the paired design when the eval has clusters; questions
 * otherwise (the independent design pools each system's draw, so it cannot keep clusters).
 * The shift: 'logit' when B's rates can reach the target on the logit scale, else 'mixture'
 * (an eval of single 0/1 answers, or a gap beyond the logit's reach), unless chosen.
 * The size grid (unless given): Miller's closed-form n (questions; clusters: n·DEFF/m̄ with
 * the design effect of the per-question differences) times 1/4 … 2.
 * Miller's closed form is computed from the shifted population (powerParts.ts).
 */
import { millerPairedSampleSize, unpairedSampleSize } from '@evalsim/core';
import type { MethodConfig, StudyConfig } from '../config/studyConfig.js';
import { type GapShift, reachableMeans, shiftRates } from '../models/support/imposedGap.js';
import type { ItemPopulation } from '../population/itemPopulation.js';
import { designEffectOf } from './designEffectOf.js';
import { type PowerParts, powerParts } from './powerParts.js';

export type PlanDesign = 'paired' | 'independent';
export type ResampleUnit = 'questions' | 'clusters';

export interface PlanOptions {
  /** The population file as the study will name it (relative to the study file). */
  readonly populationFile: string;
  readonly population: ItemPopulation;
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
}

function ratesOf(population: ItemPopulation, system: string): Float64Array {
  const s = population.systems.get(system);
  if (!s) {
    throw new RangeError(
      `--systems: no system "${system}" in ${population.source}; systems: ${[...population.systems.keys()].join(', ')}`,
    );
  }
  return Float64Array.from(s.correct, (c, i) => c / s.k[i]);
}

const mean = (x: Float64Array) => x.reduce((s, v) => s + v, 0) / x.length;

function testsFor(design: PlanDesign, unit: ResampleUnit): { tests: PlanTest[]; methods: MethodConfig[] } {
  if (design === 'independent') {
    return {
      tests: [{ id: 'unpaired', label: 'unpaired two-proportion z', primary: true }],
      methods: [{ id: 'unpaired', method: 'unpairedTwoProportionTest' }],
    };
  }
  if (unit === 'clusters') {
    return {
      tests: [
        { id: 'pairedClustered', label: 'paired, clustered CR1 t(K−1)', primary: true },
        { id: 'pairedZ', label: 'paired z (ignores clusters)', primary: false },
      ],
      methods: [
        { id: 'pairedClustered', method: 'pairedClusteredTest' },
        { id: 'pairedZ', method: 'pairedNaiveTest' },
      ],
    };
  }
  return {
    tests: [
      { id: 'mcnemar', label: 'exact McNemar', primary: true },
      { id: 'pairedZ', label: 'paired z', primary: false },
    ],
    methods: [
      { id: 'mcnemar', method: 'mcnemarExact' },
      { id: 'pairedZ', method: 'pairedNaiveTest' },
    ],
  };
}

/** The generated plan study and the closed forms beside it. */
export function buildPlan(options: PlanOptions): Plan {
  const { population, systems, delta } = options;
  const power = options.power ?? 0.8;
  const alpha = options.alpha ?? 0.05;
  const design = options.design ?? 'paired';
  const clustered =
    population.clusterNames.length > 1 && population.clusterNames.length < population.questionCount;
  const unit = options.unit ?? (clustered && design === 'paired' ? 'clusters' : 'questions');
  if (unit === 'clusters' && !clustered) {
    throw new RangeError(
      `--resample clusters: ${population.source} has ${population.clusterNames.length} cluster(s) for ${population.questionCount} questions; resample questions`,
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
  const ratesA = ratesOf(population, systems[0]);
  const ratesB = systems.length === 2 ? ratesOf(population, systems[1]) : ratesA;
  const target = mean(ratesA) - delta;
  const logitReach = reachableMeans(ratesB, 'logit');
  const shift: GapShift =
    options.shift ?? (target > logitReach.low && target < logitReach.high ? 'logit' : 'mixture');
  let shifted: Float64Array;
  try {
    shifted = shiftRates(ratesB, target, shift).rates;
  } catch (error) {
    throw new RangeError(`--delta ${delta}: ${(error as Error).message}`);
  }
  const parts = powerParts(ratesA, shifted);
  const sized =
    design === 'paired'
      ? millerPairedSampleSize({ ...parts, delta, alpha, power })
      : unpairedSampleSize({ ...parts, delta, alpha, power });
  const meanClusterSize = population.questionCount / population.clusterNames.length;
  const designEffect = clustered ? designEffectOf(ratesA, shifted, population.clusterIndex) : 1;
  const inUnit = unit === 'clusters' ? (sized.n * designEffect) / meanClusterSize : sized.n;
  const sizes = [
    ...new Set(
      options.sizes ?? [0.25, 0.5, 0.75, 1, 1.25, 1.5, 2].map((f) => Math.max(2, Math.round(f * inUnit))),
    ),
  ].sort((a, b) => a - b);
  const { tests, methods } = testsFor(design, unit);
  const name = options.name ?? 'plan';
  const pairText = systems.length === 2 ? `${systems[0]} vs ${systems[1]}` : `${systems[0]} vs a copy`;
  const config: StudyConfig = {
    name,
    title: `Plan: power to detect a true gap of ${+(delta * 100).toFixed(3)} points (${pairText}, ${design}, resampling ${unit})`,
    description:
      `Generated by evalsim plan from ${options.populationFile}: ${population.questionCount} questions in ${population.clusterNames.length} clusters. ` +
      `System B's per-question success rates are shifted (${shift}) so the true gap A − B is exactly ${delta}; ` +
      `each replication draws the eval size in ${unit} with replacement, one recorded answer per system per question, ` +
      `and tests at α = ${alpha}. power = share of replications with p < α. Rerun: evalsim run <this file>.`,
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
  };
}
