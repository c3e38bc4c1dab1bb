/**
 * Bad-input suite, study files: malformed JSON and YAML, values beyond the limits, wrong
 * types and names, broken user modules — each refused by `evalsim run` before any work,
 * naming the file and the field (see test-utils/harness.ts for what every case must show).
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli.js';
import { baseStudy, expectRefused, file, outDir, scratch, study } from './test-utils/harness.js';

type Study = Record<string, unknown>;
const model = (s: Study) => s.model as { name?: string; module?: string; params: Record<string, unknown> };
const methods = (s: Study) => s.methods as Record<string, unknown>[];
const expectation = (s: Study) => (s.expectations as Record<string, unknown>[])[0];

/** `evalsim run <path>` refused, naming `names`, writing nothing. */
async function runRefused(path: string, names: string | RegExp): Promise<void> {
  const out = outDir();
  await expectRefused({ args: ['run', path, '--out', out, '--workers', '0', '--quiet'], names }, out);
}

/** JSON text of the base study, with `edit` applied to the text. */
function studyText(edit: (text: string) => string): string {
  return edit(JSON.stringify(baseStudy(), null, 2));
}

describe('the base study of the suite', () => {
  it('is valid, so each case below fails for its own defect', async () => {
    const result = await runCli(['validate', study()], { cwd: scratch, env: {} });
    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
  });

  it('is accepted with a UTF-8 byte-order mark, as JSON and as YAML', async () => {
    const json = file('bom.json', `\ufeff${studyText((t) => t)}`);
    const yaml = file('bom.yaml', `\ufeff${JSON.stringify(baseStudy())}`);
    for (const path of [json, yaml]) {
      const result = await runCli(['validate', path], { cwd: scratch, env: {} });
      expect(result.exitCode, result.stderr).toBe(0);
    }
  });
});

const textCases: [string, () => string, string | RegExp][] = [
  [
    'a missing value',
    () => file('t1.json', '{\n  "name": "x",\n  "title": }'),
    /t1\.json is not valid JSON: line 3, column 12/,
  ],
  [
    'a trailing comma',
    () =>
      file(
        't2.json',
        studyText((t) => t.replace(/\n}$/, ',\n}')),
      ),
    /line \d+, column \d+: trailing comma/,
  ],
  [
    'a duplicate top-level key',
    () =>
      file(
        't3.json',
        studyText((t) => t.replace('"seed": 1,', '"seed": 1,\n  "seed": 2,')),
      ),
    /duplicate key "seed" \(first given on line 4\)/,
  ],
  [
    'a duplicate key inside a method',
    () =>
      file(
        't4.json',
        studyText((t) => t.replace('"method": "wald"', '"method": "wald", "method": "wilson"')),
      ),
    'duplicate key "method"',
  ],
  [
    'single quotes',
    () => file('t5.json', "{'name': 'x'}"),
    /line 1, column 2: expected a key in double quotes/,
  ],
  ['an empty file', () => file('t6.json', ''), 'the file is empty'],
  ['only whitespace', () => file('t7.json', '  \n\n '), 'the file is empty'],
  [
    'replications 1e400 (Infinity)',
    () =>
      file(
        't8.json',
        studyText((t) => t.replace('"replications": 20', '"replications": 1e400')),
      ),
    'replications: got Infinity',
  ],
  [
    'published 1e400 (Infinity)',
    () =>
      file(
        't9.json',
        studyText((t) => t.replace('"published": 0.9', '"published": 1e400')),
      ),
    'expectations[0].published: got Infinity',
  ],
  [
    'tolerance -1e400',
    () =>
      file(
        't10.json',
        studyText((t) => t.replace('"tolerance": 0.05', '"tolerance": -1e400')),
      ),
    'expectations[0].tolerance: got -Infinity',
  ],
  [
    'nesting 100,000 deep',
    () => file('t11.json', `{"name": ${'['.repeat(100_000)}${']'.repeat(100_000)}}`),
    'nested deeper than 256 levels',
  ],
  [
    'YAML nesting 100,000 deep',
    () => file('t11.yaml', `name: ${'['.repeat(100_000)}\n`),
    't11.yaml is not valid YAML: nested too deeply to read',
  ],
  [
    'Latin-1 bytes, not UTF-8',
    () => file('t12.json', Buffer.from('{"name": "caf\xe9"}', 'latin1')),
    't12.json is not UTF-8 text',
  ],
  [
    'a JSON array',
    () => file('t13.json', '[1, 2]'),
    /t13\.json is not a study file: it reads as a list, not an object/,
  ],
  [
    'text after the object',
    () => file('t14.json', `${studyText((t) => t)}\n{}`),
    /unexpected '\{' after the end of the JSON value/,
  ],
  [
    'a control character in a string',
    () => file('t15.json', '{"name": "a\tb"}'),
    'character U+0009 inside a string',
  ],
  [
    'YAML replications .inf',
    () => file('t16.yaml', JSON.stringify(baseStudy()).replace('"replications":20', '"replications": .inf')),
    'replications: got Infinity',
  ],
  [
    'YAML tolerance .nan',
    () => file('t17.yaml', JSON.stringify(baseStudy()).replace('"tolerance":0.05', '"tolerance": .nan')),
    'expectations[0].tolerance: got NaN',
  ],
  [
    'a YAML duplicate key',
    () => file('t18.yaml', 'name: a\ntitle: b\nname: c\n'),
    /t18\.yaml is not valid YAML: Map keys must be unique at line 3, column 1/,
  ],
  [
    'YAML syntax',
    () => file('t19.yaml', 'name: [unclosed\n'),
    /t19\.yaml is not valid YAML: .*line \d+, column \d+/,
  ],
  [
    'a study file over 10 MB',
    () => file('t20.json', `{"name": "${'x'.repeat(10_000_001)}"}`),
    /t20\.json has 10,000,0\d\d bytes; a study file has at most 10,000,000/,
  ],
];

