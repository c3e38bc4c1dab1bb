/**
 * The two ways of loading Vega (vegaRuntime.ts) give the same plots: the built code-cached
 * script (packages/cli/dist/vega.script.cjs, kept fresh by the test setup) renders every sample
 * chart to the same SVG bytes as the ES modules imported beside the sources, and its cache, made
 * by the build, is used — in a child process, since V8 checks that the flags it runs with are the
 * ones the cache was made with, and the test runner's may differ from `node`'s.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { expect, test } from 'vitest';
import { renderSvg } from './renderSvg.js';
import { sampleChartSpecs } from './sampleChartSpecs.js';
import { vegaRuntime } from './vegaRuntime.js';

const dist = fileURLToPath(new URL('../../dist', import.meta.url));

test('the code-cached Vega script renders the sample charts byte for byte as the imported modules', async () => {
  const imported = await vegaRuntime();
  const cached = await vegaRuntime(dist);
  expect(imported.script).toBeUndefined();
  expect(cached.script).toBeDefined();
  expect(cached.vega).not.toBe(imported.vega);
  for (const spec of sampleChartSpecs()) {
    const svg = await renderSvg(spec, cached);
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toBe(await renderSvg(spec, imported));
  }
});

test("the build's Vega cache is accepted by node", () => {
  const built = pathToFileURL(`${dist}/report/vegaRuntime.js`).href;
  const child = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const { vegaRuntime } = await import(${JSON.stringify(built)});
const { script } = await vegaRuntime(${JSON.stringify(dist)});
process.stdout.write(String(script?.cache));`,
    ],
    { encoding: 'utf8' },
  );
  expect(child.stderr).toBe('');
  expect(child.stdout).toBe('accepted');
});
