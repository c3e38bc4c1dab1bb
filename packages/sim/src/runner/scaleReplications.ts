/**
 * A study with its replication counts scaled (for `--replications-scale`):
 * the study's count and every method's cap are multiplied by `scale` and
 * rounded, never below 1.
 */
import type { Study } from '../config/study.js';

export function scaledCount(count: number, scale: number): number {
  return Math.max(1, Math.round(count * scale));
}

/** The replications a scaled run uses, and the study with scaled method caps. */
export function scaleStudy(study: Study, scale: number): { study: Study; replications?: number } {
  if (scale === 1 || study.replications === undefined) return { study };
  const methods = study.methods.map((method) =>
    method.replications === undefined
      ? method
      : { ...method, replications: scaledCount(method.replications, scale) },
  );
  return { study: { ...study, methods }, replications: scaledCount(study.replications, scale) };
}
