/** Types of known-truth-eval.mjs (the seeded eval generator with known truth, issue 26). */
export interface KnownTruthOptions {
  systems: string[];
  abilities: number[];
  subjects: number;
  perSubject: number;
  epochs: number;
  subjectSd: number;
  questionSd: number;
  interactionSd: number;
  seed: number;
  /** 0: 0/1 answers; τ > 0: graded scores expit(logit p + τz). */
  graded: number;
}
export interface KnownTruthEval {
  options: KnownTruthOptions;
  questions: string[];
  subjects: string[];
  subjectOf: Int32Array;
  /** True rates, per system, per question. */
  rates: Float64Array[];
  /** Answers per system at [question · epochs + epoch]: 0/1, or graded scores in (0, 1) with `graded`. */
  answers: (Uint8Array | Float64Array)[];
  truth: { system: string; population: number; eval: number }[];
}
export const DEFAULT_KNOWN_TRUTH: KnownTruthOptions;
export function logitNormalMean(theta: number, sd: number): number;
export function knownTruthEval(options?: Partial<KnownTruthOptions>): KnownTruthEval;
export function knownTruthCsv(evalData: KnownTruthEval, subjectColumn?: string): string;