describe('malformed study text is refused with the file, line and column', () => {
  it.each(textCases)('%s', async (_name, make, names) => {
    await runRefused(make(), names);
  });
});

const fieldCases: [string, (s: Study) => void, string | RegExp][] = [
  [
    'replications 0',
    (s) => {
      s.replications = 0;
    },
    'replications: got 0; allowed: an integer ≥ 1 and ≤ 100000000',
  ],
  [
    'replications 2.5',
    (s) => {
      s.replications = 2.5;
    },
    'replications: got 2.5; allowed: an integer',
  ],
  [
    'replications 1e12 (over the limit)',
    (s) => {
      s.replications = 1e12;
    },
    'replications: got 1000000000000; allowed: an integer ≥ 1 and ≤ 100000000',
  ],
  [
    'replications as text',
    (s) => {
      s.replications = '100';
    },
    'replications: got "100"; allowed: integer',
  ],
  [
    'replications negative',
    (s) => {
      s.replications = -5;
    },
    'replications: got -5',
  ],
  [
    'seed -1',
    (s) => {
      s.seed = -1;
    },
    'seed: got -1; allowed: an integer ≥ 0 and ≤ 4294967295',
  ],
  [
    'seed 2^33',
    (s) => {
      s.seed = 2 ** 33;
    },
    'seed: got 8589934592',
  ],
  [
    'seed 1.5',
    (s) => {
      s.seed = 1.5;
    },
    'seed: got 1.5',
  ],
  [
    'level 1',
    (s) => {
      s.level = 1;
    },
    'level: got 1; allowed: a number > 0 and < 1',
  ],
  [
    'level 0',
    (s) => {
      s.level = 0;
    },
    'level: got 0',
  ],
  [
    'a name that is not kebab-case',
    (s) => {
      s.name = 'Bad Name';
    },
    'name: got "Bad Name"; allowed: kebab-case',
  ],
  [
    'an empty title',
    (s) => {
      s.title = '';
    },
    'title: must not be empty',
  ],
  [
    'a misspelt top-level field',
    (s) => {
      s.replication = 10;
    },
    'replication: unknown field; allowed: $schema, name, title',
  ],
  [
    'a missing title',
    (s) => {
      delete s.title;
    },
    'title: is required',
  ],
  [
    'a missing seed',
    (s) => {
      delete s.seed;
    },
    'seed: is required',
  ],
  [
    'an unknown model',
    (s) => {
      model(s).name = 'betaBinomial';
    },
    'model.name: got "betaBinomial"; allowed: one of the models',
  ],
  [
    'a model with a name and a module',
    (s) => {
      model(s).module = './m.mjs';
    },
    'model: needs exactly one of the fields name, module',
  ],
  [
    'model p = 1.5',
    (s) => {
      model(s).params.p = 1.5;
    },
    'model.params.p: got 1.5; allowed: a number in (0, 1)',
  ],
  [
    'model rho = -0.1',
    (s) => {
      model(s).params.rho = -0.1;
    },
    'model.params.rho: got -0.1',
  ],
  [
    'an undeclared model parameter',
    (s) => {
      model(s).params.rhoo = 0.1;
    },
    /model\.params\.rhoo: .*a known parameter of betaBinomialClusters: .*did you mean rho\?/,
  ],
  [
    'grid.m = 1e300',
    (s) => {
      s.grid = { m: [2, 1e300] };
    },
    /grid\.m: got 1e\+300; allowed: an integer in \[1, 1000000000\] \(in grid cell 1: m=1e\+300\)/,
  ],
  [
    'a 10^7-cell grid',
    (s) => {
      s.grid = {
        m: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
        a: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
        b: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
        c: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
        d: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
        e: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
        f: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
      };
    },
    'grid: has 10,000,000 cells (10 × 10 × 10 × 10 × 10 × 10 × 10); allowed: at most 100,000',
  ],
  [
    'an empty grid list',
    (s) => {
      s.grid = { m: [] };
    },
    'grid.m: must list at least 1 item(s)',
  ],
  [
    'a grid key that shadows a result column',
    (s) => {
      s.grid = { m: [2], value: [1] };
    },
    'grid.value: got "value"; allowed: a name other than the result columns',
  ],
  [
    'a grid key also in model.params',
    (s) => {
      s.grid = { m: [2], p: [0.5] };
    },
    'grid.p: is also set in model.params',
  ],
  [
    'clusters over the array limit',
    (s) => {
      model(s).params.clusters = 1e8;
    },
    'model.params.clusters: got 100000000; allowed: an integer in [1, 10000000]',
  ],
  [
    'too many items per replication',
    (s) => {
      model(s).params.clusters = 2_000_000;
      s.grid = { m: [1000] };
    },
    /grid\.m: gives 2,000,000,000 items per replication; allowed: at most 1,000,000,000/,
  ],
  [
    'an old method name',
    (s) => {
      methods(s)[0].method = 'wilsonInterval';
    },
    /methods\[0\]\.method: got "wilsonInterval"; allowed: one of the methods .*; did you mean wilson\?/,
  ],
  [
    "the schema's old example clusteredT",
    (s) => {
      methods(s)[1].method = 'clusteredT';
    },
    /methods\[1\]\.method: got "clusteredT".*did you mean clustered\?/,
  ],
  [
    'a misspelt method option',
    (s) => {
      methods(s)[1].estimater = 'cr1';
    },
    /methods\[1\]\.estimater: .*a known option of clustered: estimator, critical; did you mean estimator\?/,
  ],
  [
    'an option value not allowed',
    (s) => {
      methods(s)[1].estimator = 'cr3';
    },
    'methods[1].estimator: got "cr3"; allowed: one of "cr1", "miller", "cr2"',
  ],
  [
    'an option on a method that takes none',
    (s) => {
      methods(s)[0].critical = 't';
    },
    'methods[0].critical: got "t"; allowed: no options (wald takes none)',
  ],
  [
    'method replications 0',
    (s) => {
      methods(s)[0].replications = 0;
    },
    'methods[0].replications: got 0',
  ],
  [
    'method replications over the limit',
    (s) => {
      methods(s)[0].replications = 1e9;
    },
    'methods[0].replications: got 1000000000',
  ],
  [
    'method level 1.5',
    (s) => {
      methods(s)[0].level = 1.5;
    },
    'methods[0].level: got 1.5',
  ],
  [
    'two methods with one id',
    (s) => {
      methods(s)[1].id = 'naive';
    },
    'methods[1].id: got "naive"',
  ],
  [
    'a method with a method and a module',
    (s) => {
      methods(s)[0].module = './x.mjs';
    },
    'methods[0]: needs exactly one of the fields method, module',
  ],
  [
    'no methods',
    (s) => {
      s.methods = [];
    },
    'methods: must list at least 1 item(s)',
  ],
  [
    'a method for another data kind',
    (s) => {
      methods(s)[0].method = 'leaderboardPairs';
    },
    /methods\[0\]\.method: leaderboardPairs analyses systemCopiesScores data, but model betaBinomialClusters produces clusteredScores/,
  ],
  [
    'an unknown metric',
    (s) => {
      s.metrics = ['coverag'];
    },
    /metrics\[0\]: got "coverag"; allowed: one of "coverage"/,
  ],
  [
    'a metric option out of range',
    (s) => {
      s.metrics = [{ metric: 'estimateQuantile', q: 2 }];
    },
    'metrics[0].q: got 2; allowed: a number in (0, 1)',
  ],
  [
    'a misspelt metric option',
    (s) => {
      s.metrics = [{ metric: 'rejectionRate', alfa: 0.05 }];
    },
    /metrics\[0\]\.alfa: .*did you mean alpha\?/,
  ],
  [
    'two metrics with one label',
    (s) => {
      s.metrics = ['coverage', 'coverage'];
    },
    'metrics[1].id: got "coverage"',
  ],
  [
    'an expectation for an unknown method',
    (s) => {
      expectation(s).method = 'naiv';
    },
    'expectations[0].method: got "naiv"; allowed: one of naive, clustered; did you mean naive?',
  ],
  [
    'an expectation for an unknown metric',
    (s) => {
      expectation(s).metric = 'power';
    },
    'expectations[0].metric: got "power"; allowed: one of coverage, median',
  ],
  [
    'an expectation matching no cell',
    (s) => {
      expectation(s).cell = { m: 9 };
    },
    'expectations[0].cell: got {"m":9}; allowed: parameter values that match at least one grid cell',
  ],
  [
    'an expectation without a basis',
    (s) => {
      delete expectation(s).basis;
    },
    'expectations[0].basis: is required',
  ],
  [
    'an expectation with a negative tolerance',
    (s) => {
      expectation(s).tolerance = -0.1;
    },
    'expectations[0].tolerance: got -0.1',
  ],
  [
    'an unknown formula',
    (s) => {
      s.formulas = [{ id: 'f', formula: 'designEfect', metric: 'deff' }];
    },
    /formulas\[0\]\.formula: got "designEfect".*did you mean designEffect\?/,
  ],
  [
    'a formula argument it does not take',
    (s) => {
      s.formulas = [{ id: 'f', formula: 'designEffect', metric: 'deff', icc: 0.1, iccc: 0.2 }];
    },
    /formulas\[0\]\.iccc: .*a known argument of designEffect/,
  ],
  [
    'an exact-coverage formula over a billion items',
    (s) => {
      s.formulas = [
        { id: 'f', formula: 'exactCoverage', metric: 'coverage', method: 'wald', n: 1e9, p: 0.5 },
      ];
    },
    'formulas[0].n: got 1000000000; allowed: a whole number of items in [1, 1000000]',
  ],
  [
    'a formula id used by a method',
    (s) => {
      s.formulas = [{ id: 'naive', formula: 'designEffect', metric: 'deff', icc: 0.1, clusterSize: 2 }];
    },
    'formulas[0].id: got "naive"',
  ],
  [
    'methods without a model',
    (s) => {
      delete s.model;
      delete s.seed;
      delete s.replications;
      s.formulas = [{ id: 'f', formula: 'designEffect', metric: 'deff', icc: 0.1, clusterSize: 'm' }];
    },
    'methods: need a model to analyse',
  ],
  [
    'a formula study without formulas',
    (s) => {
      delete s.model;
      delete s.methods;
      delete s.metrics;
      delete s.expectations;
    },
    'formulas: is required',
  ],
  [
    'a plot without a metric',
    (s) => {
      s.report = { plots: [{ id: 'p', title: 't', x: 'm' }] };
    },
    'report.plots[0].metric: is required',
  ],
];

