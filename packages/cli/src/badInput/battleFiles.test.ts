/**
 * Bad-input suite, battle files (`evalsim rate`, issue 31): a model against itself, an unknown
 * winner, a JSON syntax error, a preference outside [1, 2], a comparison graph in two groups, an
 * MLE that does not exist with --prior 0, Davidson on fractional scores, --audit without --out —
 * each refused naming the file, line and field (or the flag), nothing written to --out.
 */
import { describe, it } from 'vitest';
import { expectRefused, file, outDir } from './test-utils/harness.js';

const battles = (rows: string[]) => `${rows.join('\n')}\n`;
const row = (a: string, b: string, winner: string) => JSON.stringify({ model_a: a, model_b: b, winner });

describe('evalsim rate: bad battle files', () => {
  const cases: [string, () => string[], string | RegExp][] = [
    [
      'a self-battle',
      () => ['rate', file('self.jsonl', battles([row('a', 'b', 'model_a'), row('c', 'c', 'tie')]))],
      /self\.jsonl, line 2, field "model_b": "c" against itself: a self-battle says nothing about ratings/,
    ],
    [
      'an unknown winner',
      () => ['rate', file('winner.jsonl', battles([row('a', 'b', 'model_a'), row('a', 'b', 'draw')]))],
      /winner\.jsonl, line 2, field "winner": "draw" is not a battle verdict: expected one of model_a, model_b, tie, tie \(bothbad\), both_bad/,
    ],
    [
      'a JSON syntax error in an array',
      () => [
        'rate',
        file(
          'broken.json',
          '[\n  {"model_a": "a", "model_b": "b", "winner": "tie"},\n  {"model_a": "a" "model_b": "b"}\n]\n',
        ),
      ],
      /broken\.json, line 3, column \d+/,
    ],
    [
      'an AlpacaEval preference outside [1, 2]',
      () => [
        'rate',
        file('alpaca.json', JSON.stringify([{ generator_1: 'a', generator_2: 'b', preference: 3 }])),
      ],
      /alpaca\.json, field "\[0\]\.preference": 3 is not an AlpacaEval preference/,
    ],
    [
      'a comparison graph in two groups',
      () => [
        'rate',
        file(
          'groups.jsonl',
          battles([row('a', 'b', 'model_a'), row('b', 'a', 'model_a'), row('c', 'd', 'tie')]),
        ),
      ],
      /2 separate groups of models that never met: ratings are not comparable across them .*rate one group with --models/,
    ],
    [
      'a model with only wins and --prior 0',
      () => [
        'rate',
        file(
          'wins.jsonl',
          battles([row('a', 'b', 'model_a'), row('a', 'c', 'model_a'), row('b', 'c', 'tie')]),
        ),
        '--prior',
        '0',
      ],
      /the maximum-likelihood ratings do not exist: a never lost a point to the rest/,
    ],
    [
      'Davidson on weighted preferences',
      () => [
        'rate',
        file(
          'weighted.json',
          JSON.stringify([
            { generator_1: 'a', generator_2: 'b', preference: 1.3 },
            { generator_1: 'b', generator_2: 'a', preference: 1.6 },
          ]),
        ),
        '--ties',
        'davidson',
      ],
      /--ties davidson needs wins, losses and ties; these battles hold fractional scores/,
    ],
    [
      '--audit without --out',
      () => [
        'rate',
        file('ok.jsonl', battles([row('a', 'b', 'model_a'), row('b', 'a', 'model_a')])),
        '--audit',
      ],
      '--audit writes its design, study and results: give --out DIR',
    ],
    ['--plan without --gap', () => ['rate', '--plan'], '--plan: give the rating gap to detect, --gap N'],
    ['no battle file', () => ['rate'], 'give the battle files to rate'],
  ];
  it.each(cases)('%s', async (_name, args, names) => {
    await expectRefused({ args: args(), names });
  });
  it('writes nothing to --out when the battles are refused', async () => {
    const out = outDir();
    await expectRefused(
      {
        args: ['rate', file('w2.jsonl', battles([row('a', 'b', 'win')])), '--out', out],
        names: /field "winner"/,
      },
      out,
    );
  });
});
