/**
 * lm-evaluation-harness tasks with `repeats: K` (a task config key; lm_eval/config/task.py,
 * evaluator.py clones each request K times) — what the `--log_samples` files hold, and how
 * evalsim gets one sample per repeat out of them (commit 4e7e0d47):
 *
 *  - one line per document and filter: `resps[0]` holds the K raw generations
 *    (lm_eval/result_schema.py `SampleResult.resps`: requests × repeats), `filtered_resps[0]` the
 *    filter chain's output — a single answer after `take_first` or `majority_vote` (the usual
 *    chains: `score-first`, `maj@K` in gsm8k-cot-self-consistency.yaml) — and each metric field
 *    (`exact_match`) ONE value, computed by the task's process_results on that filtered answer;
 *  - so the log has no per-repeat score: by default the importer keeps the logged score as the
 *    document's one sample (the first repeat's correctness under `take_first`, maj@K under
 *    `majority_vote`) and says so;
 *  - with `repeats: 'rescore'` it scores every repeat itself, as lm-eval scores the first: the
 *    filter's `regex` steps (lm_eval/filters/extraction.py `RegexFilter`: re.findall, match
 *    `group_select` (negative from the end), the first non-empty group of a tuple, stripped,
 *    else `fallback` "[invalid]") applied to each raw generation (selection steps — take_first,
 *    take_first_k, majority_vote — are what it does to the repeats, not to one of them, so they
 *    are left out), then `exact_match` (lm_eval/api/metrics.py `exact_match_hf_evaluate` with
 *    the metric_list's regexes_to_ignore, ignore_case, ignore_punctuation, ignore_numbers)
 *    against `target`. The extracted answers go to the answer column (for maj@k). Before any row
 *    is kept the re-scoring is checked against lm-eval's own score on every line: for
 *    `take_first` the first repeat's, for `majority_vote` the most common answer's (ties by
 *    first occurrence, Counter.most_common); a difference refuses the file, naming the doc —
 *    evalsim does not guess at a scoring it cannot reproduce. Filter functions other than
 *    regex, lowercase, uppercase and the selection steps, and metrics other than exact_match,
 *    are refused with their names. Python patterns run as JavaScript regular expressions
 *    (leading inline flags (?s) (?i) (?m) become flags); a pattern JavaScript cannot compile is
 *    refused naming it.
 */
import { EvalInputError } from '../evalInputError.js';

const PUNCTUATION = new Set('!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~');

/** A Python pattern as a global JavaScript RegExp (leading inline flags moved to flags). */
function pythonRegex(pattern: string, file: string, field: string): RegExp {
  let body = pattern;
  let flags = 'g';
  const inline = /^\(\?([aiLmsux]+)\)/.exec(body);
  if (inline) {
    body = body.slice(inline[0].length);
    for (const f of inline[1]) {
      if (f === 's' || f === 'i' || f === 'm') flags += f;
      else
        throw new EvalInputError(
          { file, field },
          `Python inline flag (?${f}) in ${JSON.stringify(pattern)} has no JavaScript equivalent`,
        );
    }
  }
  try {
    return new RegExp(body, flags);
  } catch (error) {
    throw new EvalInputError(
      { file, field },
      `the pattern ${JSON.stringify(pattern)} is not a JavaScript regular expression (${(error as Error).message})`,
    );
  }
}

interface RegexStep {
  readonly regex: RegExp;
  readonly group: number;
  readonly fallback: string;
}

/** re.findall + RegexFilter's selection (extraction.py). */
function applyRegex(text: string, step: RegexStep): string {
  const found: (string | string[])[] = [];
  for (const m of text.matchAll(step.regex)) {
    if (m.length === 1) found.push(m[0]);
    else if (m.length === 2) found.push(m[1] ?? '');
    else found.push(m.slice(1).map((g) => g ?? ''));
  }
  if (found.length === 0) return step.fallback;
  const index = step.group < 0 ? found.length + step.group : step.group;
  let match = found[index];
  if (match === undefined) throw new RangeError('group_select out of range');
  if (Array.isArray(match)) {
    const nonEmpty = match.filter((g) => g.length > 0);
    match = nonEmpty.length > 0 ? nonEmpty[0] : step.fallback;
  }
  return match.trim();
}

