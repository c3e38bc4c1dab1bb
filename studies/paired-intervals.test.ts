/**
 * studies/paired-intervals.json checks itself twice, since no printed coverage values could
 * be found for these intervals (see the study's description):
 * (1) every formula row (exact paired coverage, core exactPairedCoverage through the
 *     exactPairedCoverage formula) against an independent brute-force enumeration in Python
 *     (packages/sim/fixtures/pairedIntervalsStudy.json, made by
 *     packages/sim/fixtures/scripts/pairedIntervalsStudy.py from the study file) at 1e-9
 *     relative — computed here by loading the study, no results file needed;
 * (2) in the committed results, every simulated coverage (each sim method on the study's 20,000
 *     replications of the pairedMultinomial model) against its exact value:
 *     |simulated − exact| ≤ 4.5·√(C(1 − C)/R) at the exact C (at least 4.5/R). Over the 480
 *     comparisons the chance of a false alarm is below 480 × 6.8e-6 = 0.3%; an adapter or
 *     model error of a point or more fails it (4.5 MCSE ≤ 0.0072 at any coverage, 0.0031 near 95%).
 */
import { fileURLToPath } from 'node:url';
import { loadStudy, readResultsArrow } from '@evalsim/sim';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../packages/sim/src/test-utils/fixtures.js';

const studyFile = fileURLToPath(new URL('paired-intervals.json', import.meta.url));
const results = fileURLToPath(new URL('../results/paired-intervals.arrow', import.meta.url));

interface Case {
  id: string;
  n: number;
  discordance: number;
  imbalance: number;
  coverage: number;
}
const key = (id: string, p: Record<string, unknown>) => `${id} n=${p.n} d=${p.discordance} s=${p.imbalance}`;

describe('paired-intervals: exact coverage against an independent enumeration', () => {
  it('every formula row within 1e-9 relative of the Python brute force', async () => {
    const study = await loadStudy(studyFile);
    const { cases, p11 } = loadFixture<{ cases: Case[]; p11: number }>('pairedIntervalsStudy');
    expect(study.config.model?.params?.p11).toBe(p11);
    const reference = new Map(cases.map((c) => [key(c.id, { ...c }), c.coverage]));
    // The formula values as the loader computes them for every cell (what the results record).
    const values = study.formulas.flatMap((formula) =>
      study.cells.map((cell) => ({ label: key(formula.id, cell.params), value: formula.values[cell.index] })),
    );
    expect(values).toHaveLength(study.cells.length * 5);
    expect(reference.size).toBe(values.length);
    const misses = values.filter(({ label, value }) => {
      const expected = reference.get(label);
      return (
        expected === undefined || value === undefined || !(Math.abs(value - expected) <= 1e-9 * expected)
      );
    });
    expect(misses).toEqual([]);
  }, 120_000);
});

describe('paired-intervals: simulated coverage equals the exact coverage within Monte Carlo error', () => {
  const { rows } = readResultsArrow(results);
  const exact = new Map(
    rows
      .filter((row) => row.method.startsWith('exact:'))
      .map((row) => [`${row.cell}/${row.method.slice('exact:'.length)}`, row.value]),
  );
  const simulated = rows.filter((row) => row.metric === 'coverage' && !row.method.startsWith('exact:'));
  it("has the study's replications (20,000) of each of the five methods in every cell", () => {
    expect(simulated).toHaveLength(exact.size);
    expect(new Set(simulated.map((row) => row.method))).toEqual(
      new Set(['pairedWald', 'tango', 'newcombePaired', 'bonettPrice', 'agrestiMin']),
    );
    for (const row of simulated) expect(row.replications).toBe(20_000);
  });
  it('|simulated − exact| ≤ 4.5 MCSE in all comparisons', () => {
    const far = simulated.filter((row) => {
      const c = exact.get(`${row.cell}/${row.method}`) as number;
      const mcse = Math.max(Math.sqrt((c * (1 - c)) / row.replications), 1 / row.replications);
      return !(Math.abs(row.value - c) <= 4.5 * mcse);
    });
    expect(far.map((row) => `${row.method} cell ${row.cell}: ${row.value}`)).toEqual([]);
  });
});
