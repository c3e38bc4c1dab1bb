/**
 * An imported eval (evalMatrix's aligned view) as an item population file (the wide CSV
 * of studies/data/README.md), so the population models (itemPopulation…, systemCopies…)
 * can draw from it and a generated study can name it: per system and question, for a system
 * whose every score is 0 or 1
 *
 *   correct_<s> = Σ over present epochs of the 0/1 score,   k_<s> = epochs present,
 *   first_<s>   = the score of the lowest present epoch,    answers_<s> = every score in epoch order;
 *
 * and for a graded system (some score other than 0/1: an F1, a rubric or judge grade, partial
 * credit) its scores themselves
 *
 *   correct_<s> = Σ over present epochs of the score (in epoch order),   k_<s> = epochs present,
 *   scores_<s>  = every score in epoch order, `;`-separated, each written as the shortest text
 *                 that reads back as the same double (String(y)), so the reader's sum is this one;
 *
 * 0/1 systems keep their format and their bytes. The cluster is the question's cluster, or the
 * question itself when it has none (every question its own cluster). System names are kept as
 * the logs carry them (`openai/gpt-x`: a header cell is quoted when it needs to be), so every
 * command speaks of the same systems. A score outside [0, 1] is an error naming the system,
 * question and epoch (the population models draw scores in [0, 1]).
 */
import type { EvalMatrix } from '../evals/evalMatrix.js';
import { SCORE_SEPARATOR } from '../population/itemPopulation.js';

export interface PopulationCsv {
  readonly csv: string;
  /** Population system name of each eval system, in eval order (the eval's own names). */
  readonly systemNames: readonly string[];
  /** Per system, in eval order: its scores are graded (written as `scores_<s>`). */
  readonly graded: readonly boolean[];
}

const quote = (s: string) => (/[",\n\r]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s);

/** True when system s has a present score other than 0 and 1; throws on one outside [0, 1]. */
function isGraded(matrix: EvalMatrix, s: number): boolean {
  const { questions, epochs, scores, systems } = matrix;
  const Q = questions.length;
  let graded = false;
  for (let q = 0; q < Q; q++) {
    for (let e = 0; e < epochs; e++) {
      const y = scores[(s * Q + q) * epochs + e];
      if (Number.isNaN(y) || y === 0 || y === 1) continue;
      if (!(y > 0 && y < 1)) {
        throw new RangeError(
          `system "${systems[s]}", question "${questions[q]}", epoch ${e + 1}: score ${y} is outside [0, 1]; the population models draw scores in [0, 1] (choose a metric scored 0–1 with --metric)`,
        );
      }
      graded = true;
    }
  }
  return graded;
}

export function populationCsv(matrix: EvalMatrix): PopulationCsv {
  const { systems, questions, epochs, scores } = matrix;
  const names = [...systems];
  const graded = names.map((_, s) => isGraded(matrix, s));
  const header = ['question', 'cluster'];
  names.forEach((n, s) => {
    const columns = graded[s] ? ['correct', 'k', 'scores'] : ['correct', 'k', 'first', 'answers'];
    header.push(...columns.map((c) => quote(`${c}_${n}`)));
  });
  const lines = [header.join(',')];
  const Q = questions.length;
  for (let q = 0; q < Q; q++) {
    const c = matrix.clusterOfQuestion[q];
    const row = [quote(questions[q]), quote(c >= 0 ? matrix.clusterNames[c] : questions[q])];
    for (let s = 0; s < systems.length; s++) {
      let correct = 0;
      let k = 0;
      const recorded: string[] = [];
      for (let e = 0; e < epochs; e++) {
        const y = scores[(s * Q + q) * epochs + e];
        if (Number.isNaN(y)) continue;
        correct += y;
        k++;
        recorded.push(String(y));
      }
      if (k === 0)
        throw new RangeError(`system "${systems[s]}", question "${questions[q]}": no scored epoch`);
      if (graded[s]) row.push(String(correct), String(k), recorded.join(SCORE_SEPARATOR));
      else {
        const answers = recorded.join('');
        row.push(String(correct), String(k), answers[0], answers);
      }
    }
    lines.push(row.join(','));
  }
  return { csv: `${lines.join('\n')}\n`, systemNames: names, graded };
}
