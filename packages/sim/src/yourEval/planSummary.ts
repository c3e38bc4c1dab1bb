/**
 * Reads a plan study's results: per test, the simulated power curve over the grid, the
 * size needed for the target power with its ±2·MCSE band (requiredSize.ts), and beside
 * it Miller's closed-form power at each size, Φ(|δ|√n/√V − z_{1−α/2}) with V the paired
 * (eq. 9) or unpaired per-question variance of the shifted population — times the design
 * effect when whole clusters are drawn (sizes in clusters count K·m̄ questions).
 */
import { millerPairedVariance, unpairedVariance } from '@evalsim/core';
import type { ResultRow } from '../output/resultRow.js';
import { normalPower } from './normalPower.js';
import type { Plan } from './planStudy.js';
import { type PowerPoint, type RequiredSize, requiredSize } from './requiredSize.js';

export interface PlanCurve {
  readonly id: string;
  readonly label: string;
  readonly primary: boolean;
  readonly points: readonly PowerPoint[];
  readonly required: RequiredSize;
}

export interface PlanSummary {
  readonly curves: readonly PlanCurve[];
  /** Miller's closed-form power at each grid size. */
  readonly closedForm: readonly { readonly size: number; readonly power: number }[];
  /** Miller's required size, in the plan's unit. */
  readonly closedFormSize: number;
}

export function summarizePlan(plan: Plan, rows: readonly ResultRow[]): PlanSummary {
  const key = plan.unit === 'clusters' ? 'clusters' : 'n';
  const curves = plan.tests.map((test) => {
    const points = rows
      .filter((r) => r.method === test.id && r.metric === 'power')
      .map((r) => ({ size: Number(r.params[key]), power: r.value, mcse: r.mcse }))
      .sort((a, b) => a.size - b.size);
    if (points.length === 0) throw new Error(`plan: no power rows for ${test.id} in the results`);
    return { ...test, points, required: requiredSize(points, plan.power) };
  });
  const k = { kA: plan.epochs, kB: plan.epochs };
  const perQuestion =
    plan.design === 'paired'
      ? millerPairedVariance({ ...plan.parts, ...k })
      : unpairedVariance({ ...plan.parts, ...k });
  const questionsPer = plan.unit === 'clusters' ? plan.meanClusterSize : 1;
  const variance = perQuestion * (plan.unit === 'clusters' ? plan.designEffect : 1);
  const delta = plan.parts.gap;
  const closedForm = plan.sizes.map((size) => ({
    size,
    power: normalPower(delta, variance, size * questionsPer, plan.alpha),
  }));
  const closedFormSize =
    plan.unit === 'clusters' ? (plan.miller.n * plan.designEffect) / plan.meanClusterSize : plan.miller.n;
  return { curves, closedForm, closedFormSize };
}
