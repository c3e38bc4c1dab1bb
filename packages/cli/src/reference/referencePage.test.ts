/**
 * The generated reference: docs/reference.md is current (regenerate with `npm run generate`),
 * and it and the listings show every registered block with every declared option.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { methodRegistry, metricRegistry, modelRegistry } from '@evalsim/sim';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli.js';
import { BLOCK_ROLES, blockDocs } from './blockDocs.js';
import { referencePage } from './referencePage.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

async function evalsim(...args: string[]) {
  return runCli(args, { cwd: root, env: {} });
}

describe('docs/reference.md', () => {
  it('is current (run `npm run generate` after changing a block or its options)', () => {
    expect(readFileSync(`${root}docs/reference.md`, 'utf8')).toBe(referencePage());
  });

  it('has a section for every block and a row for every option', () => {
    const page = referencePage();
    for (const role of BLOCK_ROLES) {
      for (const block of blockDocs(role)) {
        expect(page).toContain(`### ${block.name}\n`);
        for (const option of block.options) expect(page).toContain(`| \`${option.name}\` | ${option.type} |`);
      }
    }
  });
});

describe('evalsim methods, models, metrics, formulas', () => {
  it('lists every method with its kind, data kinds and options, in 100 columns', async () => {
    const run = await evalsim('methods');
    expect(run.exitCode).toBe(0);
    for (const method of methodRegistry.list) {
      expect(run.stdout).toContain(`${method.name}  (${method.kind}; accepts ${method.accepts.join(', ')})`);
      for (const option of Object.keys(method.options ?? {}))
        expect(run.stdout).toMatch(new RegExp(`^  ${option} `, 'm'));
    }
    for (const line of run.stdout.split('\n')) expect([...line].length).toBeLessThanOrEqual(100);
  });

  it('shows one block, its option types, defaults and allowed values', async () => {
    const run = await evalsim('methods', 'clustered');
    expect(run.stdout).toMatch(/^ {2}estimator +choice +"cr1" +one of "cr1", "miller", "cr2"/m);
    const models = await evalsim('models', 'betaBinomialClusters');
    expect(models.stdout).toMatch(/^ {2}p +number +required +a number in \(0, 1\)/m);
    const json = JSON.parse((await evalsim('metrics', '--json')).stdout) as { name: string }[];
    expect(json.map((m) => m.name)).toEqual(metricRegistry.list.map((m) => m.name));
    const one = JSON.parse((await evalsim('models', 'systemCopies', '--json')).stdout);
    expect(one[0].options.find((o: { name: string }) => o.name === 'copies')).toMatchObject({
      type: 'integer',
      required: true,
      allowed: 'an integer in [2, 1000]',
    });
    expect(modelRegistry.list.length).toBeGreaterThan(0);
  });

  it('refuses an unknown name with the closest one (an old name included)', async () => {
    const run = await evalsim('methods', 'wilsonInterval');
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('no method "wilsonInterval"; did you mean wilson?');
  });
});
