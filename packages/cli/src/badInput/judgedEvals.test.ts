/**
 * Bad-input suite, judge-scored evals (`evalsim analyze --labels`): refused naming the flag,
 * file, line and column — a label column that is not there, no labelled row at all, a label that
 * is not 0/1 for a 0/1 judge, labels named the way a format cannot carry them, the judge's own
 * scorer as its labels — and nothing written to --out.
 */
import { describe, it } from 'vitest';
import { expectRefused, file, outDir, root } from './test-utils/harness.js';

const standin = `${root}studies/data/judged-standin.csv`;
const inspectLogs = `${root}packages/sim/src/evals/fixtures/inspect/judged`;
const lmEval = `${root}packages/sim/src/evals/fixtures/lm-eval/mmlu-stem`;

const cases: [string, () => string[], string | RegExp][] = [
  [
    'a label column that is not in the table',
    () => [standin, '--labels', 'gold'],
    /line 1, field "gold": no column "gold" \(given by --labels\)/,
  ],
  [
    'no labelled row at all',
    () => [file('judged-empty.csv', 'question,system,score,human\nq1,a,1,\nq2,a,0,\n'), '--labels', 'human'],
    /--labels human: no labelled row \(the eval has no metric "label:human"/,
  ],
  [
    'a label that is not 0/1 for a 0/1 judge',
    () => [
      file('judged-graded.csv', 'question,system,score,human\nq1,a,1,1\nq2,a,0,0.5\nq3,a,1,\n'),
      '--labels',
      'human',
    ],
    /judged-graded\.csv, line 3, field "label:human": label 0\.5 for system a, question q2, epoch 1: the judge's verdicts \(score\) are 0\/1/,
  ],
  [
    'a label that is not a number',
    () => [file('judged-text.csv', 'question,system,score,human\nq1,a,1,yes\n'), '--labels', 'human'],
    /judged-text\.csv, line 2, field "human": score "yes" is not a number or true\/false/,
  ],
  [
    'a gold scorer named on a long table',
    () => [standin, '--labels', 'scorer:human'],
    /long-csv logs carry no labels that way/,
  ],
  [
    'a column named on inspect_ai logs',
    () => [inspectLogs, '--metric', 'model_graded_qa', '--labels', 'human'],
    /field "labels": --labels human: inspect-eval logs carry no labels that way/,
  ],
  [
    'labels on lm-evaluation-harness logs',
    () => [lmEval, '--labels', 'human'],
    /lm-eval logs carry no labels that way/,
  ],
  [
    "the judge's own scorer as its labels",
    () => [inspectLogs, '--metric', 'model_graded_qa', '--labels', 'scorer:model_graded_qa'],
    /is the judge's own scorer/,
  ],
  [
    'a gold scorer not in the log',
    () => [inspectLogs, '--metric', 'model_graded_qa', '--labels', 'scorer:gold'],
    /no scorer "gold" in this log; scorers: model_graded_qa, human_label/,
  ],
  [
    'the label metric as the judge',
    () => [standin, '--labels', 'human', '--metric', 'label:human'],
    /--metric label:human is the label metric/,
  ],
  [
    'a baseline that is not a system',
    () => [standin, '--labels', 'human', '--baseline', 'model_c'],
    /--baseline model_c: no such system; systems: model_a, model_b/,
  ],
  ['a level outside (0, 1)', () => [standin, '--labels', 'human', '--level', '95'], /--level/],
];

describe('judge-scored evals', () => {
  it.each(cases)('%s', async (_, args, names) => {
    const out = outDir();
    await expectRefused({ args: ['analyze', ...args(), '--out', out], names }, out);
  });
});
