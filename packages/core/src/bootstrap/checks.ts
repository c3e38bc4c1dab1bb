import { assertInteger, assertLevel } from '../validate.js';

/** Shared argument checks of the bootstrap intervals. */
export function checkBootstrapArgs(resamples: number, level: number): void {
  assertInteger('resamples', resamples, 2);
  assertLevel(level);
}
