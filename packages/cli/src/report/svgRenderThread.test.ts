/**
 * The plot render thread (svgRenderThread.ts): the built packages/evalsim/dist/svgRenderWorker.mjs renders the bytes
 * renderSvg renders here, several at once, answers a broken spec with its error, and stops on
 * `close`; without the built module the renderer is renderSvg in this thread.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { countHistogramSpec, lineChartSpec } from './chartSpec.js';
import { renderSvg } from './renderSvg.js';
import { createSvgRenderer, svgRenderWorkerFile } from './svgRenderThread.js';

/** The package's render thread, built by the test setup (npm test runs `npm run setup` first, scripts/bundle.mjs). */
const BUILT = fileURLToPath(new URL('../../../evalsim/dist/svgRenderWorker.mjs', import.meta.url));

const line = lineChartSpec(
  [
    { x: 10, y: 0.887, mcse: 0.005, series: 'wald', published: 0.887 },
    { x: 20, y: 0.921, mcse: 0.004, series: 'wald' },
    { x: 10, y: 0.968, mcse: 0.003, series: 'wilson' },
  ],
  { title: 'Coverage', xTitle: 'n', yTitle: 'coverage', percent: true, reference: 0.95, xLog: true },
);
const bars = countHistogramSpec(
  [
    { value: '0', frequency: 0.2, mcse: 0.01 },
    { value: '1', frequency: 0.5, mcse: 0.01 },
  ],
  { title: 'Pairs', xTitle: 'pairs' },
);

describe('plots rendered on a thread of their own', () => {
  test('the same SVG bytes as renderSvg here, for several specs at once', async () => {
    expect(existsSync(BUILT)).toBe(true);
    const renderer = createSvgRenderer(BUILT);
    try {
      const [a, b, c] = await Promise.all([
        renderer.render(line),
        renderer.render(bars),
        renderer.render(line),
      ]);
      expect(a).toBe(await renderSvg(line));
      expect(b).toBe(await renderSvg(bars));
      expect(c).toBe(a);
    } finally {
      await renderer.close();
    }
  });

  test('a spec Vega-Lite refuses rejects with its message; the thread goes on', async () => {
    const renderer = createSvgRenderer(BUILT);
    try {
      const broken = { mark: 'no-such-mark', data: { values: [] } };
      const here = await renderSvg(broken).then(
        () => 'rendered',
        (error: Error) => error.message,
      );
      expect(here).not.toBe('rendered');
      await expect(renderer.render(broken)).rejects.toThrow(`rendering a plot: ${here}`);
      expect((await renderer.render(bars)).startsWith('<svg')).toBe(true);
    } finally {
      await renderer.close();
    }
  });

  test('without the built module the renderer renders here; from src the module is not found', async () => {
    expect(svgRenderWorkerFile()).toBeUndefined();
    const here = createSvgRenderer(undefined);
    expect(here.render).toBe(renderSvg);
    await here.close();
  });
});
