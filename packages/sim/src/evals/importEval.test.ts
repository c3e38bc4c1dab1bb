import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { detectEvalFormat } from './detectEvalFormat.js';
import { EVAL_FORMATS } from './evalFormat.js';
import { importEval } from './importEval.js';
import { fixture, inputError, plainRows } from './test-utils/evalFixtures.js';
import { evalToArrow } from './writeEvalArrow.js';

const tmp = mkdtempSync(join(tmpdir(), 'evalsim-import-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('detectEvalFormat', () => {
  it('recognises each format by content', () => {
    expect(detectEvalFormat(fixture('inspect/in-progress.eval'))).toBe('inspect-eval');
    expect(detectEvalFormat(fixture('inspect/dict-scores.json'))).toBe('inspect-json');
    expect(detectEvalFormat(fixture('openai-evals/240315101010MNOPQR_gpt-4o_joke-fruits.dev.v0.jsonl'))).toBe(
      'openai-evals',
    );
    expect(
      detectEvalFormat(
        fixture(
          'lm-eval/gsm8k-filters/meta-llama__Llama-3.2-1B-Instruct/samples_gsm8k_2024-07-11T09-02-44.901233.jsonl',
        ),
      ),
    ).toBe('lm-eval');
    expect(detectEvalFormat(fixture('long/graded.jsonl'))).toBe('long-jsonl');
    expect(detectEvalFormat(fixture('long/two-systems.csv'))).toBe('long-csv');
    expect(detectEvalFormat(fixture('wide/small.csv'))).toBe('wide-population');
  });

  it('says what it saw and what is supported', () => {
    const json = join(tmp, 'config.json');
    writeFileSync(json, '{\n  "name": "x",\n  "lr": 0.1\n}\n');
    const e = inputError(() => detectEvalFormat(json));
    expect(e.message).toMatch(
      /not a recognised eval log: a JSON file that is neither an inspect_ai log .* nor an lm-eval results_<date>\.json, a tau-bench or tau2-bench results file, nor a SWE-bench report\. Supported: lm-eval \(/,
    );
    for (const name of Object.keys(EVAL_FORMATS)) expect(e.message).toContain(`${name} (`);
    const csv = join(tmp, 'other.csv');
    writeFileSync(csv, 'a,b\n1,2\n');
    expect(inputError(() => detectEvalFormat(csv)).message).toMatch(
      /a CSV file with 2 columns, without "question" and "score" or "correct" \(a long table needs question, system and score/,
    );
    const txt = join(tmp, 'notes.txt');
    writeFileSync(txt, 'hello');
    expect(inputError(() => detectEvalFormat(txt)).message).toMatch(/a file with extension "\.txt"/);
    expect(inputError(() => detectEvalFormat(join(tmp, 'absent.jsonl'))).message).toMatch(
      /cannot be read \(ENOENT\)/,
    );
    expect(inputError(() => detectEvalFormat(tmp)).message).toMatch(
      /is a directory but not a HELM run directory/,
    );
  });
});

describe('importEval', () => {
  it('walks directories for logs of every format, skipping other files with one warning', () => {
    const root = join(tmp, 'walk');
    mkdirSync(root);
    cpSync(fixture('lm-eval/mmlu-stem'), join(root, 'lm-eval'), { recursive: true });
    cpSync(fixture('helm/runs/v1.0.0'), join(root, 'helm'), { recursive: true });
    cpSync(
      fixture('inspect/2024-11-05T10-00-00+00-00_mmlu-0-shot_Hk2v9QbDq3WcTz.eval'),
      join(root, 'inspect/a.eval'),
    );
    cpSync(
      fixture('openai-evals/240314092653ABCDEF_gpt-4o_arithmetic.dev.match-v1.jsonl'),
      join(root, 'oai/a.jsonl'),
    );
    writeFileSync(join(root, 'README.md'), '# notes');
    writeFileSync(join(root, 'config.json'), '{"lr": 0.1}');
    mkdirSync(join(root, '.cache'));
    writeFileSync(join(root, '.cache/x.jsonl'), 'garbage');
    const { table, warnings, provenance } = importEval([root], {});
    expect(warnings.map((w) => w.message)).toContain(
      `2 files in the directories given are not eval logs and were skipped: ${join(root, 'README.md')}, ${join(root, 'config.json')}`,
    );
    const formats = new Set(provenance.sources.map((s) => s.format));
    expect([...formats].sort()).toEqual(['helm', 'inspect-eval', 'lm-eval', 'openai-evals']);
    expect(table.task.dictionary).toEqual([
      'mmlu',
      'inspect_evals/mmlu_0_shot',
      'mmlu_stem',
      'arithmetic.dev.match-v1',
    ]);
    expect(new Set(plainRows(table).map((r) => r.source.slice(0, root.length)))).toEqual(new Set([root]));
  });

  it('reads a log reached twice once', () => {
    const file = fixture('long/two-systems.csv');
    const { table, provenance } = importEval([file, file, fixture('long')].slice(0, 2));
    expect(table.rowCount).toBe(12);
    expect(provenance.sources).toHaveLength(1);
  });

  it('says when nothing was found and when no path is given', () => {
    const empty = join(tmp, 'empty');
    mkdirSync(empty);
    expect(inputError(() => importEval([empty])).message).toMatch(/no scored samples found/);
    expect(() => importEval([])).toThrow(TypeError);
    expect(() => importEval([empty], { metric: '' })).toThrow(
      /import option "metric" must be a non-empty string/,
    );
    expect(() => importEval([empty], { colour: 'x' } as never)).toThrow(/import option "colour" is unknown/);
  });

  it('refuses two runs of the same system on the same questions unless labelled apart', () => {
    const a = fixture('long/two-systems.csv');
    const b = join(tmp, 'again.csv');
    cpSync(a, b);
    const e = inputError(() => importEval([a, b]));
    expect(e.file).toBe(b);
    expect(e.line).toBe(2);
    expect(e.message).toMatch(
      /scored twice \(also at .*two-systems\.csv, line 2\); for two runs of one system, label them apart/,
    );
    const oneSystem = join(tmp, 'one.csv');
    writeFileSync(oneSystem, 'question,score\nq,1\n');
    const both = importEval([oneSystem, join(tmp, 'one.csv')], { systemByFile: { [oneSystem]: 'x' } });
    expect(both.table.rowCount).toBe(1);
  });
});

describe('system labels per file or directory', () => {
  it('labels every log under a directory, the most specific path winning', () => {
    const root = join(tmp, 'labels');
    cpSync(fixture('lm-eval/mmlu-stem'), root, { recursive: true });
    const small = join(root, 'EleutherAI__pythia-160m');
    const { table } = importEval([root], { systemByFile: { [`${root}/`]: 'any', [small]: 'small' } });
    expect(table.system.dictionary).toEqual(['small', 'any']);
    expect(
      inputError(() =>
        importEval([fixture('wide/small.csv')], { systemByFile: { [fixture('wide/small.csv')]: 'x' } }),
      ).message,
    ).toMatch(/one label was given for a file with 2 systems \(a, b\)/);
  });
});

describe('digests: false (a caller that keeps no provenance)', () => {
  const logs = [
    fixture('inspect/2024-11-05T10-00-00+00-00_mmlu-0-shot_Hk2v9QbDq3WcTz.eval'),
    fixture('inspect/zstd-members.eval'),
    fixture('lm-eval/mmlu-stem'),
    fixture('long/two-systems.csv'),
  ];
  it('gives the same table, each source its size and sha256 null, on this thread and on import threads; no table is written from it', () => {
    const hashed = importEval(logs, { systemByFile: { [logs[1]]: 'zstd' } });
    for (const threads of [0, 1]) {
      const plain = importEval(logs, { systemByFile: { [logs[1]]: 'zstd' } }, { digests: false, threads });
      expect(plainRows(plain.table)).toEqual(plainRows(hashed.table));
      expect(plain.provenance.sources.map((s) => s.sha256)).toEqual(
        hashed.provenance.sources.map(() => null),
      );
      expect(plain.provenance.sources.map(({ sha256: _, ...rest }) => rest)).toEqual(
        hashed.provenance.sources.map(({ sha256: _, ...rest }) => rest),
      );
      expect(() => evalToArrow(plain, '0.0.0')).toThrow(
        /imported without its digest .* records every file's SHA-256/,
      );
    }
    for (const source of hashed.provenance.sources) expect(source.sha256).toMatch(/^[0-9a-f]{64}$/);
  });
});
