/**
 * analyzeJudged on the judged stand-in (studies/data/judged-standin.csv: two systems, 1,000
 * questions in 25 subjects, 150 labelled) and on small hand-made tables for the bad inputs. The
 * estimators are core's (checked against ppi_py and Lee et al. there); here: the rows and labels
 * reach them as they should (each estimate equals core's on a sample rebuilt from the CSV text),
 * the pair is the difference of the per-system estimates, and every bad input is named.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { JudgedSums } from '@evalsim/core';
import { judgeAgreement, judgedInterval } from '@evalsim/core';
import { afterAll, describe, expect, it } from 'vitest';
import { EvalInputError } from '../../evals/evalInputError.js';
import { importEval } from '../../evals/importEval.js';
import { analyzeJudged, recommendedEstimate } from './analyzeJudged.js';
import { recommendPair, recommendSystem } from './judgedRecommendation.js';

const standin = fileURLToPath(new URL('../../../../../studies/data/judged-standin.csv', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'evalsim-judged-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The stand-in's rows for one system, straight from the CSV text (clusters as first seen). */
function sampleFromCsv(system: string) {
  const lines = readFileSync(standin, 'utf8').trim().split('\n').slice(1);
  const judge: number[] = [];
  const label: number[] = [];
  const cluster: number[] = [];
  const ids = new Map<string, number>();
  for (const line of lines) {
    const [, s, c, score, human] = line.split(',');
    if (!ids.has(c)) ids.set(c, ids.size);
    if (s !== system) continue;
    judge.push(Number(score));
    label.push(human === '' ? Number.NaN : Number(human));
    cluster.push(ids.get(c)!);
  }
  return {
    judge: Float64Array.from(judge),
    label: Float64Array.from(label),
    cluster: Int32Array.from(cluster),
    clusterCount: ids.size,
  };
}

function write(name: string, text: string): string {
  const path = join(tmp, name);
  writeFileSync(path, text);
  return path;
}

/** A long table: `rows` of [question, system, cluster, score, label]. */
function table(name: string, rows: (string | number)[][]): string {
  return write(name, `question,system,cluster,score,human\n${rows.map((r) => r.join(',')).join('\n')}\n`);
}

describe('analyzeJudged on the judged stand-in', () => {
  const { table: t } = importEval([standin], { labels: 'human' });
  const a = analyzeJudged(t, { labels: 'human' });

  it('describes the eval and recommends PPI++ for both systems', () => {
    expect([a.systems, a.questions, a.clusters, a.metric, a.labelMetric]).toEqual([
      ['model_a', 'model_b'],
      1000,
      25,
      'score',
      'label:human',
    ]);
    for (const s of a.perSystem) {
      expect([s.rows, s.labelled, s.unlabelled]).toEqual([1000, 150, 850]);
      expect(s.recommended.method).toBe('ppiPlusPlus');
      expect(s.judgeBiased).toBe(true);
      expect(s.estimates.map((e) => e.skipped)).toEqual([null, null, null, null, null, null]);
    }
    expect(a.warnings).toEqual([]);
  });

  it('every estimate is core’s on the rows rebuilt from the CSV, with question clusters', () => {
    for (const s of a.perSystem) {
      const sample = sampleFromCsv(s.system);
      for (const e of s.estimates) {
        const core = judgedInterval(sample, e.method, 0.95);
        expect([e.estimate, e.lower, e.upper]).toEqual([core.estimate, core.lower, core.upper]);
      }
      const agreement = judgeAgreement(sample);
      expect(s.agreement!.kappa.estimate).toBe(agreement.kappa.estimate);
      expect(s.agreement!.sensitivity.lower).toBe(agreement.sensitivity.lower);
    }
  });

  it('a pair is the difference of the two systems’ estimates, on a shared slice', () => {
    const [p] = a.pairs;
    expect([p.first, p.second, p.slice, p.labelledBoth]).toEqual(['model_b', 'model_a', 'shared', 150]);
    const [first, second] = [a.perSystem[1], a.perSystem[0]];
    for (const e of p.estimates) {
      const x = first.estimates.find((f) => f.method === e.method)!.estimate;
      const y = second.estimates.find((f) => f.method === e.method)!.estimate;
      expect(e.estimate).toBeCloseTo(x - y, 14);
    }
    // the self-preferring judge inflates model_a: each interval excludes the other's estimate, and
    // only the corrected one holds the true gap of this stand-in (68.7% − 73.3% = −4.6 points)
    const judge = p.estimates.find((e) => e.method === 'judgeOnly')!;
    const ppi = recommendedEstimate(p);
    expect(judge.upper).toBeLessThan(ppi.estimate);
    expect(judge.estimate).toBeLessThan(ppi.lower);
    expect([ppi.lower < -0.046 && -0.046 < ppi.upper, judge.upper < -0.046]).toEqual([true, true]);
  });

  it('--baseline compares every system with it; --level moves every interval', () => {
    const b = analyzeJudged(t, { labels: 'human', baseline: 'model_b', level: 0.9 });
    expect(b.pairs.map((p) => `${p.first}-${p.second}`)).toEqual(['model_a-model_b']);
    const w95 = a.perSystem[0].estimates[0];
    const w90 = b.perSystem[0].estimates[0];
    expect(w90.upper - w90.lower).toBeLessThan(w95.upper - w95.lower);
    expect(() => analyzeJudged(t, { labels: 'human', baseline: 'model_c' })).toThrow(
      /--baseline model_c: no such system/,
    );
  });
});

