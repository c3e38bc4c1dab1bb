/**
 * monitorEval on tables built row by row: arrival order (order column or log order), the headline
 * betting sequence against core's on the same ordered differences, the decisions and their
 * agreement with the interval, the planned gate against core's design and stage-wise p-values,
 * and the refusals.
 */
import {
  bettingConfidenceSequence,
  bettingPValues,
  createDifferenceTestOut,
  pairedDifferenceFromSums,
  stagewisePValues,
} from '@evalsim/core';
import { describe, expect, it } from 'vitest';
import type { EvalTable } from '../../evals/evalTable.js';
import { EvalTableBuilder } from '../../evals/evalTableBuilder.js';
import { SeededStream } from '../../rng/index.js';
import { monitorEval } from './monitorEval.js';
import { questionSequence } from './questionSequence.js';
import { gateFromJson, sequentialGate } from './sequentialGate.js';

interface Row {
  system: 'new' | 'old';
  question: string;
  score: number;
  order?: number;
}

function tableOf(rows: readonly Row[]): EvalTable {
  const b = new EvalTableBuilder();
  const source = b.code('source', 'log.jsonl');
  const task = b.code('task', 't');
  const metric = b.code('metric', 'acc');
  rows.forEach((r, i) => {
    b.append(
      source,
      task,
      b.code('system', r.system),
      b.code('question', r.question),
      -1,
      1,
      metric,
      r.score,
      i + 1,
    );
    if (r.order !== undefined) b.setOrder(r.order);
  });
  return b.finish();
}

/** n paired questions, new right with p1 and old with p0 independently, interleaved (new then old). */
function evalRows(n: number, p1: number, p0: number, seed: number): Row[] {
  const rng = new SeededStream(seed, 0);
  const rows: Row[] = [];
  for (let q = 0; q < n; q++) {
    rows.push({ system: 'new', question: `q${q}`, score: rng.uniform() < p1 ? 1 : 0 });
    rows.push({ system: 'old', question: `q${q}`, score: rng.uniform() < p0 ? 1 : 0 });
  }
  return rows;
}

const pair = { systems: ['new', 'old'] as [string, string] };

describe('questionSequence', () => {
  it('orders questions by when both systems had answered: the order column, else the rows', () => {
    const rows: Row[] = [
      { system: 'new', question: 'a', score: 1, order: 5 },
      { system: 'new', question: 'b', score: 0, order: 1 },
      { system: 'old', question: 'b', score: 1, order: 2 },
      { system: 'old', question: 'a', score: 0, order: 3 },
      { system: 'new', question: 'c', score: 1, order: 4 },
    ];
    const byColumn = questionSequence(tableOf(rows), pair);
    expect(byColumn.orderedBy).toBe('column');
    expect(byColumn.questions).toEqual(['b', 'a']);
    expect(Array.from(byColumn.differences)).toEqual([-1, 1]);
    expect(byColumn.waiting).toEqual({ candidate: 1, baseline: 0 });
    const byLog = questionSequence(tableOf(rows.map(({ order: _, ...r }) => r)), pair);
    expect(byLog.orderedBy).toBe('log');
    expect(byLog.questions).toEqual(['b', 'a']);
  });
  it('refuses scores outside [0, 1] and rows without an order, naming the file and line', () => {
    expect(() =>
      questionSequence(
        tableOf([
          { system: 'new', question: 'a', score: 2 },
          { system: 'old', question: 'a', score: 1 },
        ]),
        pair,
      ),
    ).toThrow(/log\.jsonl, line 1.*monitor needs scores in \[0, 1\].*system new has 2 for question a/);
    const partly = tableOf([
      { system: 'new', question: 'a', score: 1, order: 1 },
      { system: 'old', question: 'a', score: 1 },
    ]);
    expect(() => questionSequence(partly, pair)).toThrow(
      /line 2.*"order".*question a of system old has no order/,
    );
    expect(() => questionSequence(partly, { systems: ['new', 'new'] })).toThrow(
      /--baseline: "new" is compared with itself/,
    );
  });
});

describe('monitorEval, anytime-valid', () => {
  it('the headline is core’s betting sequence on the ordered differences, and the decision agrees with it', () => {
    const rows = evalRows(600, 0.8, 0.7, 3);
    const r = monitorEval(tableOf(rows), pair);
    const x = Float64Array.from(
      { length: 600 },
      (_, q) => (rows[2 * q].score - rows[2 * q + 1].score + 1) / 2,
    );
    const cs = bettingConfidenceSequence(x, { alpha: 0.05 });
    expect(r.headline.interval?.lower).toBeCloseTo(2 * cs.lower - 1, 12);
    expect(r.headline.interval?.upper).toBeCloseTo(2 * cs.upper - 1, 12);
    const p = bettingPValues(x, 0.5, { alpha: 0.05 });
    expect(r.headline.pValue).toBe(p[599]);
    expect(r.decision).toBe(r.headline.interval!.lower > 0 ? 'stop-better' : 'continue');
    expect(r.binary).toBe(true);
    expect(r.anytime.betaBinomial?.candidateOnly).toBeGreaterThan(r.anytime.betaBinomial!.baselineOnly);
    expect(r.checkpoints.at(-1)?.questions).toBe(600);
  });
  it('continue with little data; stop-equivalent when the interval fits in ±δ; stop-budget at the budget', () => {
    expect(monitorEval(tableOf(evalRows(20, 0.7, 0.7, 5)), pair).decision).toBe('continue');
    const base = evalRows(4000, 0.9, 0.9, 6);
    const same = base.map((r, i) => (i % 2 === 1 ? { ...r, score: base[i - 1].score } : r));
    // Identical answers except on a few questions: the interval shrinks around 0.
    same[1] = { ...same[1], score: 1 - same[1].score };
    const eq = monitorEval(tableOf(same), { ...pair, delta: 0.02 });
    expect(eq.decision).toBe('stop-equivalent');
    expect(eq.headline.interval!.lower).toBeGreaterThan(-0.02);
    expect(monitorEval(tableOf(evalRows(300, 0.7, 0.7, 7)), { ...pair, maxQuestions: 200 }).decision).toBe(
      'stop-budget',
    );
  });
  it('a strong gap stops in the right direction', () => {
    expect(monitorEval(tableOf(evalRows(800, 0.9, 0.6, 8)), pair).decision).toBe('stop-better');
    expect(monitorEval(tableOf(evalRows(800, 0.6, 0.9, 8)), pair).decision).toBe('stop-worse');
  });
});