describe('study fields beyond their limits or allowed values are refused, naming the field', () => {
  it.each(fieldCases)('%s', async (_name, change, names) => {
    await runRefused(study(change), names);
  });
});

const moduleCases: [string, () => string, string | RegExp][] = [
  [
    'a method module that does not exist',
    () =>
      study((s) => {
        methods(s)[0] = { id: 'mine', module: './nowhere.mjs' };
      }),
    /methods\[0\]\.module: got "\.\/nowhere\.mjs"; allowed: a path to an existing \.js\/\.mjs file/,
  ],
  [
    'a method module that is not .js/.mjs',
    () =>
      study((s) => {
        methods(s)[0] = { id: 'mine', module: './mine.ts' };
      }),
    'methods[0].module: got "./mine.ts"; allowed: a path ending in .js or .mjs',
  ],
  [
    'a method module that exports nothing',
    () => {
      file('empty-method.mjs', 'export const nothing = 1;\n');
      return study((s) => {
        methods(s)[0] = { id: 'mine', module: './empty-method.mjs' };
      });
    },
    'methods[0].module: ./empty-method.mjs must export a method definition',
  ],
  [
    'a method module missing its analyser factory',
    () => {
      file(
        'half-method.mjs',
        "export default { name: 'half', kind: 'interval', accepts: ['clusteredScores'] };\n",
      );
      return study((s) => {
        methods(s)[0] = { id: 'mine', module: './half-method.mjs' };
      });
    },
    /methods\[0\]\.module: the method exported by \.\/half-method\.mjs is not valid: create\(options, \{ level \}\) must be a function/,
  ],
  [
    'a method module that throws on import',
    () => {
      file('throwing-method.mjs', "throw new Error('broken on purpose');\n");
      return study((s) => {
        methods(s)[0] = { id: 'mine', module: './throwing-method.mjs' };
      });
    },
    /methods\[0\]\.module: could not import .*throwing-method\.mjs: broken on purpose/,
  ],
  [
    'a method module with a syntax error',
    () => {
      file('syntax-method.mjs', 'export default {\n');
      return study((s) => {
        methods(s)[0] = { id: 'mine', module: './syntax-method.mjs' };
      });
    },
    /methods\[0\]\.module: could not import .*syntax-method\.mjs/,
  ],
  [
    'a model module that does not exist',
    () =>
      study((s) => {
        s.model = { module: './no-model.mjs', params: {} };
      }),
    /model\.module: got "\.\/no-model\.mjs"/,
  ],
  [
    'a model module missing generate',
    () => {
      file(
        'half-model.mjs',
        "export default { name: 'half', dataKind: 'clusteredScores', parse: (p) => p, allocate: () => ({}), truth: () => 0 };\n",
      );
      return study((s) => {
        s.model = { module: './half-model.mjs', params: {} };
      });
    },
    /model\.module: the model exported by \.\/half-model\.mjs is not valid: generate must be a function/,
  ],
  [
    'a module path that is a folder',
    () => {
      file('a-folder.mjs/inner.txt', 'x');
      return study((s) => {
        methods(s)[0] = { id: 'mine', module: './a-folder.mjs' };
      });
    },
    /methods\[0\]\.module: got "\.\/a-folder\.mjs"; allowed: a path to an existing/,
  ],
];

