/**
 * An imported eval (evalMatrix's aligned view) as an item population file (the wide CSV
 * of studies/data/README.md), so the population models (itemPopulation…, systemCopies…)
 * can draw from it and a generated study can name it: per system and question,
 *
 *   correct_<s> = Σ over present epochs of the 0/1 score,   k_<s> = epochs present,
 *   first_<s>   = the score of the lowest present epoch,    answers_<s> = every score in epoch order;
 *
 * the cluster is the question's cluster, or the question itself when it has none (every
 * question its own cluster). System names are kept as the logs carry them (`openai/gpt-x`: a
 * header cell is quoted when it needs to be), so every command speaks of the same systems.
 * Scores must be 0/1: a graded score is an error naming the system and question (the
 * population models draw right/wrong answers).
 */
import type { EvalMatrix } from '../evals/evalMatrix.js';

export interface PopulationCsv {
  readonly csv: string;
  /** Population system name of each eval system, in eval order (the eval's own names). */
  readonly systemNames: readonly string[];
}

const quote = (s: string) => (/[",\n\r]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s);

export function populationCsv(matrix: EvalMatrix): PopulationCsv {
  const { systems, questions, epochs, scores } = matrix;
  const names = [...systems];
  const header = ['question', 'cluster'];
  for (const n of names) header.push(...[`correct_${n}`, `k_${n}`, `first_${n}`, `answers_${n}`].map(quote));
  const lines = [header.join(',')];
  const Q = questions.length;
  for (let q = 0; q < Q; q++) {
    const c = matrix.clusterOfQuestion[q];
    const row = [quote(questions[q]), quote(c >= 0 ? matrix.clusterNames[c] : questions[q])];
    for (let s = 0; s < systems.length; s++) {
      let correct = 0;
      let k = 0;
      let answers = '';
      for (let e = 0; e < epochs; e++) {
        const y = scores[(s * Q + q) * epochs + e];
        if (Number.isNaN(y)) continue;
        if (y !== 0 && y !== 1) {
          throw new RangeError(
            `system "${systems[s]}", question "${questions[q]}", epoch ${e + 1}: graded score ${y}; the population models draw 0/1 answers (choose a 0/1 metric with --metric)`,
          );
        }
        correct += y;
        k++;
        answers += y;
      }
      if (k === 0)
        throw new RangeError(`system "${systems[s]}", question "${questions[q]}": no scored epoch`);
      row.push(String(correct), String(k), answers[0], answers);
    }
    lines.push(row.join(','));
  }
  return { csv: `${lines.join('\n')}\n`, systemNames: names };
}
