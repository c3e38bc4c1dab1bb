/**
 * The layering of each package's src/: an ordered list of floors, each a set of folders
 * (or root files). A production file may import only from its own folder or from a floor
 * below its own, never from a floor above nor from a sibling on the same floor, so the
 * folder graph has no cycles and the ground floor imports nothing of the package.
 * Tests and test-utils/ are not checked. A folder missing here fails the check: place it.
 */
export const LAYERS: Readonly<Record<string, readonly (readonly string[])[]>> = {
  core: [
    ['types.ts', 'validate.ts'],
    ['distributions', 'multiplicity', 'repeated'],
    ['intervals', 'clustered', 'power'],
    ['bootstrap', 'coverage', 'paired'],
    ['index.ts'],
  ],
  sim: [
    // the ground floor: the vocabulary every role shares; samplers and populations need nothing else
    ['base', 'samplers', 'population'],
    ['rng', 'output'],
    // the roles
    ['models', 'methods', 'metrics', 'formulas'],
    // the study file: loader and one resolver per role
    ['config'],
    ['runner'],
    ['index.ts'],
  ],
  cli: [['io.ts'], ['format'], ['report', 'reproduce'], ['commands'], ['cli.ts'], ['main.ts']],
};
