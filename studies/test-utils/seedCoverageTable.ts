/**
 * Seed 003's exact-coverage table ("Exact coverage of nominal 95% intervals for a binomial
 * proportion"), read from the one place it is written: the expectations of
 * studies/exact-coverage.json. Each entry: the cell (n, p), the study's formula id, the
 * core interval method that formula computes, and the published coverage (a proportion).
 */
import { readFileSync } from 'node:fs';
import type { ProportionIntervalMethod } from '@evalsim/core';

export interface PublishedCoverage {
  readonly n: number;
  readonly p: number;
  /** The formula id in the study (wald, wilson, betaUniform). */
  readonly id: string;
  /** The core method it computes (wald, wilson, betaPosterior). */
  readonly method: ProportionIntervalMethod;
  readonly published: number;
}

interface StudyFile {
  readonly formulas: readonly { readonly id: string; readonly method: ProportionIntervalMethod }[];
  readonly expectations: readonly {
    readonly cell: { readonly n: number; readonly p: number };
    readonly method: string;
    readonly published: number;
  }[];
}

export function seedCoverageTable(): PublishedCoverage[] {
  const study = JSON.parse(
    readFileSync(new URL('../exact-coverage.json', import.meta.url), 'utf8'),
  ) as StudyFile;
  const methodOf = new Map(study.formulas.map((f) => [f.id, f.method]));
  return study.expectations.map((e) => {
    const method = methodOf.get(e.method);
    if (!method) throw new Error(`exact-coverage.json: expectation of unknown formula ${e.method}`);
    return { n: e.cell.n, p: e.cell.p, id: e.method, method, published: e.published };
  });
}