describe('monitorEval with a planned gate', () => {
  const rows = evalRows(1000, 0.78, 0.7, 11);
  const table = tableOf(rows);
  const sizes = [200, 400, 600, 800, 1000];
  const gate = sequentialGate({ sizes, spending: { family: 'pocock' }, alpha: 0.05 });
  it('decides only at the looks reached, with core’s paired z, boundaries and stage-wise p-value', () => {
    const r = monitorEval(table, { ...pair, gate });
    const pOf = stagewisePValues(gate.design);
    const scratch = createDifferenceTestOut();
    let decided = false;
    for (const look of r.gate!.looks) {
      if (decided) {
        expect(look.z).toBeNull();
        continue;
      }
      let sum = 0;
      for (let q = 0; q < look.questions; q++) sum += rows[2 * q].score - rows[2 * q + 1].score;
      let squares = 0;
      for (let q = 0; q < look.questions; q++) squares += (rows[2 * q].score - rows[2 * q + 1].score) ** 2;
      const z = pairedDifferenceFromSums(look.questions, sum, squares, 0.95, scratch).statistic;
      expect(look.z).toBeCloseTo(z, 12);
      expect(look.pValue).toBeCloseTo(pOf(look.look, z), 12);
      expect(look.interval!.lower > 0 || look.interval!.upper < 0).toBe(Math.abs(z) >= look.critical);
      if (Math.abs(z) >= look.critical) decided = true;
    }
    expect(r.decision).toBe(decided ? 'stop-better' : 'stop-planned-maximum');
  });
  it('before the first look it continues; between looks it names the next; beyond the maximum it says so', () => {
    const early = monitorEval(tableOf(rows.slice(0, 300)), { ...pair, gate });
    expect(early.decision).toBe('continue');
    expect(early.headline.interval).toBeNull();
    const mid = monitorEval(tableOf(rows.slice(0, 1000)), {
      ...pair,
      gate: sequentialGate({ sizes: [200, 400, 600], spending: { family: 'obf' }, alpha: 0.05 }),
    });
    if (mid.decision === 'continue') expect(mid.gate?.nextLook).toBe(600);
    const beyond = monitorEval(table, {
      ...pair,
      gate: sequentialGate({ sizes: [100, 200], spending: { family: 'obf' }, alpha: 0.05 }),
    });
    expect(beyond.questions).toBe(200);
    expect(beyond.notes.join(' ')).toMatch(/beyond the planned maximum of 200: the design has no look there/);
  });
  it('refuses looks out of order, α outside (0, 1), a bad design file', () => {
    expect(() => sequentialGate({ sizes: [200, 100], spending: { family: 'obf' }, alpha: 0.05 })).toThrow(
      '--looks: looks out of order: look 2 (100 questions) is not after look 1 (200 questions)',
    );
    expect(() => sequentialGate({ sizes: [10.5], spending: { family: 'obf' }, alpha: 0.05 })).toThrow(
      /whole numbers/,
    );
    expect(() => sequentialGate({ sizes: [10], spending: { family: 'obf' }, alpha: 1 })).toThrow(
      '--alpha: must be in (0, 1), got 1',
    );
    expect(() =>
      sequentialGate({ sizes: [10], spending: { family: 'power', rho: -1 }, alpha: 0.05 }),
    ).toThrow(/--spending: rho: /);
    expect(() => monitorEval(table, { ...pair, alpha: 0 })).toThrow('--alpha: must be in (0, 1), got 0');
    expect(() => monitorEval(table, { ...pair, delta: -0.1 })).toThrow(
      /--delta: the margin must be in \(0, 1\]/,
    );
    expect(() => monitorEval(table, { ...pair, gate, maxQuestions: 10 })).toThrow(
      /--max-questions: a planned gate has its own maximum/,
    );
    const doc = {
      kind: 'evalsim group-sequential design',
      alpha: 0.05,
      spending: { family: 'obf' },
      looks: [{ questions: 300 }, { questions: 200 }],
    };
    expect(() => gateFromJson(doc, 'design.json')).toThrow(
      'design.json: looks: looks out of order: look 2 (200 questions) is not after look 1 (300 questions)',
    );
    expect(() => gateFromJson({ ...doc, kind: 'x' }, 'design.json')).toThrow(
      /design\.json: kind: expected "evalsim group-sequential design"/,
    );
    expect(() => gateFromJson({ ...doc, alpha: 2 }, 'design.json')).toThrow(
      /design\.json: alpha: must be a number in \(0, 1\)/,
    );
    expect(() => gateFromJson({ ...doc, looks: [{ questions: 'x' }] }, 'design.json')).toThrow(
      /looks\[0\]\.questions: must be a number/,
    );
    expect(
      gateFromJson({ ...doc, looks: [{ questions: 100 }, { questions: 300 }] }, 'design.json').sizes,
    ).toEqual([100, 300]);
  });
});
