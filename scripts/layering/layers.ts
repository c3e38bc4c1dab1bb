/**
 * The layering of each package's src/: an ordered list of floors, each a set of folders
 * (or root files). A production file may import only from its own folder or from a floor
 * below its own, never from a floor above nor from a sibling on the same floor, so the
 * folder graph has no cycles and the ground floor imports nothing of the package.
 * Tests and test-utils/ are not checked. A folder missing here fails the check: place it.
 */
export const LAYERS: Readonly<Record<string, readonly (readonly string[])[]>> = {
  core: [
    // math: the engine-independent elementary functions (pow), below everything that computes
    ['math'],
    // roots (Brent's method) needs nothing of the package but math/
    ['types.ts', 'validate.ts', 'roots'],
    // measures: Morris et al.'s performance measures from mergeable sufficient statistics
    ['distributions', 'multiplicity', 'repeated', 'measures'],
    // groupSequential: alpha-spending designs by recursive integration; anytimeValid: confidence
    // sequences and e-processes (both need only distributions/ and roots/)
    ['intervals', 'groupSequential', 'anytimeValid'],
    // built on the proportion intervals: Korn–Graubard (clustered), paired and two-sample differences, Bayes;
    // passAtK: the many-samples-per-question estimators (pass@k, pass^k, maj@k, their beta-binomial posterior)
    ['clustered', 'pairedIntervals', 'twoSampleIntervals', 'bayes', 'passAtK'],
    // judged: judge-scored evals corrected with a human-labelled slice (PPI, PPI++, Rogan–Gladen,
    // Lee et al.'s interval, judge agreement): distributions and the Wilson interval
    ['bootstrap', 'coverage', 'paired', 'judged'],
    // bradleyTerry: Bradley–Terry / Davidson / contextual fits, their covariances and rank intervals
    // (bootstrap/'s type-7 percentile for the max-t critical value)
    ['bradleyTerry'],
    // power: McNemar power enumerates paired/'s exact p-values
    ['power'],
    ['index.ts'],
  ],
  sim: [
    // the ground floor, node alone: reading user files safely (files/: regular files only, file
    // identities) and one reader per file format (readers/: CSV, JSON, UTF-8, the framing of Arrow
    // IPC files), which both the populations and the eval importers use; threads/: the one way to
    // start a thread that talks on a port (the import's threads, the plot render thread)
    ['files', 'readers', 'threads'],
    // the vocabulary every role shares; samplers, populations and sharded runs (shard specs,
    // scheduler environments, plans, scheduler scripts) need nothing else
    ['base', 'samplers', 'population', 'shard'],
    // the eval-log importers (evals/ with its io/ and formats/: node and apache-arrow, and
    // base/packageRoot to find the import worker's bundle)
    // pairwise/: unique battle rows, the bootstrap resampling and refit of ratings, normal draws of
    // their error — shared by `evalsim rate` (analysis/arena) and the arena methods (core only)
    ['evals', 'pairwise'],
    ['rng', 'output'],
    // battles/: the battle table of pairwise votes and judgments (LMArena, arena-hard-auto,
    // AlpacaEval, long CSV), its importers (evals/io's readers) and Arrow write/read (output/'s atomic write)
    ['battles'],
    // analysis/: analyzeEval, the honest report of a real eval (from evals/' EvalMatrix and core;
    // its cluster bootstraps draw from rng/'s seeded streams)
    ['analysis'],
    // the roles' helpers (memos, rate sheets, bit tricks, shared adapters: models/support and
    // methods/support), below the blocks they serve, so the roles' top folders list blocks only
    ['models/support', 'methods/support'],
    // the roles
    ['models', 'methods', 'metrics', 'formulas'],
    // the study file: loader and one resolver per role
    ['config'],
    // runner: the only place that knows about workers; yourEval: the audit/plan/leaderboard
    // studies generated from an eval (configs and the reading of their results, never a run)
    ['runner', 'yourEval'],
    // the public face (index.ts), what only the CLI needs besides it (internal.ts: only packages/cli
    // imports @evalsim/sim/internal, checked by layering.test.ts), its light entry for the CLI's
    // commands that need no runner (light.ts), what `evalsim run` needs (studyRun.ts) and threads
    ['index.ts', 'internal.ts', 'light.ts', 'studyRun.ts', 'threads.ts'],
  ],
  cli: [
    ['io.ts'],
    ['format'],
    // analyze/: the tables, paragraphs, Markdown, Arrow and SVG of `evalsim analyze`; monitor/:
    // `evalsim monitor`'s text, exit statuses and the --spending flag; judged/: the same for a
    // judge-scored eval with human labels (`evalsim analyze --labels`), reusing analyze/'s units
    // and Arrow writer; html/: the HTML report of a command, rendered from its --json document and
    // a per-command view
    ['report', 'reproduce', 'reference', 'show', 'analyze', 'monitor', 'html'],
    ['judged'],
    ['commands'],
    ['cli.ts'],
    // the bin (bundled to packages/evalsim/dist/evalsim.mjs)
    ['main.ts'],
  ],
};
