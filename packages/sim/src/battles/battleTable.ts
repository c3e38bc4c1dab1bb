/**
 * The battle table: one row per pairwise battle (a vote, a judged game, an annotation), held
 * as typed columns like the EvalTable (evals/evalTable.ts). Battles are not an EvalTable: their
 * unit is a pair of models and a verdict, not one system's score on a question.
 *
 * Columns (LMArena's field names where it has one — FastChat fastchat/serve/monitor/
 * clean_battle_data.py at 0e6d3e4, `process_data`):
 *   source     the file the battle came from (dictionary)
 *   model_a, model_b   codes into one shared `models` dictionary (model_a ≠ model_b)
 *   outcome    model_a's score: 1 (model_a won), ½ (tie, "tie (bothbad)", A=B), 0 (model_b won),
 *              or a fraction (AlpacaEval's weighted annotator)
 *   winner     the verdict as the file wrote it (model_a, tie (bothbad), A>>B, preference 1.73…)
 *   question_id  the prompt (question_id, uid or instruction; −1 when absent), the cluster of
 *              `--ci cluster`
 *   judge, language   dictionary, −1 when absent
 *   turn       number of turns, 0 when absent
 *   anony      1 anonymous, 0 not, −1 unknown
 *   tstamp     Unix seconds, NaN when absent (online Elo replays battles in this order)
 *   style      the style-control features of each answer (FastChat's STYLE_CONTROL_ELEMENTS_V1:
 *              answer tokens, headers, lists, bold), N×k for a and for b, NaN where a record
 *              lacked them; null when no record had them
 *   line       the record's line in its file (in memory only)
 */
import type { EvalStringColumn } from '../evals/evalTable.js';

/** FastChat's style features (rating_systems.py STYLE_CONTROL_ELEMENTS_V1), each read from conv_metadata `<name>_a` / `<name>_b` (sum_assistant_a_tokens for the first). */
export const STYLE_FEATURES = ['sum_assistant_tokens', 'header_count', 'list_count', 'bold_count'] as const;

export interface BattleStyle {
  readonly features: readonly string[];
  /** N×k, row-major; NaN where the record had no value. */
  readonly a: Float64Array;
  readonly b: Float64Array;
}

export interface BattleTable {
  readonly rowCount: number;
  readonly source: EvalStringColumn;
  /** Every model, in order of first appearance. */
  readonly models: readonly string[];
  readonly modelA: Int32Array;
  readonly modelB: Int32Array;
  readonly outcome: Float64Array;
  readonly winner: EvalStringColumn;
  readonly prompt: EvalStringColumn;
  readonly judge: EvalStringColumn;
  readonly language: EvalStringColumn;
  readonly turn: Int32Array;
  readonly anony: Int8Array;
  readonly tstamp: Float64Array;
  readonly style: BattleStyle | null;
  /** 1-based line of the record in its file (0 when unknown). In memory only. */
  readonly line: Int32Array;
}

/** One file read, for the provenance of a battle table. */
export interface BattleSourceInfo {
  readonly file: string;
  readonly format: string;
  readonly sha256: string;
  /** Records read (lines, array entries, rows). */
  readonly records: number;
  /** Battles they gave (an arena-hard judgment gives up to 2 games × its weight). */
  readonly battles: number;
  /** Records or games left out, with why (counted in the warnings too). */
  readonly skipped: number;
}

/** What the importer was asked (recorded beside the table). */
export interface BattleImportOptions {
  readonly format?: string;
  /** arena-hard-auto: the baseline when a record has no `baseline` field. */
  readonly baseline?: string;
  /** arena-hard-auto: battles per strong verdict (A>>B), show_result.py's `weight`, default 3. */
  readonly strongWeight?: number;
}

export interface BattleWarning {
  readonly file?: string;
  readonly line?: number;
  readonly message: string;
}

export interface ImportedBattles {
  readonly table: BattleTable;
  readonly warnings: readonly BattleWarning[];
  readonly provenance: {
    readonly sources: readonly BattleSourceInfo[];
    readonly options: BattleImportOptions;
  };
}
