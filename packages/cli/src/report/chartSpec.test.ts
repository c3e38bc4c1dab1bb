import { describe, expect, it } from 'vitest';
import { lineChartSpec } from './chartSpec.js';
import { renderSvg } from './renderSvg.js';

describe('lineChartSpec + renderSvg', () => {
  it('renders a coverage chart with error bars, published points and a reference line', async () => {
    const spec = lineChartSpec(
      [
        { x: 10, y: 0.887, mcse: 0.005, series: 'wald', published: 0.887 },
        { x: 20, y: 0.921, mcse: 0.004, series: 'wald', published: null },
        { x: 10, y: 0.968, mcse: 0.003, series: 'wilson' },
      ],
      { title: 'Coverage', xTitle: 'n', yTitle: 'coverage', percent: true, reference: 0.95, xLog: true },
    );
    const svg = await renderSvg(spec);
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('Coverage');
    // two series in the legend
    expect(svg).toContain('wald');
    expect(svg).toContain('wilson');
  });
});
