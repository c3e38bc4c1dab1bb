/**
 * Bad-input suite, data files: malformed item populations (CSV and Arrow) read by a study or
 * by `evalsim leaderboard`, refused naming the file, row and column, never echoing a file
 * that is not a population; and files `evalsim show` cannot read, or asks it cannot answer.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tableFromArrays, tableToIPC } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli.js';
import { expectRefused, file, outDir, root, scratch } from './test-utils/harness.js';

const HEADER = 'question,cluster,correct_a,k_a';
const SECRETS = 'user,password\nalice,hunter2\n';

let count = 0;

/** A study drawing 2 questions of system a from `population` (relative to the scratch folder). */
function populationStudy(population: string, params: Record<string, unknown> = {}): string {
  return file(
    `population-study-${count++}.json`,
    JSON.stringify({
      name: 'population',
      title: 'Reads a population',
      seed: 1,
      replications: 10,
      model: { name: 'itemPopulation', params: { population, systems: ['a'], n: 2, ...params } },
      methods: [{ method: 'wald' }],
      metrics: ['coverage'],
    }),
  );
}

/** A population file `name` with `content`, and a study that reads it. */
function population(name: string, content: string | Uint8Array): string {
  file(name, content);
  return populationStudy(`./${name}`);
}

function arrowBytes(columns: Parameters<typeof tableFromArrays>[0]): Uint8Array {
  return tableToIPC(tableFromArrays(columns), 'file');
}