describe('bad input', () => {
  it('no label metric, or no labelled row at all', () => {
    const { table: plain } = importEval([standin]);
    expect(() => analyzeJudged(plain, { labels: 'human' })).toThrow(
      /--labels human: no labelled row \(the eval has no metric "label:human"; metrics: score\); every cell of the column is empty, or the labels were not imported/,
    );
    const none = table('none.csv', [
      ['q1', 'a', 'c1', 1, ''],
      ['q1', 'b', 'c1', 0, ''],
    ]);
    const { table: t } = importEval([none], { labels: 'human' });
    // the importer warned; the metric exists nowhere, so the analysis says there is nothing to correct with
    expect(() => analyzeJudged(t, { labels: 'human' })).toThrow(/no metric "label:human"/);
  });

  it('a label that is not 0/1 for a 0/1 judge, naming the file and line', () => {
    const path = table('graded-label.csv', [
      ['q1', 'a', 'c1', 1, 1],
      ['q2', 'a', 'c1', 0, 0.5],
      ['q3', 'a', 'c2', 1, ''],
    ]);
    const { table: t } = importEval([path], { labels: 'human' });
    let error: unknown;
    try {
      analyzeJudged(t, { labels: 'human' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EvalInputError);
    expect((error as EvalInputError).message).toBe(
      `${path}, line 3, field "label:human": label 0.5 for system a, question q2, epoch 1: the judge's verdicts (score) are 0/1, so a label must be 0 or 1`,
    );
  });

  it('labels for one system only: warned, that system and its pairs uncorrected', () => {
    const rows: (string | number)[][] = [];
    for (let q = 1; q <= 40; q++) {
      rows.push([`q${q}`, 'a', `c${q % 4}`, q % 3 ? 1 : 0, q <= 20 ? (q % 4 ? 1 : 0) : '']);
      rows.push([`q${q}`, 'b', `c${q % 4}`, q % 2, '']);
    }
    const { table: t } = importEval([table('one-system.csv', rows)], { labels: 'human' });
    const a = analyzeJudged(t, { labels: 'human' });
    expect(a.warnings).toContain(
      'labels for some systems only: b has no labelled row, so its score is the judge’s, uncorrected, and every difference with it too',
    );
    const b = a.perSystem[1];
    expect([b.recommended.method, b.recommended.uncorrected, b.judgeBiased, b.agreement]).toEqual([
      'judgeOnly',
      true,
      null,
      null,
    ]);
    expect(b.estimates.find((e) => e.method === 'ppi')!.skipped).toBe('no labelled row');
    const [pair] = a.pairs;
    expect(pair.recommended.method).toBe('judgeOnly');
    expect(pair.estimates.find((e) => e.method === 'ppiPlusPlus')!.skipped).toBe('b: no labelled row');
  });

  it('a slice that is not random: labels in some clusters only, or on the rows the judge passed', () => {
    const rows: (string | number)[][] = [];
    for (let q = 1; q <= 400; q++) {
      const cluster = `c${q % 8}`;
      const right = (q * 7) % 10 < 7 ? 1 : 0;
      const verdict = (q * 3) % 10 < 8 ? right : 1 - right;
      // labelled: half of clusters c0 and c1, nothing elsewhere
      rows.push([`q${q}`, 'a', cluster, verdict, q % 8 < 2 && q % 2 === 0 ? right : '']);
    }
    const { table: t } = importEval([table('clustered-slice.csv', rows)], { labels: 'human' });
    const a = analyzeJudged(t, { labels: 'human' });
    expect(a.perSystem[0].slice.byCluster!.pValue).toBeLessThan(1e-10);
    expect(
      a.warnings.some((w) =>
        /a: the labelled share differs across clusters \(χ² = [\d.]+, df 7, p = /.test(w),
      ),
    ).toBe(true);
    const passed: (string | number)[][] = [];
    for (let q = 1; q <= 400; q++) {
      const right = (q * 7) % 10 < 7 ? 1 : 0;
      const verdict = (q * 3) % 10 < 8 ? right : 1 - right;
      passed.push([`q${q}`, 'a', '', verdict, verdict === 1 && q % 3 === 0 ? right : '']);
    }
    const { table: t2 } = importEval([table('passed-slice.csv', passed)], { labels: 'human' });
    const b = analyzeJudged(t2, { labels: 'human' });
    expect(
      b.warnings.some((w) => /a: the judge scores the labelled rows higher than the unlabelled ones/.test(w)),
    ).toBe(true);
    // a random slice of the stand-in sets off neither
    const { table: s } = importEval([standin], { labels: 'human' });
    expect(analyzeJudged(s, { labels: 'human' }).warnings).toEqual([]);
  });

  it('graded verdicts: PPI and PPI++ only, the 2 × 2 methods say why', () => {
    const rows: (string | number)[][] = [];
    for (let q = 1; q <= 30; q++)
      rows.push([`q${q}`, 'a', '', ((q * 7) % 10) / 10, q <= 12 ? (q % 3 ? 1 : 0) : '']);
    const { table: t } = importEval([table('graded.csv', rows)], { labels: 'human' });
    const s = analyzeJudged(t, { labels: 'human' }).perSystem[0];
    expect(s.estimates.find((e) => e.method === 'lee')!.skipped).toMatch(/graded, not 0\/1/);
    expect(s.estimates.find((e) => e.method === 'ppiPlusPlus')!.skipped).toBeNull();
    expect(s.agreementSkipped).toBe('the verdicts are graded, not 0/1');
  });

  it('a judge metric that is the label metric, and two judge metrics without --metric', () => {
    const { table: t } = importEval([standin], { labels: 'human' });
    expect(() => analyzeJudged(t, { labels: 'human', metric: 'label:human' })).toThrow(/is the label metric/);
  });
});

describe('inspect_ai logs with a gold scorer', () => {
  it('--labels scorer:human_label, clustered by subject', () => {
    const logs = [
      '2025-03-02T10-00-00+00-00_judged-qa_Jd9Alpha00001.eval',
      '2025-03-02T11-00-00+00-00_judged-qa_Jd9Beta000002.json',
    ].map((f) => fileURLToPath(new URL(`../../evals/fixtures/inspect/judged/${f}`, import.meta.url)));
    const { table: t } = importEval(logs, {
      metric: 'model_graded_qa',
      labels: 'scorer:human_label',
      cluster: 'metadata.subject',
    });
    const a = analyzeJudged(t, { labels: 'scorer:human_label' });
    expect([a.metric, a.labelMetric, a.clusters, a.questions]).toEqual([
      'model_graded_qa',
      'human_label',
      3,
      12,
    ]);
    expect(a.perSystem.map((s) => [s.labelled, s.unlabelled])).toEqual([
      [8, 4],
      [8, 4],
    ]);
    // openai/gpt-4o: judge 1,1,1,0,1,1,0,0,1,1,1,1 on 12; labels on 1,2,4,6,7,9,11,12 = 1,0,0,1,1,1,0,1
    const gpt = a.perSystem.find((s) => s.system === 'openai/gpt-4o')!;
    const ppi = gpt.estimates.find((e) => e.method === 'ppi')!;
    // f̄_U (3, 5, 8, 10: 1, 1, 0, 1) = 0.75; ȳ = 5/8; f̄_L = 6/8
    expect(ppi.estimate).toBeCloseTo(0.75 + 5 / 8 - 6 / 8, 15);
    expect(a.pairs[0].slice).toBe('shared');
    // 8 labels, a 0/1 judge with sensitivity 4/5 and specificity 1/3 here: the rule takes Lee et al.
    expect(gpt.recommended.method).toBe('lee');
    expect(a.pairs[0].recommended.reason).toMatch(/fewer than 100 labels/);
  });
});

describe('the recommendation rule', () => {
  const sums = (labelled: number, unlabelled: number, extra: Partial<JudgedSums> = {}): JudgedSums =>
    ({
      labelled,
      unlabelled,
      judgeBinary: true,
      labelBinary: true,
      positives: labelled / 2,
      negatives: labelled / 2,
      truePositives: (0.9 * labelled) / 2,
      trueNegatives: (0.8 * labelled) / 2,
      ...extra,
    }) as JudgedSums;
  it('judge only without labels, labelled only with nothing unlabelled, Lee below 100 labels, else PPI++', () => {
    expect(recommendSystem(sums(0, 500)).method).toBe('judgeOnly');
    expect(recommendSystem(sums(500, 0)).method).toBe('labelledOnly');
    expect(recommendSystem(sums(99, 500)).method).toBe('lee');
    expect(recommendSystem(sums(100, 500)).method).toBe('ppiPlusPlus');
    // below 100 but no Rogan–Gladen: graded verdicts, one class only, a judge no better than chance
    expect(recommendSystem(sums(60, 500, { judgeBinary: false })).method).toBe('ppiPlusPlus');
    expect(recommendSystem(sums(60, 500, { negatives: 0 })).method).toBe('ppiPlusPlus');
    expect(recommendSystem(sums(60, 500, { truePositives: 10, trueNegatives: 10 })).method).toBe(
      'ppiPlusPlus',
    );
    expect(recommendPair(sums(200, 500), sums(0, 500)).uncorrected).toBe(true);
    expect(recommendPair(sums(200, 500), sums(150, 500)).method).toBe('ppiPlusPlus');
  });
});
