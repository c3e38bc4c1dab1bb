/**
 * An item population: every question of an eval with, per system, how many of its
 * k recorded answers were right — or, for a graded system (a `scores_<system>` column), its k
 * recorded scores in [0, 1] and their total. Loaded by `loadItemPopulation`; the column
 * convention is documented in studies/data/README.md.
 */

/** Every recorded answer of one system, question i's at values[offsets[i] .. offsets[i + 1]). */
export interface RecordedAnswers {
  readonly offsets: Int32Array;
  /** 1 = right, 0 = wrong, in the order the answers were recorded. */
  readonly values: Uint8Array;
}

/** Every recorded score of one graded system, question i's at values[offsets[i] .. offsets[i + 1]). */
export interface RecordedScores {
  readonly offsets: Int32Array;
  /** Scores in [0, 1], in epoch order. */
  readonly values: Float64Array;
}

/** One system's results on every question of the population. */
export interface SystemResults {
  readonly name: string;
  /**
   * Right answers c_i out of k_i asks, per question; for a graded system the total of its k_i
   * scores (so c_i/k_i is always the question's mean score).
   */
  readonly correct: Float64Array;
  readonly k: Float64Array;
  /** The question's first recorded answer (0/1), or null when the file has no `first_<system>` column. */
  readonly first: Float64Array | null;
  /** Every recorded answer, or null when the file has no `answers_<system>` column. */
  readonly answers: RecordedAnswers | null;
  /**
   * A graded system's recorded scores (the `scores_<system>` column), or null for a 0/1 system.
   * Non-null means graded: the population models redraw these scores instead of 0/1 answers.
   */
  readonly scores: RecordedScores | null;
}

export interface ItemPopulation {
  /** The file it was read from (as given to the loader). */
  readonly source: string;
  readonly questionCount: number;
  /** Question ids, in file order. */
  readonly questions: readonly string[];
  /** Cluster names in order of first appearance; `clusterIndex[i]` indexes this list. */
  readonly clusterNames: readonly string[];
  readonly clusterIndex: Int32Array;
  /** Systems in column order. */
  readonly systems: ReadonlyMap<string, SystemResults>;
}

/** Column holding system `name`'s right answers, asks, first answer and answer record. */
export const populationColumns = {
  question: 'question',
  cluster: 'cluster',
  correct: (system: string): string => `correct_${system}`,
  k: (system: string): string => `k_${system}`,
  first: (system: string): string => `first_${system}`,
  answers: (system: string): string => `answers_${system}`,
  scores: (system: string): string => `scores_${system}`,
} as const;

/** Separator of the scores in a `scores_<system>` cell (`0.5;1;0.25`). */
export const SCORE_SEPARATOR = ';';

/** True when some system of the population has graded scores (a `scores_<system>` column). */
export function hasGradedScores(population: ItemPopulation): boolean {
  for (const system of population.systems.values()) if (system.scores) return true;
  return false;
}

/**
 * `system` when its scores are 0/1; a graded system is refused naming the eval as `shown`, the
 * system and `what` (a model or command that draws 0/1 answers), so no 0/1 machinery takes a
 * mean score for a probability silently.
 */
export function binarySystem(system: SystemResults, shown: string, what: string): SystemResults {
  if (system.scores) {
    throw new RangeError(
      `${shown}: system "${system.name}" has graded scores (not 0/1); ${what} draws 0/1 answers (audit and plan take graded scores)`,
    );
  }
  return system;
}

/** The system called `name`; throws naming the file and the systems it has. */
export function populationSystem(population: ItemPopulation, name: string): SystemResults {
  const system = population.systems.get(name);
  if (!system) {
    throw new Error(
      `${population.source}: no system "${name}" (no column "${populationColumns.correct(name)}"); ` +
        `systems in the file: ${[...population.systems.keys()].join(', ')}`,
    );
  }
  return system;
}

/**
 * Mean score over questions, Σ_i c_i/k_i / N — the population's true accuracy (graded: its
 * mean score) when one answer per question is drawn (equals Σc/Σk, the share of all answers right, when every k_i is equal).
 */
export function populationMeanRate(system: SystemResults): number {
  let sum = 0;
  for (let i = 0; i < system.correct.length; i++) sum += system.correct[i] / system.k[i];
  return sum / system.correct.length;
}
