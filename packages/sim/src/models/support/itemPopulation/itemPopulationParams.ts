/**
 * The parsed parameters of the item-population models (itemPopulation, itemPopulationPaired,
 * itemPopulationShifted: models/itemPopulationModel.ts) and the shape of their draw designs: a
 * design allocates a cell's buffers together with the draw of one replication into them, and
 * the paired models choose one design per cell when they parse it (models/itemPopulationModel.ts).
 */
import type { ClusteredScores, PairedClusteredScores } from '../../../base/dataKinds.js';
import type { RandomStream } from '../../../base/randomStream.js';
import type { DataSource } from '../../../base/roles.js';
import type { ClusterMembers } from '../../../population/clusterMembers.js';
import type { ItemPopulation, RecordedScores } from '../../../population/itemPopulation.js';

export const ITEM_ANSWER_MODES = ['recorded', 'rate', 'first'] as const;
export type ItemAnswerMode = (typeof ITEM_ANSWER_MODES)[number];

export interface ItemPopulationParams {
  readonly population: ItemPopulation;
  readonly systems: readonly string[];
  readonly answer: ItemAnswerMode;
  /** Per question: the Bernoulli probability ('recorded') or the fixed score ('rate', 'first'), per system. */
  readonly scoresA: Float64Array;
  readonly scoresB: Float64Array | null;
  /**
   * A graded system's recorded scores (answer 'recorded'), redrawn per question by
   * recordedScoreMean.ts; null for a 0/1 system (Bernoulli draws) or another answer mode.
   * In a pair, both systems are scored on the same drawn question, each redrawing its own
   * recorded scores independently (two systems' epochs are separate runs, as two 0/1 systems'
   * answers are independent given the question).
   */
  readonly gradedA: RecordedScores | null;
  readonly gradedB: RecordedScores | null;
  readonly unit: 'questions' | 'clusters';
  /** Questions drawn (unit 'questions') or clusters drawn (unit 'clusters'). */
  readonly draws: number;
  readonly replace: boolean;
  /**
   * Two systems: 'paired' (default) scores both on the same drawn questions;
   * 'independent' draws a separate question set for each system — the unpaired design
   * ("1,804 questions per system"). Independent data carry one pooled slot and
   * sumProducts NaN, so only unpaired methods are meaningful (paired ones come out NaN).
   */
  readonly design: 'paired' | 'independent';
  /** Paired design: keep only the pooled 2×2 table (one slot), drawn as one multinomial. */
  readonly pooled: boolean;
  /** Answers per question and system; the score is their mean (1: one Bernoulli draw, the original stream). */
  readonly epochs: number;
  /** How the true rates were set: 'observed' (c/k) or 'shrunk', with what was done (shrunkRates.ts). */
  readonly truthRates: { readonly mode: 'observed' | 'shrunk'; readonly note: string };
  readonly members: ClusterMembers;
  /** The true value: mean expected score (difference A − B when paired). */
  readonly truth: number;
  /** The population file read (provenance of kept output). */
  readonly source: DataSource;
}

/** A cell's buffers of one system's scores, with the draw of a replication into them (allocation-free). */
export interface DrawnScores extends ClusteredScores {
  draw(rng: RandomStream): void;
}

/** A cell's buffers of two systems' scores, with the draw of a replication into them (allocation-free). */
export interface DrawnPairedScores extends PairedClusteredScores {
  draw(rng: RandomStream): void;
}

/** A draw design of two systems: the buffers of a cell of `params`, drawing its replications. */
export type PairedItemDraw = (params: ItemPopulationParams) => DrawnPairedScores;

/** The parameters of a paired model's cell, with the design it draws by. */
export interface PairedItemPopulationParams extends ItemPopulationParams {
  readonly draw: PairedItemDraw;
}

/** The six arrays of two systems' cluster sums, `slots` long each. */
export function pairedSums(
  slots: number,
): Omit<PairedClusteredScores, 'kind' | 'clusterCount' | 'itemCount'> {
  return {
    sizes: new Float64Array(slots),
    totalsA: new Float64Array(slots),
    totalsB: new Float64Array(slots),
    sumSquaresA: new Float64Array(slots),
    sumSquaresB: new Float64Array(slots),
    sumProducts: new Float64Array(slots),
  };
}
