/**
 * lm-evaluation-harness `repeats` (formats/lmEvalRepeats.ts) on the gsm8k-repeats fixture, whose
 * logged exact_match values were computed with lm-eval's own filter and metric code in Python:
 * by default one sample per doc and a warning; with repeats: 'rescore' every repeat a sample,
 * its extracted answer in the answer column, the re-scoring agreeing with lm-eval's logged score
 * on every doc (take_first and majority_vote), and a disagreement or an unsupported filter refused.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { columnValue } from '../evalTable.js';
import { importEval } from '../importEval.js';
import { fixture, inputError, scoresBySystem } from '../test-utils/evalFixtures.js';

const dir = fixture('lm-eval/gsm8k-repeats');
const tmp = mkdtempSync(join(tmpdir(), 'evalsim-repeats-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const MODEL = 'Qwen/Qwen2.5-1.5B-Instruct';

describe('lm-eval repeats', () => {
  it('keeps the logged score as one sample per doc by default, and says why', () => {
    const r = importEval([dir], { filter: 'score-first' });
    expect(r.table.rowCount).toBe(4);
    expect(r.warnings.map((w) => w.message).join('\n')).toMatch(
      /4 repeats per doc \(resps\) but lm-eval logs one score per doc and filter/,
    );
  });
  it('rescore: every repeat a sample, scored as lm-eval scores the first', () => {
    const r = importEval([dir], { filter: 'score-first', repeats: 'rescore' });
    const scores = scoresBySystem(r.table)[MODEL];
    expect(scores['0']).toEqual([1, 1, 0, 1]); // 8, 8, 15, 8 against "#### 8"
    expect(scores['1']).toEqual([0, 1, 1, 0]); // 900, "1,500" (commas ignored), "1,500", [invalid]
    expect(scores['2']).toEqual([0, 1, 0, 0]);
    expect(scores['3']).toEqual([1, 1, 1, 1]);
    const answers = Array.from({ length: r.table.rowCount }, (_, i) => columnValue(r.table.answer!, i));
    expect(answers.slice(4, 8)).toEqual(['900', '1,500', '1,500', '[invalid]']);
    // The maj@4 filter's logged score (the majority answer's) is reproduced too.
    expect(importEval([dir], { filter: 'maj@4', repeats: 'rescore' }).table.rowCount).toBe(16);
  });
  it('refuses a file whose logged score the re-scoring does not reproduce, naming the line', () => {
    const copy = join(tmp, 'run');
    cpSync(dir, copy, { recursive: true });
    const samples = join(
      copy,
      'Qwen__Qwen2.5-1.5B-Instruct',
      'samples_gsm8k_cot_self_consistency_2025-02-03T14-20-11.402113.jsonl',
    );
    const lines = readFileSync(samples, 'utf8').trimEnd().split('\n');
    const first = JSON.parse(lines[1]);
    first.exact_match = 1 - first.exact_match;
    lines[1] = JSON.stringify(first);
    writeFileSync(samples, `${lines.join('\n')}\n`);
    const e = inputError(() => importEval([copy], { filter: 'score-first', repeats: 'rescore' }));
    expect(e.line).toBe(2);
    expect(e.problem).toMatch(
      /evalsim scores this doc's first repeat 0 where lm-eval logged 1; the task's scoring is not reproduced/,
    );
    const results = join(copy, 'Qwen__Qwen2.5-1.5B-Instruct', 'results_2025-02-03T14-20-11.402113.json');
    const json = JSON.parse(readFileSync(results, 'utf8'));
    json.configs.gsm8k_cot_self_consistency.filter_list[0].filter.unshift({ function: 'multi_choice_regex' });
    writeFileSync(results, JSON.stringify(json));
    expect(() => importEval([copy], { filter: 'score-first', repeats: 'rescore' })).toThrow(
      /cannot reproduce the filter function multi_choice_regex/,
    );
    expect(() => importEval([dir], { filter: 'score-first', repeats: 'all' })).toThrow(/use rescore/);
  });
});
