/** Guard-rail warnings reach the user: `evalsim validate` and `run` print them on stderr and still succeed. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { runCli } from '../cli.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'evalsim-warnings-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('guard-rail warnings in the CLI', () => {
  test('validate and run name the field', async () => {
    const study = join(tmp, 'w.json');
    writeFileSync(
      study,
      JSON.stringify({
        name: 'w',
        title: 'clustered method on questions drawn one by one',
        seed: 1,
        replications: 5,
        model: {
          name: 'itemPopulation',
          params: { population: join(root, 'studies/data/mmlu-standin.csv'), systems: ['haiku_off'], n: 100 },
        },
        methods: [{ id: 'cr1', method: 'clustered' }],
        metrics: ['coverage'],
      }),
    );
    const validate = await runCli(['validate', study], { cwd: root, env: {} });
    expect(validate.exitCode).toBe(0);
    expect(validate.stderr).toMatch(
      /warning: .*w\.json: methods\[0\]: method "cr1" \(clustered\) is a clustered method on data resampled without clusters/,
    );
    const run = await runCli(['run', study, '--out', tmp, '--workers', '0', '--quiet'], {
      cwd: root,
      env: {},
    });
    expect(run.exitCode).toBe(0);
    expect(run.stderr).toMatch(/warning: methods\[0\]/);
  });
});
