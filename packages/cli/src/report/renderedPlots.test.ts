/**
 * Plots are rendered again only when what they show changed (renderedPlots.ts): a second render of
 * the same results renders nothing and leaves every file and the record byte for byte; an edited SVG,
 * a missing one, other results or a damaged record are rendered again.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { RENDERED_RECORD, RenderedPlots } from './renderedPlots.js';
import { renderStudyPlots } from './renderPlots.js';
import type { VegaLiteSpec } from './renderSvg.js';
import { loadReportEntry } from './reportStudy.js';
import { vegaRuntime } from './vegaRuntime.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'evalsim-rendered-plots-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A stand-in renderer: the spec's title and data as text, counting its calls. */
function countingRender() {
  const calls: string[] = [];
  const render = async (spec: VegaLiteSpec) => {
    calls.push(String(spec.title?.text ?? spec.title));
    return `<svg>${JSON.stringify(spec)}</svg>`;
  };
  return { calls, render };
}

async function paired(out: string) {
  // paired-intervals has four plots; its committed results are the rows.
  cpSync(join(root, 'results', 'paired-intervals.arrow'), join(out, 'paired-intervals.arrow'));
  const entry = await loadReportEntry(join(root, 'studies', 'paired-intervals.json'), out);
  if (entry.status !== 'current') throw new Error(`paired-intervals results: ${entry.status}`);
  return entry.report;
}

describe('plots rendered only when what they show changed', () => {
  test('same results: nothing rendered again, files and record unchanged', async () => {
    const out = join(scratch, 'same');
    const { config, rows } = await paired(out);
    const first = countingRender();
    const plots = await renderStudyPlots(config, rows, out, first.render);
    expect(first.calls.length).toBe(4);
    const record = readFileSync(join(out, 'plots', RENDERED_RECORD), 'utf8');
    const files = plots.map((p) => readFileSync(join(out, p.file), 'utf8'));
    const second = countingRender();
    expect(await renderStudyPlots(config, rows, out, second.render)).toEqual(plots);
    expect(second.calls).toEqual([]);
    expect(readFileSync(join(out, 'plots', RENDERED_RECORD), 'utf8')).toBe(record);
    expect(plots.map((p) => readFileSync(join(out, p.file), 'utf8'))).toEqual(files);
  });

  test('an edited or missing SVG, other results or a damaged record: rendered again', async () => {
    const out = join(scratch, 'changed');
    const { config, rows } = await paired(out);
    const plots = await renderStudyPlots(config, rows, out, countingRender().render);
    writeFileSync(join(out, plots[0].file), '<svg>edited</svg>');
    rmSync(join(out, plots[1].file));
    const again = countingRender();
    await renderStudyPlots(config, rows, out, again.render);
    expect(again.calls.length).toBe(2);
    // Other results: every plot's spec differs.
    const shifted = rows.map((row) => ({ ...row, value: row.value + 1e-3 }));
    const other = countingRender();
    await renderStudyPlots(config, shifted, out, other.render);
    expect(other.calls.length).toBe(4);
    writeFileSync(join(out, 'plots', RENDERED_RECORD), '{ not json');
    const damaged = countingRender();
    await renderStudyPlots(config, shifted, out, damaged.render);
    expect(damaged.calls.length).toBe(4);
  });

  test('the key is the spec with the renderer’s versions', async () => {
    const spec = { title: 't', data: { values: [{ x: 1 }] } };
    const key = await RenderedPlots.key(spec);
    expect(await RenderedPlots.key(structuredClone(spec))).toBe(key);
    expect(await RenderedPlots.key({ ...spec, title: 'u' })).not.toBe(key);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
  });

  test('Vega’s own versions are its package.json versions (the key is the same where Vega is bundled)', async () => {
    const { vega, vegaLite } = await vegaRuntime();
    const installed = (name: string) =>
      JSON.parse(readFileSync(join(root, 'packages/cli/node_modules', name, 'package.json'), 'utf8')).version;
    expect([vega.version, vegaLite.version]).toEqual([installed('vega'), installed('vega-lite')]);
  });
});