const populationCases: [string, () => string, string | RegExp, string[]?][] = [
  [
    'an empty CSV (0 bytes)',
    () => population('p1.csv', ''),
    /model\.params\.population: .*p1\.csv: is an empty file \(0 bytes\)/,
  ],
  ['a CSV of blank lines', () => population('p2.csv', '\n\n'), /p2\.csv: the file is empty/],
  [
    'invalid UTF-8 in row 3, column 2',
    () =>
      population(
        'p3.csv',
        Buffer.concat([
          Buffer.from(`${HEADER}\nq1,c,1,2\nq2,caf`),
          Buffer.from([0xe9]),
          Buffer.from(',1,2\n'),
        ]),
      ),
    /p3\.csv, row 3, column 2: is not valid UTF-8 \(byte 0xe9 at byte offset \d+\)/,
  ],
  [
    'a count above 2^53',
    () => population('p4.csv', `${HEADER}\nq1,c,1,9007199254740993\nq2,c,1,2\n`),
    /p4\.csv, row 2, column "k_a": count "9007199254740993" is above 2\^53/,
  ],
  [
    'a file that is not a population',
    () => population('p5.csv', SECRETS),
    /p5\.csv, row 1: is not an item population file/,
    ['hunter2', 'password', 'alice'],
  ],
  [
    'a ragged row',
    () => population('p6.csv', `${HEADER}\nq1,c,1,2\nq2,c,1\n`),
    /p6\.csv, row 3: has 3 fields, the header has 4/,
  ],
  [
    'a duplicate question id',
    () => population('p7.csv', `${HEADER}\nq1,c,1,2\nq1,c,1,2\n`),
    /p7\.csv, row 3, column "question": duplicate question id "q1" \(also row 2\)/,
  ],
  [
    'correct above k',
    () => population('p8.csv', `${HEADER}\nq1,c,3,2\nq2,c,1,2\n`),
    /p8\.csv, row 2, column "correct_a": 3 right answers out of k = 2/,
  ],
  [
    'a negative count',
    () => population('p9.csv', `${HEADER}\nq1,c,-1,2\nq2,c,1,2\n`),
    /p9\.csv, row 2, column "correct_a": must be a non-negative integer count/,
  ],
  [
    'a count that is text',
    () => population('p10.csv', `${HEADER}\nq1,c,1,two\nq2,c,1,2\n`),
    /p10\.csv, row 2, column "k_a": must be a non-negative integer count, got "two"/,
  ],
  [
    'a missing k column',
    () => population('p11.csv', 'question,cluster,correct_a\nq1,c,1\n'),
    /p11\.csv, row 1, column "k_a": missing column "k_a" for system "a"/,
  ],
  [
    'a header without questions',
    () => population('p12.csv', `${HEADER}\n`),
    /p12\.csv: has a header but no questions/,
  ],
  [
    'an unterminated quote',
    () => population('p13.csv', `${HEADER}\n"q1,c,1,2\n`),
    /p13\.csv, row 2, column 1: a quoted field opened on this line is never closed/,
  ],
  [
    'a column named twice',
    () => population('p14.csv', 'question,cluster,correct_a,k_a,k_a\nq1,c,1,2,2\n'),
    /p14\.csv, row 1, column "k_a": column "k_a" appears twice/,
  ],
  [
    'an empty cell',
    () => population('p15.csv', `${HEADER}\nq1,,1,2\nq2,c,1,2\n`),
    /p15\.csv, row 2, column "cluster": is empty/,
  ],
  [
    'k = 0',
    () => population('p16.csv', `${HEADER}\nq1,c,0,0\nq2,c,1,2\n`),
    /p16\.csv, row 2, column "k_a": k must be at least 1/,
  ],
  [
    'an empty Arrow file (0 bytes)',
    () => population('p17.arrow', ''),
    /p17\.arrow: is an empty file \(0 bytes\)/,
  ],
  [
    'an .arrow file that is not Arrow',
    () => population('p18.arrow', SECRETS),
    /p18\.arrow: is not an Arrow IPC file/,
    ['hunter2'],
  ],
  [
    'an Arrow count above 2^53',
    () =>
      population(
        'p19.arrow',
        arrowBytes({
          question: ['q1', 'q2'],
          cluster: ['c', 'c'],
          correct_a: BigInt64Array.from([1n, 9007199254740993n]),
          k_a: BigInt64Array.from([2n, 9007199254740993n]),
        }),
      ),
    /p19\.arrow, row 3, column "correct_a": count "9007199254740993" is above 2\^53/,
  ],
  [
    'an Arrow file without the cluster column',
    () =>
      population(
        'p20.arrow',
        arrowBytes({ question: ['q1'], correct_a: Int32Array.from([1]), k_a: Int32Array.from([2]) }),
      ),
    /p20\.arrow, row 1, column "cluster": missing column "cluster"/,
  ],
  [
    'an unknown file type',
    () => population('p21.txt', `${HEADER}\nq1,c,1,2\n`),
    /p21\.txt: unknown file type "\.txt"/,
  ],
  [
    'a folder as the population',
    () => {
      file('p22.csv/inside.txt', 'x');
      return populationStudy('./p22.csv');
    },
    /p22\.csv: is a directory, not a regular file/,
  ],
  [
    'a missing population file',
    () => populationStudy('./nowhere.csv'),
    /nowhere\.csv: cannot be read \(ENOENT\)/,
  ],
  [
    'a system the file lacks',
    () => {
      file('p24.csv', `${HEADER}\nq1,c,1,2\nq2,c,1,2\n`);
      return populationStudy('./p24.csv', { systems: ['b'] });
    },
    /model\.params\.systems\[0\]: got "b"; allowed: a system of .*p24\.csv: a/,
  ],
  [
    'more questions drawn than the file has',
    () => {
      file('p25.csv', `${HEADER}\nq1,c,1,2\nq2,c,1,2\n`);
      return populationStudy('./p25.csv', { n: 3 });
    },
    'model.params.n: got 3; allowed: an integer in [1, 2]',
  ],
];

describe('malformed populations are refused, naming the file, row and column', () => {
  it.each(populationCases)('%s', async (_name, make, names, hides) => {
    const out = outDir();
    await expectRefused(
      {
        args: ['run', make(), '--out', out, '--workers', '0', '--quiet'],
        names,
        ...(hides ? { hides } : {}),
      },
      out,
    );
  });
});

