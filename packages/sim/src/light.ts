/**
 * The second entry of @evalsim/sim, `@evalsim/sim/light`: the few names the CLI needs before it
 * knows which command runs (usage errors with "did you mean", `--version`) and those its
 * calculators use (`coverage --paired` reads the paired cell probabilities), importable without
 * loading the runner, Arrow, ajv or yaml. A bundler follows a barrel file's every re-export
 * when it splits code (esbuild puts what index.ts reaches into one shared chunk), so the
 * CLI's calculators import these from here and never reach index.ts. Every name here is also
 * exported by index.ts (the public API) or internal.ts (the CLI's).
 */
export { closestName, didYouMean } from './base/closestName.js';
export { ConfigError } from './base/errors.js';
export { type PairedCellProbabilities, pairedCellProbabilities } from './base/pairedCellProbabilities.js';
export { PAIRED_INTERVAL_NAMES, PAIRED_INTERVALS } from './base/pairedIntervalNames.js';
export { evalsimVersion } from './output/version.js';