describe('broken user modules are refused, naming the module field', () => {
  it.each(moduleCases)('%s', async (_name, make, names) => {
    await runRefused(make(), names);
  });
});

describe('finding the study', () => {
  it.each([
    [['run', 'studies/nope.json'], 'no study file studies/nope.json'],
    [['validate', 'studies/nope.json'], /no study file studies\/nope\.json\n/],
    [['run', 'clustered-coverge', '--studies', scratch], 'no study "clustered-coverge" in'],
    [
      ['run', 'clustered-coverge', '--studies', 'no-such-folder'],
      'and no folder no-such-folder/ to look it up in',
    ],
    [['run', scratch], 'is a folder, not a study file'],
  ] as const)('%j', async (args, names) => {
    await expectRefused({ args, names });
  });

  it('does not double the folder of a missing path, and suggests a near name', async () => {
    const result = await runCli(['validate', 'studies/clustered-coverge.json'], {
      cwd: `${scratch}/..`,
      env: {},
    });
    expect(result.stderr).not.toContain('studies/studies');
    const inRepo = await runCli(['run', 'clustered-coverge'], {
      cwd: new URL('../../../../', import.meta.url).pathname,
      env: {},
    });
    expect(inRepo.exitCode).toBe(2);
    expect(inRepo.stderr).toContain(
      'no study "clustered-coverge" in studies/ (nor a file of that name); did you mean clustered-coverage?',
    );
  });

  it('validate --no-modules checks a study without importing its modules', async () => {
    file(
      'marker-method.mjs',
      "import { writeFileSync } from 'node:fs';\nwriteFileSync(new URL('./imported.txt', import.meta.url), 'x');\nexport default {};\n",
    );
    const path = study((s) => {
      methods(s)[0] = { id: 'mine', module: './marker-method.mjs' };
    });
    const result = await runCli(['validate', path, '--no-modules'], { cwd: scratch, env: {} });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain('(not imported: methods[0].module; their contents unchecked)');
    const { existsSync } = await import('node:fs');
    expect(existsSync(`${scratch}/imported.txt`)).toBe(false);
    const missing = study((s) => {
      methods(s)[0] = { id: 'mine', module: './gone.mjs' };
      model(s).params.p = 2;
    });
    const refused = await runCli(['validate', missing, '--no-modules'], { cwd: scratch, env: {} });
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toContain('methods[0].module: got "./gone.mjs"');
    expect(refused.stderr).toContain('model.params.p: got 2');
    expect(existsSync(`${scratch}/imported.txt`)).toBe(false);
  });
});

it('counts: at least 75 malformed study files', () => {
  expect(textCases.length + fieldCases.length + moduleCases.length).toBeGreaterThanOrEqual(75);
});
