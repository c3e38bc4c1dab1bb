/**
 * The layering of each package's src/: an ordered list of floors, each a set of folders
 * (or root files). A production file may import only from its own folder or from a floor
 * below its own, never from a floor above nor from a sibling on the same floor, so the
 * folder graph has no cycles and the ground floor imports nothing of the package.
 * Tests and test-utils/ are not checked. A folder missing here fails the check: place it.
 */
export const LAYERS: Readonly<Record<string, readonly (readonly string[])[]>> = {
  core: [
    // roots (Brent's method) needs nothing of the package
    ['types.ts', 'validate.ts', 'roots'],
    ['distributions', 'multiplicity', 'repeated'],
    ['intervals'],
    // built on the proportion intervals: Korn–Graubard (clustered), paired and two-sample differences, Bayes
    ['clustered', 'pairedIntervals', 'twoSampleIntervals', 'bayes'],
    ['bootstrap', 'coverage', 'paired'],
    // power: McNemar power enumerates paired/'s exact p-values
    ['power'],
    ['index.ts'],
  ],
  sim: [
    // the ground floor: the vocabulary every role shares; samplers, populations, sharded
    // runs (shard specs, scheduler environments, plans, scheduler scripts) and the eval-log
    // importers (evals/ with its io/ and formats/: only node and apache-arrow) need nothing else
    ['base', 'samplers', 'population', 'shard', 'evals'],
    ['rng', 'output'],
    // the roles
    ['models', 'methods', 'metrics', 'formulas'],
    // the study file: loader and one resolver per role
    ['config'],
    // runner: the only place that knows about workers; yourEval: the audit/plan/leaderboard
    // studies generated from an eval (configs and the reading of their results, never a run)
    ['runner', 'yourEval'],
    ['index.ts'],
  ],
  cli: [
    ['io.ts'],
    ['format'],
    ['report', 'reproduce', 'reference', 'show'],
    ['commands'],
    ['cli.ts'],
    ['main.ts'],
  ],
};
