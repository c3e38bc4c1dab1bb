/**
 * The data kinds: what a model's `generate` fills for one replication and a method's
 * analyser reads. Models fill a preallocated object of one kind in place (no allocation
 * per replication); `kind` names it, a model declares the kind it produces and a method
 * the kinds it accepts, and the study resolver only pairs the two when they agree.
 * A new kind is added here and to {@link DataKinds}; a user's own module may use a kind
 * of its own (any object with a `kind`).
 */

/** Scores of one system on clustered items, as per-cluster sufficient statistics. */
export interface ClusteredScores {
  readonly kind: 'clusteredScores';
  /** Number of clusters K used in this replication (arrays may be longer). */
  clusterCount: number;
  /** Number of items N = Σ sizes. */
  itemCount: number;
  /** Items per cluster, n_k. */
  readonly sizes: Float64Array;
  /** Σ of scores in cluster k. */
  readonly totals: Float64Array;
  /** Σ of squared scores in cluster k (equals totals for 0/1 scores). */
  readonly sumSquares: Float64Array;
  /**
   * Optional, from a model that knows them without a pass (betaBinomialClusters): this
   * replication's exact sums when every cluster has the same size; null or absent otherwise.
   * Methods may use them instead of a pass over the clusters.
   */
  readonly equalSizeSums?: EqualSizeSums | null;
}

/** Exact sums of one replication's equal-size clusters (integer scores: every sum is exact). */
export interface EqualSizeSums {
  /** Items per cluster m (every cluster). */
  readonly size: number;
  /** Σ_k totals[k]. */
  total: number;
  /** Σ_k totals[k]². */
  totalSquares: number;
}

/** Two systems scored on the same items, as per-cluster sufficient statistics. */
export interface PairedClusteredScores {
  readonly kind: 'pairedClusteredScores';
  clusterCount: number;
  itemCount: number;
  readonly sizes: Float64Array;
  /** Σ a_i and Σ b_i per cluster. */
  readonly totalsA: Float64Array;
  readonly totalsB: Float64Array;
  /** Σ a_i², Σ b_i², Σ a_i·b_i per cluster (for 0/1 scores Σa² = Σa). */
  readonly sumSquaresA: Float64Array;
  readonly sumSquaresB: Float64Array;
  readonly sumProducts: Float64Array;
  /**
   * Optional, from a model that knows every score of this replication is 0/1: [ΣA, ΣB, Σab,
   * clusters covered] over the first `clusterCount` clusters, so the 2×2-table methods
   * (methods/support/binaryPairedCounts.ts) skip their pass over the clusters. Used only while its last
   * entry equals `clusterCount`; absent for other models. Analysers treat data as read-only.
   */
  readonly binaryTotals?: Float64Array | undefined;
}

/**
 * One replication of a leaderboard of M copies of a system (model systemCopies): per-copy
 * totals and per-pair discordant counts. Pair k = (j, l), j < l, is numbered row by row:
 * (0,1), (0,2), …, (0,M−1), (1,2), …
 */
export interface SystemCopiesScores {
  readonly kind: 'systemCopiesScores';
  /** Number of copies M. */
  readonly copies: number;
  /** Number of pairs M(M − 1)/2 (length of the discordant-count arrays). */
  readonly pairCount: number;
  /** Questions answered by every copy in this replication, n. */
  itemCount: number;
  /** Right answers of copy j. */
  readonly totals: Int32Array;
  /** Pair k = (j, l), j < l: questions copy j got right and copy l wrong (b). */
  readonly onlyFirst: Int32Array;
  /** Pair k = (j, l): questions copy j got wrong and copy l right (c). */
  readonly onlySecond: Int32Array;
  /**
   * Item-level answers when the model keeps them (for `keep: answers`): answer of copy j
   * to slot s at [j·n + s] (1 right, 0 wrong); null otherwise.
   */
  readonly answers: Uint8Array | null;
  /** Population question index of slot s (with `answers`); null otherwise. */
  readonly questions: Int32Array | null;
  /**
   * Per-question differences for analyze's headline tests (model evalReruns; absent or null
   * otherwise), with d_q = the question's epoch-mean difference of pair k's entries (first −
   * second): `sums[k]` Σ_q d_q, `squares[k]` Σ_q d_q², `questions` the questions answered;
   * with clusters `clusterTotals[k · maxClusters + s]` Σ over slot s's questions and
   * `clusterSizes[s]`, `clusterCount` slots used; `epochs` answers per question.
   */
  readonly differences?: PairDifferences | null;
}

