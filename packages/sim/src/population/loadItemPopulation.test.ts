import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tableFromArrays, tableToIPC } from 'apache-arrow';
import { afterAll, describe, expect, it } from 'vitest';
import { clusterMembers } from './clusterMembers.js';
import { populationMeanRate, populationSystem } from './itemPopulation.js';
import { loadItemPopulation } from './loadItemPopulation.js';
import { PopulationFileError } from './populationFileError.js';

const dir = mkdtempSync(join(tmpdir(), 'evalsim-population-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let fileNumber = 0;
function csv(lines: readonly string[]): string {
  const path = join(dir, `population-${fileNumber++}.csv`);
  writeFileSync(path, lines.join('\n'));
  return path;
}

const HEADER = 'question,cluster,correct_a,k_a,first_a,answers_a,correct_b,k_b';
const GOOD = [HEADER, 'q1,alg,3,5,1,10101,1,2', 'q2,geo,0,5,0,00000,2,2', 'q3,alg,5,5,1,11111,0,2'];

/** The PopulationFileError thrown by loading `path` (fails the test when none is thrown). */
function loadError(path: string): PopulationFileError {
  try {
    loadItemPopulation(path);
  } catch (error) {
    expect(error).toBeInstanceOf(PopulationFileError);
    return error as PopulationFileError;
  }
  throw new Error(`expected ${path} to be rejected`);
}

describe('loadItemPopulation (CSV)', () => {
  it('reads questions, clusters and every system into typed arrays', () => {
    const population = loadItemPopulation(csv(GOOD));
    expect(population.questions).toEqual(['q1', 'q2', 'q3']);
    expect(population.clusterNames).toEqual(['alg', 'geo']);
    expect([...population.clusterIndex]).toEqual([0, 1, 0]);
    expect([...population.systems.keys()]).toEqual(['a', 'b']);
    const a = populationSystem(population, 'a');
    expect([...a.correct]).toEqual([3, 0, 5]);
    expect([...a.k]).toEqual([5, 5, 5]);
    expect(a.first && [...a.first]).toEqual([1, 0, 1]);
    expect(a.answers && [...a.answers.offsets]).toEqual([0, 5, 10, 15]);
    expect(a.answers && [...a.answers.values.subarray(0, 5)]).toEqual([1, 0, 1, 0, 1]);
    const b = populationSystem(population, 'b');
    expect(b.first).toBeNull();
    expect(b.answers).toBeNull();
    expect(populationMeanRate(b)).toBeCloseTo((0.5 + 1 + 0) / 3, 15);
    expect(() => populationSystem(population, 'c')).toThrow(/no system "c".*systems in the file: a, b/);
  });

  it('reads every accepted form of a count: plain digits, leading zeros, a + sign, 3.0, up to 2^53 − 1', () => {
    const big = String(Number.MAX_SAFE_INTEGER);
    const population = loadItemPopulation(
      csv([
        'question,cluster,correct_a,k_a',
        'q1,x,007,0010',
        'q2,x,+4,4.0',
        'q3,x,3.,5.00',
        'q4,x,999999999999999,1000000000000000',
        `q5,x,${big},${big}`,
      ]),
    );
    const a = populationSystem(population, 'a');
    expect([...a.correct]).toEqual([7, 4, 3, 999999999999999, Number.MAX_SAFE_INTEGER]);
    expect([...a.k]).toEqual([10, 4, 5, 1e15, Number.MAX_SAFE_INTEGER]);
    const tooBig = loadError(csv(['question,cluster,correct_a,k_a', 'q1,x,1,9007199254740993']));
    expect(tooBig.message).toMatch(/above 2\^53 − 1/);
    expect(tooBig.column).toBe('k_a');
    expect(loadError(csv(['question,cluster,correct_a,k_a', 'q1,x,1,1e3'])).message).toMatch(
      /non-negative integer count, got "1e3"/,
    );
  });

  it('groups questions by cluster', () => {
    const { starts, members } = clusterMembers(loadItemPopulation(csv(GOOD)));
    expect([...starts]).toEqual([0, 2, 3]);
    expect([...members]).toEqual([0, 2, 1]);
  });

  it('accepts quoted fields, CRLF line ends, a byte-order mark and a trailing blank line', () => {
    const path = join(dir, 'quoted.csv');
    writeFileSync(path, '\ufeffquestion,cluster,correct_a,k_a\r\n"q,1","alg ""x""",1,2\r\n\r\n');
    const population = loadItemPopulation(path);
    expect(population.questions).toEqual(['q,1']);
    expect(population.clusterNames).toEqual(['alg "x"']);
  });

  const bad: readonly [string, readonly string[], RegExp, number | undefined, string | undefined][] = [
    ['an empty file', [''], /is an empty file \(0 bytes\)/, undefined, undefined],
    ['a file of blank lines', ['', '', ''], /the file is empty/, undefined, undefined],
    ['a header without questions', [HEADER], /no questions/, undefined, undefined],
    [
      'a missing cluster column',
      ['question,correct_a,k_a', 'q1,1,2'],
      /missing column "cluster"/,
      1,
      'cluster',
    ],
    ['a missing k column', ['question,cluster,correct_a', 'q1,x,1'], /missing column "k_a"/, 1, 'k_a'],
    ['no system at all', ['question,cluster', 'q1,x'], /no system columns/, 1, undefined],
    [
      'a first column without its system',
      ['question,cluster,correct_a,k_a,first_b', 'q1,x,1,2,1'],
      /no matching "correct_b"/,
      1,
      'first_b',
    ],
    ['correct > k', [HEADER, 'q1,alg,6,5,1,11111,1,2'], /correct must be ≤ k/, 2, 'correct_a'],
    ['a negative count', [HEADER, 'q1,alg,3,5,1,10101,-1,2'], /non-negative integer/, 2, 'correct_b'],
    [
      'a non-integer count',
      [HEADER, 'q1,alg,3,5,1,10101,1,2', 'q2,alg,2.5,5,1,10101,1,2'],
      /non-negative integer.*"2.5"/,
      3,
      'correct_a',
    ],
    ['a non-numeric count', [HEADER, 'q1,alg,3,five,1,10101,1,2'], /non-negative integer.*"five"/, 2, 'k_a'],
    ['k = 0', [HEADER, 'q1,alg,3,5,1,10101,0,0'], /k must be at least 1/, 2, 'k_b'],
    ['an empty cell', [HEADER, 'q1,alg,3,5,1,10101,,2'], /is empty/, 2, 'correct_b'],
    ['an empty question id', [HEADER, ',alg,3,5,1,10101,1,2'], /is empty/, 2, 'question'],
    [
      'a duplicate question id',
      [HEADER, 'q1,alg,3,5,1,10101,1,2', 'q1,geo,0,5,0,00000,1,2'],
      /duplicate question id "q1" \(also row 2\)/,
      3,
      'question',
    ],
    ['a first answer that is not 0/1', [HEADER, 'q1,alg,3,5,2,10101,1,2'], /must be 0 or 1/, 2, 'first_a'],
    [
      'a first answer right with no right answers',
      [HEADER, 'q1,alg,0,5,1,00000,1,2'],
      /contradicts 0 right of 5/,
      2,
      'first_a',
    ],
    [
      'an answer record of the wrong length',
      [HEADER, 'q1,alg,3,5,1,1011,1,2'],
      /must be 5 characters/,
      2,
      'answers_a',
    ],
    [
      'an answer record with a character other than 0/1',
      [HEADER, 'q1,alg,3,5,1,10121,1,2'],
      /must be 5 characters 0\/1 \(one per ask\), got "10121"/,
      2,
      'answers_a',
    ],
    [
      'an answer record disagreeing with correct',
      [HEADER, 'q1,alg,3,5,1,11111,1,2'],
      /has 5 right answers but correct_a is 3/,
      2,
      'answers_a',
    ],
    [
      'an answer record disagreeing with first',
      [HEADER, 'q1,alg,3,5,1,01101,1,2'],
      /starts with 0 but first_a is 1/,
      2,
      'answers_a',
    ],
    ['a ragged row', [HEADER, 'q1,alg,3,5,1,10101,1'], /has 7 fields, the header has 8/, 2, undefined],
  ];
  it.each(bad)('rejects %s, naming the file, row and column', (_, lines, message, row, column) => {
    const path = csv(lines);
    const error = loadError(path);
    expect(error.message).toMatch(message);
    expect(error.message.startsWith(path)).toBe(true);
    expect(error.file).toBe(path);
    expect(error.row).toBe(row);
    expect(error.column).toBe(column);
    if (row !== undefined) expect(error.message).toContain(`row ${row}`);
    if (column !== undefined) expect(error.message).toContain(`column "${column}"`);
  });

  it('rejects a missing file and an unknown extension', () => {
    expect(loadError(join(dir, 'nope.csv')).message).toMatch(/cannot be read \(ENOENT\)/);
    const path = join(dir, 'population.txt');
    writeFileSync(path, GOOD.join('\n'));
    expect(loadError(path).message).toMatch(/unknown file type ".txt"/);
  });

  it('keeps every answer of questions asked many times (its buffer grows)', () => {
    const rows = Array.from({ length: 12 }, (_, q) => {
      const record = Array.from({ length: 40 }, (_, i) => ((i * 7 + q) % 3 === 0 ? '1' : '0')).join('');
      const right = [...record].filter((c) => c === '1').length;
      return { line: `q${q},alg,${right},40,${record[0]},${record},1,2`, record };
    });
    const a = populationSystem(loadItemPopulation(csv([HEADER, ...rows.map((r) => r.line)])), 'a');
    expect(a.answers && [...a.answers.offsets]).toEqual(Array.from({ length: 13 }, (_, q) => 40 * q));
    expect(a.answers && [...a.answers.values].join('')).toBe(rows.map((r) => r.record).join(''));
  });

  it('parses the bytes it is given, not the file read again (they were hashed)', () => {
    const path = csv(GOOD);
    const given = Buffer.from([HEADER, 'other,alg,1,5,1,10000,1,2'].join('\n'));
    const population = loadItemPopulation(path, given);
    expect(population.questions).toEqual(['other']);
    expect(loadItemPopulation(path).questions).toEqual(['q1', 'q2', 'q3']);
  });
});

const GRADED_HEADER = 'question,cluster,correct_a,k_a,scores_a,correct_b,k_b,first_b';
const GRADED = [
  GRADED_HEADER,
  'q1,alg,1.25,3,0.5;0.75;0,1,2,1',
  'q2,geo,0.1,1,0.1,0,2,0',
  'q3,alg,2,2,1;1,2,2,1',
];

describe('loadItemPopulation: graded scores (scores_<system>)', () => {
  it('reads a graded system beside a 0/1 one: its scores in epoch order, its total, k', () => {
    const population = loadItemPopulation(csv(GRADED));
    const a = populationSystem(population, 'a');
    expect(a.scores).not.toBeNull();
    expect([...(a.scores?.offsets ?? [])]).toEqual([0, 3, 4, 6]);
    expect([...(a.scores?.values ?? [])]).toEqual([0.5, 0.75, 0, 0.1, 1, 1]);
    expect([...a.correct]).toEqual([1.25, 0.1, 2]);
    expect([...a.k]).toEqual([3, 1, 2]);
    expect(a.first).toBeNull();
    expect(populationMeanRate(a)).toBeCloseTo((1.25 / 3 + 0.1 + 1) / 3, 15);
    expect(populationSystem(population, 'b').scores).toBeNull();
  });

  const bad: [string, string[], RegExp, number, string][] = [
    [
      'too few scores',
      [GRADED_HEADER, 'q1,alg,1.25,3,0.5;0.75,1,2,1'],
      /must hold k = 3 scores separated by ";", got 2/,
      2,
      'scores_a',
    ],
    [
      'a score above 1',
      [GRADED_HEADER, 'q1,alg,2,3,0.5;1.5;0,1,2,1'],
      /score 2 of "0.5;1.5;0" must be a number from 0 to 1, got "1.5"/,
      2,
      'scores_a',
    ],
    [
      'a score that is not a number',
      [GRADED_HEADER, 'q1,alg,1,3,0.5;x;0.5,1,2,1'],
      /score 2 .*got "x"/,
      2,
      'scores_a',
    ],
    ['a NaN score', [GRADED_HEADER, 'q1,alg,1,3,0.5;NaN;0.5,1,2,1'], /score 2 .*got "NaN"/, 2, 'scores_a'],
    [
      'a total that is not their sum',
      [GRADED_HEADER, 'q1,alg,1.2,3,0.5;0.75;0,1,2,1'],
      /sum to 1.25 but correct_a is 1.2/,
      2,
      'correct_a',
    ],
    [
      'a total above k',
      [GRADED_HEADER, 'q1,alg,4,3,1;1;1,1,2,1'],
      /total score of k = 3 scores must be a number from 0 to 3, got "4"/,
      2,
      'correct_a',
    ],
    [
      'a first column beside the scores',
      ['question,cluster,correct_a,k_a,scores_a,first_a', 'q1,alg,1,2,0.5;0.5,1'],
      /"first_a" holds 0\/1 answers, but system "a" is graded/,
      1,
      'first_a',
    ],
    [
      'scores without their system',
      ['question,cluster,correct_a,k_a,scores_b', 'q1,alg,1,2,0.5;0.5'],
      /column "scores_b" has no matching "correct_b"/,
      1,
      'scores_b',
    ],
  ];
  it.each(bad)('rejects %s, naming the file, row and column', (_, lines, message, row, column) => {
    const path = csv(lines);
    const error = loadError(path);
    expect(error.message).toMatch(message);
    expect(error.file).toBe(path);
    expect(error.row).toBe(row);
    expect(error.column).toBe(column);
  });
});

describe('loadItemPopulation (Arrow IPC)', () => {
  it('reads the same columns from an Arrow file', () => {
    const table = tableFromArrays({
      question: ['q1', 'q2', 'q3'],
      cluster: ['alg', 'geo', 'alg'],
      correct_a: Int32Array.from([3, 0, 5]),
      k_a: Int32Array.from([5, 5, 5]),
      first_a: Int8Array.from([1, 0, 1]),
    });
    const path = join(dir, 'population.arrow');
    writeFileSync(path, tableToIPC(table, 'file'));
    const population = loadItemPopulation(path);
    expect(population.questions).toEqual(['q1', 'q2', 'q3']);
    expect([...population.clusterIndex]).toEqual([0, 1, 0]);
    const a = populationSystem(population, 'a');
    expect([...a.correct]).toEqual([3, 0, 5]);
    expect(a.first && [...a.first]).toEqual([1, 0, 1]);
  });

  it('validates Arrow files the same way (correct > k, row counted as in CSV)', () => {
    const table = tableFromArrays({
      question: ['q1', 'q2'],
      cluster: ['alg', 'geo'],
      correct_a: Float64Array.from([3, 7]),
      k_a: Float64Array.from([5, 5]),
    });
    const path = join(dir, 'bad.arrow');
    writeFileSync(path, tableToIPC(table, 'file'));
    const error = loadError(path);
    expect(error.row).toBe(3);
    expect(error.column).toBe('correct_a');
    expect(error.message).toMatch(/correct must be ≤ k/);
  });

  it('rejects a file that is not Arrow', () => {
    const path = join(dir, 'junk.arrow');
    writeFileSync(path, 'not arrow at all');
    expect(loadError(path).message).toMatch(/junk\.arrow: is not an Arrow IPC file/);
  });
});
