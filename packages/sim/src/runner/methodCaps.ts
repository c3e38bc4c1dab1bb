import type { SimulationStudy } from '../config/study.js';

/** Replications each method runs on: its own cap (`replications` in its entry), never above the run's. */
export function methodCaps(study: SimulationStudy, replications: number): number[] {
  return study.methods.map((m) => Math.min(m.replications ?? replications, replications));
}
