import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { detectEvalFormat } from '../detectEvalFormat.js';
import { evalMatrix } from '../evalMatrix.js';
import { importEval } from '../importEval.js';
import { fixture, inputError, plainRows, scoresBySystem } from '../test-utils/evalFixtures.js';

const suite = fixture('helm/runs/v1.0.0');
const run = (subject: string, model: string) =>
  join(suite, `mmlu_subject=${subject},method=multiple_choice_joint,model=${model}`);
const gpt = 'openai_gpt-4o-mini-2024-07-18';
const tmp = mkdtempSync(join(tmpdir(), 'evalsim-helm-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('HELM run directories', () => {
  it('reads exact_match on split test without perturbation; trials become epochs; subject is the cluster', () => {
    const { table, warnings, provenance } = importEval([suite]);
    expect(warnings).toEqual([]);
    expect(table.task.dictionary).toEqual(['mmlu']);
    expect(table.system.dictionary).toEqual([
      'meta/llama-3.1-8b-instruct-turbo',
      'openai/gpt-4o-mini-2024-07-18',
    ]);
    expect(table.metric.dictionary).toEqual(['exact_match']);
    expect(table.rowCount).toBe(2 * 2 * 3 * 2);
    expect(scoresBySystem(table)['openai/gpt-4o-mini-2024-07-18']).toEqual({
      'subject=abstract_algebra/id147': [1, 1],
      'subject=abstract_algebra/id33': [0, 1],
      'subject=abstract_algebra/id82': [1, 1],
      'subject=anatomy/id12': [1, 1],
      'subject=anatomy/id98': [1, 1],
      'subject=anatomy/id101': [0, 0],
    });
    expect(table.cluster.dictionary).toEqual(['abstract_algebra', 'anatomy']);
    expect(plainRows(table)[0].source).toMatch(
      /model=meta_llama-3.1-8b-instruct-turbo\/per_instance_stats\.json$/,
    );
    expect(provenance.sources.map((s) => s.path.split('/').pop())).toEqual(
      Array.from({ length: 4 }, () => ['run_spec.json', 'per_instance_stats.json']).flat(),
    );
    const m = evalMatrix(table);
    expect([m.questions.length, m.epochs, m.clusterNames.length]).toEqual([6, 2, 2]);
  });

  it('is detected from the directory or any of its files, and reads another stat, split or cluster', () => {
    expect(detectEvalFormat(run('anatomy', gpt))).toBe('helm');
    expect(detectEvalFormat(join(run('anatomy', gpt), 'run_spec.json'))).toBe('helm');
    const one = importEval([join(run('anatomy', gpt), 'per_instance_stats.json')], {
      metric: 'num_prompt_tokens',
    });
    expect(Array.from(one.table.score.subarray(0, 3))).toEqual([412, 413, 414]);
    const valid = importEval([run('anatomy', gpt)], { split: 'valid' });
    expect(plainRows(valid.table).map((r) => [r.question, r.score])).toEqual([['subject=anatomy/id7', 1]]);
    const none = importEval([run('anatomy', gpt)], { cluster: 'none' });
    expect(Array.from(new Set(none.table.cluster.codes))).toEqual([-1]);
    const method = importEval([run('anatomy', gpt)], { cluster: 'run.method' });
    expect(method.table.cluster.dictionary).toEqual(['multiple_choice_joint']);
  });

  it('names the stats available when the stat is not there, and refuses a bad cluster option', () => {
    const e = inputError(() => importEval([run('anatomy', gpt)], { metric: 'f1_score' }));
    expect(e.field).toBe('stats');
    expect(e.message).toMatch(
      /no "f1_score" stat on split "test" without perturbation; splits with per-instance stats: test \(8 stats: exact_match, finish_reason_unknown, [^)]*\); valid \(\d+ stats?: exact_match[^)]*\); pass --metric with one of the stats on test/,
    );
    expect(inputError(() => importEval([run('anatomy', gpt)], { cluster: 'run.level' })).message).toMatch(
      /run mmlu:subject=anatomy,method=multiple_choice_joint,model=openai_gpt-4o-mini-2024-07-18 has no argument "level"/,
    );
    expect(inputError(() => importEval([run('anatomy', gpt)], { cluster: 'metadata.subject' })).field).toBe(
      'cluster',
    );
  });

  it('a run with stats on valid only: the error names the splits and stats there and says "pass --split valid"', () => {
    const validOnly = join(tmp, 'valid-only');
    cpSync(run('anatomy', gpt), validOnly, { recursive: true });
    const path = join(validOnly, 'per_instance_stats.json');
    const entries = JSON.parse(readFileSync(path, 'utf8')) as { stats: { name: { split?: string } }[] }[];
    const kept = entries
      .map((e) => ({ ...e, stats: e.stats.filter((s) => s.name.split === 'valid') }))
      .filter((e) => e.stats.length > 0);
    writeFileSync(path, JSON.stringify(kept));
    const e = inputError(() => importEval([validOnly]));
    expect(e.message).toMatch(
      /no "exact_match" stat on split "test" without perturbation; splits with per-instance stats: valid \(\d+ stats?: exact_match[^)]*\); pass --split valid$/,
    );
    writeFileSync(path, '[]');
    expect(inputError(() => importEval([validOnly])).message).toMatch(
      /per_instance_stats.json has no per-instance stats on any split; stats.json has aggregate stats only/,
    );
  });

  it('refuses a run without run_spec.json and a second value of the chosen stat for one instance and trial', () => {
    const noSpec = join(tmp, 'no-spec');
    cpSync(run('anatomy', gpt), noSpec, { recursive: true });
    rmSync(join(noSpec, 'run_spec.json'));
    expect(inputError(() => importEval([noSpec])).message).toMatch(
      /run_spec\.json: missing: the model and scenario/,
    );
    const twice = join(tmp, 'twice');
    cpSync(run('anatomy', gpt), twice, { recursive: true });
    const stats = JSON.parse(readFileSync(join(twice, 'per_instance_stats.json'), 'utf8'));
    stats[1].stats.push(stats[0].stats[0]);
    writeFileSync(join(twice, 'per_instance_stats.json'), JSON.stringify(stats));
    const e = inputError(() => importEval([twice]));
    expect(e.field).toBe('[1].stats[4]');
    expect(e.message).toMatch(
      /a second exact_match stat for instance id12, trial 0 \(the first is in entry 1\)/,
    );
  });

  it('labels a run with --system <dir>=<label>', () => {
    const dir = run('anatomy', gpt);
    const { table } = importEval([dir], { systemByFile: { [dir]: 'gpt-mini' } });
    expect(table.system.dictionary).toEqual(['gpt-mini']);
  });
});
