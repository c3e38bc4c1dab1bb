/**
 * User weights for a weighted score (`evalsim analyze --weights FILE`): a CSV whose header is
 * `cluster,weight` (a weight per cluster: the score is Σ_c w_c · mean_c / Σ_c w_c, each
 * cluster's weight spread evenly over its questions) or `question,weight` (a weight per
 * question). Parsed here from the text (the CLI reads the file); resolved against an eval's
 * clusters or questions by {@link questionWeights}, which refuses a name the eval lacks (with
 * the closest ones) and an eval cluster or question without a weight.
 */
import { closestList } from '../base/closestName.js';
import type { EvalMatrix } from '../evals/evalMatrix.js';
import { forEachCsvRecord } from '../evals/io/csvRecords.js';
import type { ClusterLayout } from './clusterLayout.js';

export interface ScoreWeights {
  readonly by: 'cluster' | 'question';
  readonly weights: ReadonlyMap<string, number>;
  /** The file, as the user named it (errors and the report name it). */
  readonly source: string;
}

/** The weights of a `cluster,weight` or `question,weight` CSV (errors name the file and line). */
export function parseScoreWeights(text: string, source: string): ScoreWeights {
  let by: 'cluster' | 'question' | undefined;
  const weights = new Map<string, number>();
  forEachCsvRecord(text, source, (fields, line) => {
    if (by === undefined) {
      const header = fields.map((f) => f.trim());
      if (
        header.length !== 2 ||
        header[1] !== 'weight' ||
        (header[0] !== 'cluster' && header[0] !== 'question')
      ) {
        throw new RangeError(
          `${source}, line ${line}: the header must be "cluster,weight" or "question,weight", got "${header.join(',')}"`,
        );
      }
      by = header[0] as 'cluster' | 'question';
      return;
    }
    if (fields.length !== 2)
      throw new RangeError(`${source}, line ${line}: expected 2 fields, got ${fields.length}`);
    const name = fields[0];
    const raw = fields[1].trim();
    const w = /^[+]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(raw) ? Number(raw) : Number.NaN;
    if (!(Number.isFinite(w) && w >= 0)) {
      throw new RangeError(`${source}, line ${line}: weight must be a number ≥ 0, got "${raw}"`);
    }
    if (weights.has(name)) throw new RangeError(`${source}, line ${line}: ${by} "${name}" is given twice`);
    weights.set(name, w);
  });
  if (by === undefined)
    throw new RangeError(`${source}: empty (expected "cluster,weight" or "question,weight")`);
  if (weights.size === 0) throw new RangeError(`${source}: no weights under the header`);
  return { by, weights, source };
}

/** One weight per question of the matrix (see the module doc). */
export function questionWeights(w: ScoreWeights, matrix: EvalMatrix, layout: ClusterLayout): Float64Array {
  const Q = matrix.questions.length;
  const out = new Float64Array(Q);
  const names = w.by === 'question' ? matrix.questions : matrix.clusterNames;
  if (w.by === 'cluster' && !layout.clustered) {
    throw new RangeError(
      `--weights ${w.source}: weights per cluster, but the eval has no clusters (import it with --cluster)`,
    );
  }
  const known = new Set(names);
  for (const name of w.weights.keys()) {
    if (!known.has(name)) {
      throw new RangeError(
        `--weights ${w.source}: ${w.by} "${name}" is not in the eval${closestList(name, names)}`,
      );
    }
  }
  const sizes = new Float64Array(layout.count);
  for (let q = 0; q < Q; q++) sizes[layout.ids[q]]++;
  let total = 0;
  for (let q = 0; q < Q; q++) {
    const c = matrix.clusterOfQuestion[q];
    const name = w.by === 'question' ? matrix.questions[q] : c >= 0 ? matrix.clusterNames[c] : undefined;
    const value = name === undefined ? undefined : w.weights.get(name);
    if (value === undefined) {
      throw new RangeError(
        name === undefined
          ? `--weights ${w.source}: question "${matrix.questions[q]}" has no cluster, so no cluster weight`
          : `--weights ${w.source}: no weight for ${w.by} "${name}" (every ${w.by} of the eval needs one)`,
      );
    }
    out[q] = w.by === 'cluster' ? value / sizes[layout.ids[q]] : value;
    total += out[q];
  }
  if (!(total > 0)) throw new RangeError(`--weights ${w.source}: every weight is 0`);
  return out;
}