/** The per-pair differences of {@link SystemCopiesScores.differences}. */
export interface PairDifferences {
  readonly epochs: number;
  questions: number;
  readonly sums: Float64Array;
  readonly squares: Float64Array;
  readonly clusterTotals: Float64Array | null;
  readonly clusterSizes: Float64Array | null;
  readonly maxClusters: number;
  clusterCount: number;
}

/** Two identical systems compared as questions arrive: cumulative paired tables after each look. */
export interface SequentialPairedCounts {
  readonly kind: 'sequentialPairedCounts';
  readonly looks: number;
  /** Questions seen by look k (k = 0 … looks − 1). */
  readonly items: Float64Array;
  /** Cumulative b (first system right, second wrong) and c (first wrong, second right). */
  readonly onlyFirst: Float64Array;
  readonly onlySecond: Float64Array;
}

/**
 * One or two systems' answers graded by an LLM judge, a human label on some of them (model
 * judgedAnswers): row i is the same question for every system; the labelled rows are the same
 * questions for both systems (a shared slice).
 */
export interface JudgedScores {
  readonly kind: 'judgedScores';
  /** 1, or 2 for a pair (methods then estimate the first's accuracy minus the second's). */
  readonly systems: number;
  /** Rows per system, R = labelled n + unlabelled N. */
  readonly rows: number;
  /** Cluster of each row (length R), or null when every row is its own cluster. */
  readonly cluster: Int32Array | null;
  /** Number of clusters K (R without clusters). */
  readonly clusterCount: number;
  /** Verdicts of system s (0/1), length R each. */
  readonly judge: readonly Float64Array[];
  /** Labels of system s: the true 0/1 on labelled rows, NaN elsewhere. */
  readonly label: readonly Float64Array[];
}

/**
 * Many samples per question (model passAtKSamples): each question's passes c_i out of n_i
 * samples, its cluster, and the functional the cell asks about — pass@k (at least one of k
 * samples passes) or pass^k (all k pass) — which the pass@k methods estimate.
 */
export interface MultiSampleCounts {
  readonly kind: 'multiSampleCounts';
  /** Questions Q in this replication (arrays may be longer). */
  questionCount: number;
  /** Passes c_i of question i. */
  readonly correct: Int32Array;
  /** Samples n_i of question i (≥ k). */
  readonly samples: Int32Array;
  /** Cluster index of question i (0 … clusterCount − 1), or null when there are no clusters. */
  readonly clusterOf: Int32Array | null;
  /** Clusters K (0 without clusters). */
  clusterCount: number;
  /** The k of pass@k / pass^k. */
  readonly k: number;
  readonly estimand: 'passAtK' | 'passHatK';
}

/**
 * One replication of an arena (model battleArena): `battles` pairwise battles among `models`
 * models, battle t between a[t] and b[t] with a[t]'s score y[t] (1, ½ tie, 0), on prompt
 * prompt[t] (0 … prompts − 1; every battle its own prompt when the arena has no prompt clusters).
 * `trueRatings` is the estimand the ratings estimate: the Bradley–Terry projection of the
 * arena's true win probabilities under its pair sampling, on the Elo scale with mean 1000 (the
 * same in every replication); methods compare their intervals with it.
 */
export interface BattleRecords {
  readonly kind: 'battleRecords';
  readonly models: number;
  /** Battles in this replication (the arrays may be longer). */
  battles: number;
  readonly a: Int32Array;
  readonly b: Int32Array;
  readonly y: Float64Array;
  readonly prompt: Int32Array;
  /** Prompt clusters in this replication. */
  prompts: number;
  readonly trueRatings: Float64Array;
}

/** Every built-in data kind by name. */
export interface DataKinds {
  readonly clusteredScores: ClusteredScores;
  readonly pairedClusteredScores: PairedClusteredScores;
  readonly systemCopiesScores: SystemCopiesScores;
  readonly sequentialPairedCounts: SequentialPairedCounts;
  readonly judgedScores: JudgedScores;
  readonly multiSampleCounts: MultiSampleCounts;
  readonly battleRecords: BattleRecords;
}

/** Name of a built-in data kind. */
export type DataKindName = keyof DataKinds;

/** Data of one replication: a built-in kind, or a user module's own. */
export type ModelData = DataKinds[DataKindName] | { readonly kind: string };
