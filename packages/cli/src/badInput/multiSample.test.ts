/**
 * Bad-input suite, many samples per question (issue 29): pass@k asked of data that cannot give
 * it — k above the samples of some question, graded scores without a pass threshold, one sample
 * per question, an answer scored both ways — and the new flags of analyze, audit, plan and
 * import, each refused naming the flag or field and saying why, before anything is written.
 */
import { describe, it } from 'vitest';
import { expectRefused, file, outDir, root } from './test-utils/harness.js';

const samples = `${root}packages/sim/src/evals/fixtures/long/samples.csv`;
const tau = `${root}packages/sim/src/evals/fixtures/tau-bench/tool-calling-gpt-4o-0.0_range_0--1_user-gpt-4o-llm_0305142233.json`;
const repeats = `${root}packages/sim/src/evals/fixtures/lm-eval/gsm8k-repeats`;

const single = () =>
  file(
    'one-sample.csv',
    `question,system,score\n${Array.from({ length: 6 }, (_, i) => `q${i},m,${i % 2}`).join('\n')}\n`,
  );
const graded = () =>
  file(
    'graded-samples.csv',
    `question,system,epoch,score\n${Array.from({ length: 8 }, (_, i) => `q${i % 4},m,${1 + Math.floor(i / 4)},${(i % 3) / 2}`).join('\n')}\n`,
  );
const twoWays = () =>
  file(
    'answer-two-ways.csv',
    'question,system,epoch,score,answer\nq1,m,1,1,A\nq1,m,2,0,A\nq2,m,1,1,B\nq2,m,2,1,B\n',
  );

const cases: [() => string[], string | RegExp, ('out' | 'quiet')?][] = [
  [
    () => ['analyze', samples, '--k', '7'],
    /--k 7: 8 of 8 questions have fewer than 7 samples for some system \(the fewest: 6\)/,
    'out',
  ],
  [() => ['analyze', graded(), '--k', '1'], /graded scores .*give --pass-threshold T/, 'out'],
  [
    () => ['analyze', single(), '--k', '1,5'],
    /--k 5: every question has one sample per system, so pass@k and pass\^k for k > 1 cannot be estimated/,
    'out',
  ],
  [
    () => ['analyze', twoWays(), '--k', '1', '--answer', 'answer'],
    /maj@k: system m, question q1: the answer "A" both passes and fails/,
    'out',
  ],
  [
    () => ['analyze', samples, '--k', '0'],
    '--k: each k must be a whole number from 1 to 1000000, got 0',
    'out',
  ],
  [() => ['analyze', samples, '--k', 'five'], '--k: "five" is not a finite number', 'out'],
  [() => ['analyze', samples, '--k', '1', '--epoch', '1'], '--epoch picks one sample per question', 'out'],
  [() => ['analyze', samples, '--pass-hat', 'tau'], /--pass-hat: unknown value "tau"/, 'out'],
  [() => ['analyze', samples, '--too-few-samples', 'drop'], /--too-few-samples: unknown value "drop"/, 'out'],
  [
    () => ['analyze', samples, '--k', '1', '--pass-threshold', 'high'],
    '--pass-threshold: "high" is not a finite number',
    'out',
  ],
  [
    () => ['analyze', repeats, '--filter', 'score-first', '--repeats', 'all'],
    /option repeats "all": for lm-evaluation-harness use rescore/,
    'out',
  ],
  [
    () => ['audit', tau, '--k', '9', '--replications', '10'],
    '--k 9: the eval has 4 samples per question',
    'quiet',
  ],
  [
    () => ['audit', single(), '--k', '1', '--replications', '10'],
    /one sample per question: a pass@k audit needs several/,
    'quiet',
  ],
  [
    () => ['plan', samples, '--samples', '1,2', '--systems', 'model-a'],
    '--samples needs --target-se',
    'quiet',
  ],
  [
    () => ['plan', samples, '--samples', '1,2', '--target-se', '2', '--systems', 'model-a'],
    '--target-se: must be a number in (0, 1), got 2',
    'quiet',
  ],
  [
    () => ['plan', samples, '--samples', '1', '--k', '5', '--target-se', '0.01', '--systems', 'model-a'],
    '--samples: every n is below every k',
    'quiet',
  ],
  [
    () => ['plan', samples, '--systems', 'model-a'],
    'missing --delta (or --samples with --target-se, or --labels with --width)',
    'quiet',
  ],
];

describe('many samples per question: refused, naming the flag and why', () => {
  it.each(cases)('%#: %s', async (args, names, writes) => {
    const out = writes ? outDir() : undefined;
    const flags = out ? ['--out', out, ...(writes === 'quiet' ? ['--quiet'] : [])] : [];
    await expectRefused({ args: [...args(), ...flags], names }, out);
  });
});
