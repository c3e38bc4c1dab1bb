/**
 * The exactPairedCoverage formula equals core exactPairedCoverage (itself checked against a
 * Python brute-force enumeration) at the cell's probabilities however the cell gives them,
 * under the sim methods' names, at the entry's level; bad cells are refused by name. Its
 * values over the whole paired-intervals study are checked against their own independent
 * enumeration in studies/paired-intervals.test.ts.
 */
import { exactPairedCoverage } from '@evalsim/core';
import { describe, expect, it } from 'vitest';
import { exactPairedCoverageFormula } from './exactPairedCoverageFormula.js';

const at = (method: string, level = 0.95) => exactPairedCoverageFormula.create({ method }, { level });

describe('exactPairedCoverage formula', () => {
  it('equals core for every interval, p10/p01 or discordance/imbalance, p11 given or not', () => {
    const names = {
      pairedWald: 'pairedWald',
      tango: 'tangoScore',
      newcombePaired: 'newcombePaired',
      bonettPrice: 'bonettPrice',
      agrestiMin: 'agrestiMin',
    } as const;
    for (const [name, core] of Object.entries(names)) {
      const f = at(name);
      expect(f({ n: 30, p10: 0.15, p01: 0.05, p11: 0.5 })).toBe(
        exactPairedCoverage(core, 30, 0.5, 0.15, 0.05),
      );
      // discordance 0.2, imbalance 0.5 → p10 0.15, p01 0.05 (up to rounding); p11 default 0.4
      const shares = f({ n: 30, discordance: 0.2, imbalance: 0.5 });
      expect(shares).toBeCloseTo(exactPairedCoverage(core, 30, 0.4, 0.15, 0.05), 12);
    }
  });
  it('uses the entry level, a number or another parameter for n, and the cell itself', () => {
    expect(at('tango', 0.9)({ n: 25, p10: 0.1, p01: 0.1 })).toBe(
      exactPairedCoverage('tangoScore', 25, 0.4, 0.1, 0.1, 0.9),
    );
    const f = exactPairedCoverageFormula.create({ method: 'agrestiMin', n: 'questions' }, { level: 0.95 });
    expect(f({ questions: 40, p10: 0.2, p01: 0.1 })).toBe(
      exactPairedCoverage('agrestiMin', 40, 0.35, 0.2, 0.1),
    );
    expect(f({ questions: 40, p10: 0.1, p01: 0.2 })).toBe(
      exactPairedCoverage('agrestiMin', 40, 0.35, 0.1, 0.2),
    );
    expect(
      exactPairedCoverageFormula.create(
        { method: 'pairedWald', n: 12 },
        { level: 0.95 },
      )({ p10: 0.1, p01: 0 }),
    ).toBe(exactPairedCoverage('pairedWald', 12, 0.45, 0.1, 0));
  });
  it('refuses bad options and cells, naming them', () => {
    expect(() => exactPairedCoverageFormula.create({}, { level: 0.95 })).toThrow(/^method: is required/);
    expect(() => exactPairedCoverageFormula.create({ method: 'tangoScore' }, { level: 0.95 })).toThrow(
      /^method:/,
    );
    const f = at('tango');
    expect(() => f({ p10: 0.1, p01: 0.1 })).toThrow(/^n: reads cell parameter "n", which is not set/);
    expect(() => f({ n: 2.5, p10: 0.1, p01: 0.1 })).toThrow(/^n:/);
    expect(() => f({ n: 10, p10: 0.1 })).toThrow(/^p01:/);
    expect(() => f({ n: 10, p10: 0.5, p01: 0.2, p11: 0.5 })).toThrow(/^p11:/);
  });
  it('computes the listed cells of one n together, each bit for bit its value alone, in any order', () => {
    const cells = [
      { n: 30, discordance: 0.1, imbalance: 0 },
      { n: 30, discordance: 0.2, imbalance: 0.5 },
      { n: 12, discordance: 0.4, imbalance: 0.9 },
      { n: 30, p10: 0.5, p01: 0.2, p11: 0.5 }, // unreadable: p11 + p10 + p01 > 1
      { n: 30, discordance: 0.4, imbalance: -0.8, p11: 0.3 },
      { n: 12, discordance: 0.05, imbalance: 0.2 },
    ];
    for (const method of ['newcombePaired', 'tango']) {
      const alone = cells.map((cell) => {
        try {
          return at(method)(cell);
        } catch {
          return undefined;
        }
      });
      for (const order of [
        [0, 1, 2, 3, 4, 5],
        [5, 4, 3, 2, 1, 0],
        [4, 2, 0, 5, 1, 3],
      ]) {
        const together = exactPairedCoverageFormula.create({ method }, { level: 0.95, cells });
        for (const i of order) {
          if (alone[i] === undefined) expect(() => together(cells[i])).toThrow(/^p11:/);
          else expect(Object.is(together(cells[i]), alone[i])).toBe(true);
        }
        // Asked again, a cell is computed again, with the same value.
        expect(Object.is(together(cells[1]), alone[1])).toBe(true);
      }
    }
  });
});