export interface RepeatScorer {
  /** The filter's extraction of one raw generation. */
  extract(text: string): string;
  /** exact_match of an answer against the target, 0 or 1. */
  score(answer: string, target: string): number;
  /** How the filter picks its one answer from the repeats: `first`, `majority`, or null (no selection step). */
  readonly selection: 'first' | 'majority' | null;
}

/** The scorer for `filter` of a task config (its filter_list and metric_list), or an error naming what is unsupported. */
export function repeatScorer(
  config: Record<string, unknown> | undefined,
  filter: string,
  metric: string,
  file: string,
): RepeatScorer {
  if (metric !== 'exact_match') {
    throw new EvalInputError(
      { file, field: 'repeats' },
      `--repeats rescore scores exact_match only; the metric is ${metric}`,
    );
  }
  const list = Array.isArray(config?.filter_list) ? (config?.filter_list as Record<string, unknown>[]) : [];
  const entry = list.find((f) => f && f.name === filter);
  const steps: { function: string; [key: string]: unknown }[] = entry
    ? ((entry.filter as { function: string }[]) ?? [])
    : filter === 'none'
      ? [{ function: 'take_first' }]
      : [];
  if (!entry && filter !== 'none') {
    throw new EvalInputError(
      { file, field: 'filter' },
      `--repeats rescore: filter ${filter} is not in the results file's filter_list`,
    );
  }
  const extraction: ((s: string) => string)[] = [];
  let selection: RepeatScorer['selection'] = null;
  for (const step of steps) {
    const fn = step.function;
    if (fn === 'regex') {
      const r: RegexStep = {
        regex: pythonRegex(
          typeof step.regex_pattern === 'string' ? step.regex_pattern : '#### (\\-?[0-9\\.\\,]+)',
          file,
          `filter_list.${filter}.regex_pattern`,
        ),
        group: typeof step.group_select === 'number' ? step.group_select : 0,
        fallback: typeof step.fallback === 'string' ? step.fallback : '[invalid]',
      };
      extraction.push((s) => applyRegex(s, r));
    } else if (fn === 'lowercase') extraction.push((s) => s.toLowerCase());
    else if (fn === 'uppercase') extraction.push((s) => s.toUpperCase());
    else if (fn === 'take_first') selection ??= 'first';
    else if (fn === 'majority_vote') selection = 'majority';
    else if (fn === 'take_first_k') {
      // keeps the first k repeats: the rescoring keeps every repeat (say so in the docs)
    } else {
      throw new EvalInputError(
        { file, field: `filter_list.${filter}` },
        `--repeats rescore cannot reproduce the filter function ${fn} (supported: regex, lowercase, uppercase, take_first, take_first_k, majority_vote)`,
      );
    }
  }
  const metrics = Array.isArray(config?.metric_list)
    ? (config?.metric_list as Record<string, unknown>[])
    : [];
  const m = metrics.find((x) => x && x.metric === 'exact_match') ?? {};
  const ignore = Array.isArray(m.regexes_to_ignore)
    ? (m.regexes_to_ignore as string[]).map((p) =>
        pythonRegex(p, file, 'metric_list.exact_match.regexes_to_ignore'),
      )
    : [];
  const normalise = (x: string) => {
    let s = x;
    for (const r of ignore) s = s.replace(r, '');
    if (m.ignore_case === true) s = s.toLowerCase();
    if (m.ignore_punctuation === true) s = [...s].filter((c) => !PUNCTUATION.has(c)).join('');
    if (m.ignore_numbers === true) s = s.replace(/[0-9]/g, '');
    return s;
  };
  return {
    extract: (text) => extraction.reduce((s, f) => f(s), text),
    score: (answer, target) => (normalise(answer) === normalise(target) ? 1 : 0),
    selection,
  };
}

/** The answer a filter's selection step picks from the repeats' answers (Counter.most_common: ties by first occurrence). */
export function selectedAnswer(answers: readonly string[], selection: 'first' | 'majority'): string {
  if (selection === 'first') return answers[0];
  const counts = new Map<string, number>();
  for (const a of answers) counts.set(a, (counts.get(a) ?? 0) + 1);
  let best = answers[0];
  for (const [a, n] of counts) if (n > (counts.get(best) as number)) best = a;
  return best;
}
