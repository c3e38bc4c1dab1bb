/**
 * The `design` parameter of model passAtKSamples: one grid value naming the samples per
 * question and the functional, so that a study's grid can list only the designs that exist
 * (pass@10 needs n ≥ 10 samples; a product of `samples` × `k` would have cells without
 * meaning). Written `n=16, pass@5` or `n=64, pass^10`, optionally led by the question count
 * `Q=500, n=16, pass@5` (then the model's `questions` must be absent). Spaces are free; the
 * parts are separated by commas.
 */
import { ConfigError } from '../../base/errors.js';
import { MAX_ARRAY_LENGTH } from '../../base/limits.js';

export interface PassAtKDesign {
  readonly questions: number | undefined;
  readonly samples: number;
  readonly k: number;
  readonly estimand: 'passAtK' | 'passHatK';
}

const ALLOWED = 'a design such as "n=16, pass@5", "n=64, pass^10" or "Q=500, n=16, pass@1" (k ≤ n)';
const PART = /^(?:(Q)\s*=\s*(\d+)|(n)\s*=\s*(\d+)|pass(@|\^)(\d+))$/;

/** The design `text` (errors at `path`). */
export function parsePassAtKDesign(text: string, path = 'design'): PassAtKDesign {
  let questions: number | undefined;
  let samples: number | undefined;
  let k: number | undefined;
  let estimand: PassAtKDesign['estimand'] | undefined;
  for (const raw of text.split(',')) {
    const part = raw.trim();
    const m = PART.exec(part);
    if (!m) throw new ConfigError(path, text, ALLOWED);
    if (m[1] !== undefined) {
      if (questions !== undefined) throw new ConfigError(path, text, `${ALLOWED}; Q is given twice`);
      questions = Number(m[2]);
    } else if (m[3] !== undefined) {
      if (samples !== undefined) throw new ConfigError(path, text, `${ALLOWED}; n is given twice`);
      samples = Number(m[4]);
    } else {
      if (k !== undefined) throw new ConfigError(path, text, `${ALLOWED}; the functional is given twice`);
      estimand = m[5] === '@' ? 'passAtK' : 'passHatK';
      k = Number(m[6]);
    }
  }
  if (samples === undefined || k === undefined || estimand === undefined) {
    throw new ConfigError(path, text, `${ALLOWED}; it needs n=… and pass@k or pass^k`);
  }
  if (!(samples >= 1 && samples <= 1_000_000))
    throw new ConfigError(path, text, `${ALLOWED}; n in [1, 1000000]`);
  if (!(k >= 1 && k <= samples)) {
    throw new ConfigError(
      path,
      text,
      `${ALLOWED}; pass${estimand === 'passAtK' ? '@' : '^'}${k} needs n ≥ ${k} samples`,
    );
  }
  if (questions !== undefined && !(questions >= 2 && questions <= MAX_ARRAY_LENGTH)) {
    throw new ConfigError(path, text, `${ALLOWED}; Q in [2, ${MAX_ARRAY_LENGTH}]`);
  }
  return { questions, samples, k, estimand };
}
