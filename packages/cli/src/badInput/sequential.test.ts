/**
 * Bad-input suite, sequential evals (`evalsim monitor`, `evalsim plan --looks`, `evalsim audit --looks`): looks out of
 * order or beyond the planned maximum, α or δ outside their range, a spending function that is
 * not one, a design file that is not one, and logs without a usable order — each refused with
 * the flag, file, row or field named, nothing printed as a result.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectRefused, file, outDir, root } from './test-utils/harness.js';

const log = file(
  'monitor/log.csv',
  'question,system,score,t\nq1,new,1,1\nq1,old,0,2\nq2,new,1,3\nq2,old,1,4\nq3,new,0,5\nq3,old,0,6\n',
);
const noOrder = file('monitor/gap.csv', 'question,system,score,t\nq1,new,1,1\nq1,old,0,\n');
const badOrder = file('monitor/text.csv', 'question,system,score,t\nq1,new,1,yesterday\nq1,old,0,2\n');
const graded = file('monitor/graded.csv', 'question,system,score\nq1,new,3.5\nq1,old,1\n');
const design = (doc: unknown) =>
  file(`monitor/design-${JSON.stringify(doc).length}-${Math.random()}.json`, JSON.stringify(doc));
const good = {
  kind: 'evalsim group-sequential design',
  alpha: 0.05,
  spending: { family: 'obf' },
  looks: [{ questions: 2 }, { questions: 3 }],
};
const lmEval = join(root, 'packages/sim/src/evals/fixtures/lm-eval/mmlu-stem');
const monitor = (...args: string[]) => ['monitor', log, '--baseline', 'old', ...args];
const audit = (...args: string[]) => [
  'audit',
  join(root, 'studies/data/seed000-shuffled.jsonl'),
  '--system',
  'sonnet_off',
  '--versus',
  'haiku_off',
  '--out',
  outDir(),
  ...args,
];

const cases: [string, string[], string | RegExp][] = [
  [
    'looks out of order',
    monitor('--looks', '2,1'),
    '--looks: looks out of order: look 2 (1 questions) is not after look 1 (2 questions)',
  ],
  ['equal looks', monitor('--looks', '2,2'), /--looks: looks out of order: look 2 \(2 questions\)/],
  [
    'a look beyond the planned maximum',
    monitor('--looks', '1,2,5', '--max-questions', '3'),
    '--looks: look 3 (5 questions) is beyond the planned maximum (--max-questions 3)',
  ],
  [
    'a last look short of the maximum',
    monitor('--looks', '1,2', '--max-questions', '3'),
    '--looks: the last look (2) must be the planned maximum (--max-questions 3)',
  ],
  [
    'K looks without a maximum',
    monitor('--looks', '3'),
    '--looks 3: give the planned maximum with --max-questions N',
  ],
  [
    'a fractional look',
    monitor('--looks', '1.5,3'),
    /--looks: look 1 is at 1\.5 questions; looks are whole numbers/,
  ],
  ['too many looks', monitor('--looks', '101', '--max-questions', '1000'), /--looks: must be an integer/],
  ['α = 0', monitor('--alpha', '0'), '--alpha: must be a number in (0, 1), got 0'],
  ['α = 1', monitor('--alpha', '1'), '--alpha: must be a number in (0, 1), got 1'],
  ['α = 1.5', monitor('--alpha', '1.5'), '--alpha: must be a number in (0, 1), got 1.5'],
  ['δ ≤ 0', monitor('--delta', '0'), /--delta: must be a number/],
  ['δ > 1', monitor('--delta', '2'), /--delta: must be a number/],
  [
    'an unknown spending',
    monitor('--looks', '2,3', '--spending', 'hsd'),
    '--spending: expected obf, pocock or power:ρ (e.g. power:2), got "hsd"',
  ],
  [
    'a power spending without ρ > 0',
    monitor('--looks', '2,3', '--spending', 'power:0'),
    '--spending power:0: ρ must be a number in (0, 100]',
  ],
  [
    'spending without looks',
    monitor('--spending', 'pocock'),
    '--spending: needs planned looks (--looks or --design)',
  ],
  ['a budget that is not a count', monitor('--max-questions', '0'), /--max-questions: must be an integer/],
  [
    'a design file that is missing',
    monitor('--design', 'nowhere.json'),
    /--design nowhere\.json: cannot read it \(ENOENT\)/,
  ],
  [
    'a design file that is not JSON',
    monitor('--design', file('monitor/not.json', '{ looks: ')),
    /--design .*not\.json: not JSON/,
  ],
  [
    'a design file of another kind',
    monitor('--design', design({ ...good, kind: 'study' })),
    /kind: expected "evalsim group-sequential design", got "study"/,
  ],
  [
    'a design file with looks out of order',
    monitor('--design', design({ ...good, looks: [{ questions: 3 }, { questions: 2 }] })),
    /looks: looks out of order: look 2 \(2 questions\) is not after look 1 \(3 questions\)/,
  ],
  [
    'a design file with α outside (0, 1)',
    monitor('--design', design({ ...good, alpha: 1.2 })),
    /alpha: must be a number in \(0, 1\), got 1\.2/,
  ],
  [
    'a design file and --looks',
    monitor('--design', design(good), '--looks', '3'),
    '--looks: the design file (--design) already fixes it',
  ],
  [
    'a planned gate and a budget',
    monitor('--design', design(good), '--max-questions', '3'),
    '--max-questions: the design file (--design) already fixes the maximum',
  ],
  [
    'a row without an order',
    ['monitor', noOrder, '--order', 't', '--baseline', 'old'],
    /gap\.csv, line 3, field "t": has no order/,
  ],
  [
    'an order that is not a number or a time',
    ['monitor', badOrder, '--order', 't', '--baseline', 'old'],
    /text\.csv, line 2, field "t": order "yesterday" is not a number or an ISO 8601 timestamp/,
  ],
  [
    'an order column the log lacks',
    monitor('--order', 'finished_at'),
    /log\.csv.*no column "finished_at" \(given by --order\)/,
  ],
  [
    'a log with no order column',
    ['monitor', lmEval, '--order', 'doc_id'],
    /field "order": --order names a column of a long table .* lm-eval log/,
  ],
  [
    'a score outside [0, 1]',
    ['monitor', graded, '--baseline', 'old'],
    /graded\.csv, line 2, field "score": monitor needs scores in \[0, 1\]/,
  ],
  [
    'an unknown baseline',
    ['monitor', log, '--baseline', 'older'],
    /--baseline: no system "older" in the logs; systems: new, old/,
  ],
  [
    'plan: looks out of order',
    [
      'plan',
      join(root, 'studies/data/mmlu-standin.csv'),
      '--delta',
      '0.03',
      '--systems',
      'haiku_low,sonnet_off',
      '--looks',
      '0.5,0.3,1',
      '--out',
      outDir(),
    ],
    '--looks: looks out of order: look 2 (0.3) is not after look 1 (0.5)',
  ],
  [
    'plan: a look beyond the maximum',
    [
      'plan',
      join(root, 'studies/data/mmlu-standin.csv'),
      '--delta',
      '0.03',
      '--systems',
      'haiku_low,sonnet_off',
      '--looks',
      '0.5,1.2',
      '--out',
      outDir(),
    ],
    '--looks: look 2 is at 1.2; fractions must be in (0, 1]',
  ],
  [
    'plan: spending without looks',
    [
      'plan',
      join(root, 'studies/data/mmlu-standin.csv'),
      '--delta',
      '0.03',
      '--spending',
      'obf',
      '--out',
      outDir(),
    ],
    '--spending: needs --looks',
  ],
  [
    'audit: a gate beyond the eval',
    audit('--looks', '600,1200'),
    "--looks: the last look (1,200 questions) is beyond the eval's 1,140 paired questions",
  ],
  [
    'audit: a maximum beyond the eval',
    audit('--looks', '5', '--max-questions', '2000'),
    "--looks: the last look (2,000 questions) is beyond the eval's 1,140 paired questions",
  ],
  ['audit: α outside (0, 1) (--level 1)', audit('--looks', '5', '--level', '1'), /--level: must be a number/],
  [
    'audit: a design file with α outside (0, 1)',
    audit('--design', design({ ...good, alpha: 1.2 })),
    /alpha: must be a number in \(0, 1\), got 1\.2/,
  ],
  [
    'audit: spending without looks',
    audit('--spending', 'pocock'),
    '--spending: needs a sequential gate (--looks or --design)',
  ],
  [
    'audit: looks out of order',
    audit('--looks', '600,300'),
    /--looks: looks out of order: look 2 \(300 questions\)/,
  ],
  [
    'audit: an order column the log lacks',
    audit('--looks', '5', '--order', 'finished_at'),
    /seed000-shuffled\.jsonl.*finished_at/,
  ],
  [
    'audit: clusters resampled where there are none',
    ['audit', log, '--looks', '2', '--resample', 'clusters', '--out', outDir()],
    /--resample clusters: .*log\.csv has no clusters/,
  ],
  [
    'audit: pass@k with a gate',
    audit('--looks', '5', '--k', '1'),
    "--k: not with a sequential gate (--looks / --design), which audits the gate's tests",
  ],
];

describe('sequential evals: bad looks, α, spending, design files and orders are refused by name', () => {
  it.each(cases)('%s', async (_name, args, names) => {
    await expectRefused({ args, names });
  });
  it('counts: at least 30 cases', () => expect(cases.length).toBeGreaterThanOrEqual(30));
});