describe('evalsim leaderboard names --population for a bad population', () => {
  it.each([
    [
      'a file that is not a population',
      'l1.csv',
      SECRETS,
      /^evalsim: --population: .*l1\.csv, row 1: is not an item population file/m,
      ['hunter2'],
    ],
    ['an empty file', 'l2.csv', '', /--population: .*l2\.csv: is an empty file/, []],
    [
      'invalid UTF-8',
      'l3.csv',
      Buffer.from([0x71, 0x75, 0xff, 0x0a]),
      /--population: .*l3\.csv, row 1, column 1: is not valid UTF-8/,
      [],
    ],
  ] as const)('%s', async (_name, name, content, names, hides) => {
    const out = join(scratch, `${name}-lb`);
    file(name, content);
    await expectRefused({
      args: ['leaderboard', '--population', name, '--keep', 'answers', '--out', out, '--replications', '2'],
      names,
      hides,
    });
  });
});

const results = join(root, 'results/few-clusters.arrow');
const showCases: [string, () => string[], string | RegExp, string[]?][] = [
  [
    'an empty .arrow file',
    () => ['show', file('s1.arrow', '')],
    's1.arrow is an empty file (0 bytes), not an Arrow file',
  ],
  ['a CSV file', () => ['show', file('s2.csv', SECRETS)], /s2\.csv is not an Arrow IPC file/, ['hunter2']],
  ['a missing file', () => ['show', 'nowhere.arrow'], 'no file nowhere.arrow'],
  ['a folder', () => ['show', scratch], 'is a folder, not an Arrow file'],
  [
    'a truncated Arrow file',
    () => ['show', file('s5.arrow', readFileSync(results).subarray(0, 300))],
    /s5\.arrow is cut short: it starts as an Arrow IPC file but its end .* is missing/,
  ],
  [
    '--where on a column the file lacks',
    () => ['show', results, '--where', 'methd=naive'],
    '--where: the file has no column "methd"; did you mean method?',
  ],
  [
    '--where without =',
    () => ['show', results, '--where', 'method'],
    '--where: got "method"; allowed: column=value',
  ],
  ['--where with no condition', () => ['show', results, '--where'], '--where: give a condition column=value'],
  [
    '--columns the file lacks',
    () => ['show', results, '--columns', 'method,valu'],
    '--columns: the file has no column "valu"; did you mean value?',
  ],
  [
    '--wide on a file that is not results',
    () => ['show', file('s10.arrow', arrowBytes({ a: Int32Array.from([1]) })), '--wide'],
    '--wide: ',
  ],
  ['--wide with --columns', () => ['show', results, '--wide', '--columns', 'method'], '--wide and --columns'],
  ['--limit -1', () => ['show', results, '--limit', '-1'], '--limit: must be an integer ≥ 0, got -1'],
  ['--limit two', () => ['show', results, '--limit', 'two'], '--limit: "two" is not a finite number'],
  [
    '--format xml',
    () => ['show', results, '--format', 'xml'],
    '--format: got "xml"; allowed: "table", "csv", "json", "markdown"',
  ],
  [
    '--json with --format csv',
    () => ['show', results, '--json', '--format', 'csv'],
    '--json and --format csv disagree',
  ],
];

describe('evalsim show refuses what it cannot read or answer, plainly', () => {
  it.each(showCases)('%s', async (_name, args, names, hides) => {
    await expectRefused({ args: args(), names, ...(hides ? { hides } : {}) });
  });

  it('reads a stream-format Arrow file too', async () => {
    const path = file('stream.arrows', tableToIPC(tableFromArrays({ a: Int32Array.from([1, 2]) }), 'stream'));
    const result = await runCli(['show', path, '--json'], { cwd: scratch, env: {} });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual([{ a: 1 }, { a: 2 }]);
  });
});

it('counts: at least 40 malformed data files and show calls', () => {
  expect(populationCases.length + 3 + showCases.length).toBeGreaterThanOrEqual(40);
});
