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
    // measures: Morris et al.'s performance measures from mergeable sufficient statistics
    ['distributions', 'multiplicity', 'repeated', 'measures'],
    ['intervals'],
    // built on the proportion intervals: Korn–Graubard (clustered), paired and two-sample differences, Bayes
    ['clustered', 'pairedIntervals', 'twoSampleIntervals', 'bayes'],
    // judged: judge-scored evals corrected with a human-labelled slice (PPI, PPI++, Rogan–Gladen,
    // Lee et al.'s interval, judge agreement): distributions and the Wilson interval
    ['bootstrap', 'coverage', 'paired', 'judged'],
    // power: McNemar power enumerates paired/'s exact p-values
    ['power'],
    ['index.ts'],
  ],
  sim: [
    // the ground floor: reading user files safely (regular files only, file identities), node alone
    ['files'],
    // then the vocabulary every role shares; samplers, populations and sharded
    // runs (shard specs, scheduler environments, plans, scheduler scripts) need nothing else
    ['base', 'samplers', 'population', 'shard'],
    // the eval-log importers (evals/ with its io/ and formats/: node and apache-arrow, and
    // base/packageRoot to find the import worker's bundle)
    ['evals'],
    ['rng', 'output'],
    // analysis/: analyzeEval, the honest report of a real eval (from evals/' EvalMatrix and core;
    // its cluster bootstraps draw from rng/'s seeded streams)
    ['analysis'],
    // the roles
    ['models', 'methods', 'metrics', 'formulas'],
    // the study file: loader and one resolver per role
    ['config'],
    // runner: the only place that knows about workers; yourEval: the audit/plan/leaderboard
    // studies generated from an eval (configs and the reading of their results, never a run)
    ['runner', 'yourEval'],
    // the public face, its light second entry for the CLI's fast path (light.ts) and the third,
    // what `evalsim run` needs (studyRun.ts)
    ['index.ts', 'light.ts', 'studyRun.ts'],
  ],
  cli: [
    // codeCache/: compiles a bundled classic script with V8's code cache (the CLI's for the
    // launcher, Vega's for report/)
    ['io.ts', 'codeCache'],
    ['format'],
    // analyze/: the tables, paragraphs, Markdown, Arrow and SVG of `evalsim analyze`; judged/: the
    // same for a judge-scored eval with human labels (`evalsim analyze --labels`), reusing analyze/'s
    // units and Arrow writer
    // html/: the HTML report of a command, rendered from its --json document and a per-command view
    ['report', 'reproduce', 'reference', 'show', 'analyze', 'html'],
    ['judged'],
    ['commands'],
    ['cli.ts'],
    // launcher/: the bin, which runs main.ts's builds (the ESM bundle or the code-cached script) by path
    ['main.ts', 'launcher'],
  ],
};
