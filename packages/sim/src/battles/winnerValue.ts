/**
 * Verdicts to model_a's score, as each tool counts them.
 *
 *  - LMArena / FastChat (clean_battle_data.py `convert_type`, rating_systems.py `preprocess_for_bt`):
 *    model_a → 1, model_b → 0, tie and "tie (bothbad)" → ½ (a tie is half a win; FastChat's
 *    older `compute_mle_elo` duplicated each battle and counted a tie as one win for each side,
 *    the same likelihood). arena-rank's `default_outcome_map` (lmarena/arena-rank
 *    arena_rank/utils/data_utils.py at 3900eae) also writes both_bad → ½ (the 140k release).
 *  - arena-hard-auto (show_result.py `load_judgments` at 196f6b8, label_to_score): in a game the
 *    judge saw answers A and B; A>B and B<A mean A better, A>>B and B<<A much better (counted as
 *    `weight` battles, default 3), A=B and B=A a tie; the mirror labels for B.
 *  - AlpacaEval (src/alpaca_eval/metrics/helpers.py at cd543a1): preference 1 = generator_1
 *    better, 2 = generator_2 better, 1.5 a draw (0 an old spelling of a draw), anything between
 *    a weighted preference; generator_1's score is 2 − preference.
 */

/** model_a's score for an LMArena `winner`, or undefined for an unknown value. */
export function arenaWinnerScore(winner: unknown): number | undefined {
  switch (winner) {
    case 'model_a':
      return 1;
    case 'model_b':
      return 0;
    case 'tie':
    case 'tie (bothbad)':
    case 'both_bad':
      return 0.5;
    default:
      return undefined;
  }
}

export const ARENA_WINNERS = ['model_a', 'model_b', 'tie', 'tie (bothbad)', 'both_bad'] as const;

/** A's score and multiplicity for an arena-hard game label, or undefined. */
export function arenaHardVerdict(
  label: unknown,
  strongWeight: number,
): { score: number; weight: number } | undefined {
  switch (label) {
    case 'A>B':
    case 'B<A':
      return { score: 1, weight: 1 };
    case 'A>>B':
    case 'B<<A':
      return { score: 1, weight: strongWeight };
    case 'A=B':
    case 'B=A':
      return { score: 0.5, weight: 1 };
    case 'B>A':
    case 'A<B':
      return { score: 0, weight: 1 };
    case 'B>>A':
    case 'A<<B':
      return { score: 0, weight: strongWeight };
    default:
      return undefined;
  }
}

export const ARENA_HARD_LABELS = [
  'A>>B',
  'A>B',
  'A=B',
  'B>A',
  'B>>A',
  'A<<B',
  'A<B',
  'B=A',
  'B<A',
  'B<<A',
] as const;
