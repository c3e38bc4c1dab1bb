/**
 * @evalsim/sim — the public API: run a study, build and register its blocks, import an eval,
 * analyse it, generate its audit, plan and leaderboard studies, and read and write their files.
 * Every public name is listed here, grouped as a library user meets them; a test keeps the sorted
 * list in packages/sim/public-api.txt, so any change to it is a visible diff. What only the
 * `evalsim` command needs is `@evalsim/sim/internal` (internal.ts); everything else is internal
 * to the package.
 */

// A study — model × methods × metrics × grid (SimDesign's Generate / Analyse / Summarise) —
// from its file or its config: load and validate it, run it on the worker pool, and the types of
// what it says and what a run returns.
export type { CellParams, GridValue, ParamValue } from './base/cellParams.js';
export { expandGrid, type StudyCell } from './config/grid.js';
export { loadStudy, parseStudyText, readStudyConfig } from './config/loadStudy.js';
export { studySchema, studySchemaPath } from './config/schema.js';
export {
  type FormulaStudy,
  MODEL_ROW_METHOD,
  type ResolvedFormula,
  type ResolvedMethod,
  type ResolvedMetric,
  type ResolvedModel,
  type SimulationStudy,
  type Study,
} from './config/study.js';
export type {
  ExpectationConfig,
  FormulaConfig,
  MethodConfig,
  MetricConfig,
  ModelConfig,
  PlotConfig,
  ReportConfig,
  StudyConfig,
  StudySource,
} from './config/studyConfig.js';
export { type StudyWarning, studyWarnings } from './config/studyWarnings.js';
export { checkStudy, type StudyCheck, validateStudy } from './config/validateStudy.js';
export type { KeptKind, KeptMetadata } from './output/keptMetadata.js';
export type { InvalidIntervalReport } from './runner/invalidIntervals.js';
export type { KeepPaths } from './runner/keptOutput.js';
export {
  KEEP_KINDS,
  type RunMode,
  runMode,
  type RunModeRequest,
  type RunOptions,
  type RunSettings,
  type ShardRun,
  type StudyRun,
  type TargetedRun,
  type WholeRun,
} from './runner/runOptions.js';
export type { RunProgress } from './runner/runProgress.js';
export { runStudy } from './runner/runStudy.js';
export {
  type ReproduceOptions,
  type ReproduceRun,
  reproduceRuns,
  reproduceStudies,
} from './runner/reproduceStudies.js';

// The blocks a study is built from, and how to write your own: the roles (a model generates,
// a method analyses, a metric summarises, a formula computes a cell in closed form), their
// define… helpers, option specs and data kinds, and the registries that hold the built-in ones.
export {
  type ClusterTotalsView,
  createClusterTotalsView,
  createDifferenceTotalsView,
  type DifferenceTotalsView,
  meanOfClusteredScores,
  totalOfClusteredScores,
  viewClusteredScores,
  viewPairedDifference,
  viewPairedSystem,
} from './base/clusterTotalsView.js';
export type {
  BattleRecords,
  ClusteredScores,
  DataKindName,
  DataKinds,
  EqualSizeSums,
  ModelData,
  PairedClusteredScores,
  SequentialPairedCounts,
  SystemCopiesScores,
} from './base/dataKinds.js';
export { defineMethod, type MethodSpec } from './base/defineMethod.js';
export { defineMetric, type MetricSpec } from './base/defineMetric.js';
export { defineModel, type ModelSpec } from './base/defineModel.js';
export {
  createMethodResult,
  criticalValue,
  fillUnanalysable,
  fillWaldTest,
  type MethodResult,
} from './base/methodResult.js';
export type {
  ArgumentOptionSpec,
  BooleanOptionSpec,
  ChoiceOptionSpec,
  NumberBounds,
  NumberListOptionSpec,
  NumberOptionSpec,
  OptionNoun,
  OptionSpec,
  OptionSpecs,
  OptionValues,
  StringListOptionSpec,
  StringOptionSpec,
} from './base/options.js';
export {
  PAIRED_CELL_PARAMS,
  type PairedCellProbabilities,
  pairedCellProbabilities,
} from './base/pairedCellProbabilities.js';
export {
  PAIRED_INTERVAL_NAMES,
  PAIRED_INTERVALS,
  type PairedIntervalName,
} from './base/pairedIntervalNames.js';
export { createRegistry, type Registry } from './base/registry.js';
export type {
  Analyser,
  AnswerSheet,
  DataSource,
  MethodDefinition,
  MethodSettings,
  MetricAccumulator,
  MetricContext,
  MetricDefinition,
  MetricValue,
  ModelAnswers,
  ModelDefinition,
  RawOptions,
  StudyContext,
} from './base/roles.js';
export { type CellFormula, defineFormula, type FormulaDefinition } from './formulas/formulaDefinition.js';
export { formulaRegistry } from './formulas/registry.js';
export { methodRegistry } from './methods/registry.js';
export { metricRegistry } from './metrics/registry.js';
export { modelRegistry } from './models/registry.js';
export { GAP_SHIFTS, type GapShift } from './models/support/imposedGap.js';

// Seeded random streams: one independent stream per cell and replication (rng/streamSeed.ts).
export type { RandomStream } from './base/randomStream.js';
export { SeededStream } from './rng/SeededStream.js';
export { streamSeed } from './rng/streamSeed.js';

// Eval logs: import what a framework wrote (inspect_ai, lm-evaluation-harness, HELM, tau-bench,
// long CSV …) into the eval table, write and read it as Arrow, and align it into a matrix.
export { detectEvalFormat } from './evals/detectEvalFormat.js';
export { EVAL_ARROW_METADATA, type EvalProvenance, type ImportedEval } from './evals/evalArrow.js';
export { EVAL_FORMATS, type EvalFormat, type EvalSourceInfo } from './evals/evalFormat.js';
export { EvalInputError, type EvalLocation, type EvalWarning } from './evals/evalInputError.js';
export { type EvalMatrix, evalMatrix, type EvalMatrixOptions } from './evals/evalMatrix.js';
export {
  columnValue,
  correctOf,
  EVAL_ANSWER_COLUMN,
  EVAL_COLUMNS,
  EVAL_STRING_COLUMNS,
  type EvalStringColumn,
  type EvalStringColumnName,
  type EvalTable,
} from './evals/evalTable.js';
export { importEval, type ImportRunOptions } from './evals/importEval.js';
export { EVAL_IMPORT_OPTION_NAMES, type EvalImportOptions } from './evals/importOptions.js';
export { readEvalArrow } from './evals/readEvalArrow.js';
export { evalToArrow, writeEvalArrow } from './evals/writeEvalArrow.js';
export { InputFileError } from './files/inputFile.js';

// Pairwise battles (LMArena, arena-hard-auto, AlpacaEval, long CSV): the battle table, its
// importers and its Arrow file.
export {
  type BattleImportOptions,
  type BattleSourceInfo,
  type BattleStyle,
  type BattleTable,
  type BattleWarning,
  type ImportedBattles,
  STYLE_FEATURES,
} from './battles/battleTable.js';
export {
  BATTLE_FORMATS,
  type BattleFormat,
  DEFAULT_STRONG_WEIGHT,
  importBattles,
} from './battles/importBattles.js';
export { BATTLE_ARROW_METADATA, readBattleArrow } from './battles/readBattleArrow.js';
export { battlesToArrow, writeBattleArrow } from './battles/writeBattleArrow.js';

// Item populations: the per-question results of systems that a study resamples (studies/data/README.md).
export {
  type ItemPopulation,
  loadItemPopulation,
  PopulationFileError,
  populationSystem,
  type SystemResults,
} from './population/index.js';

// Analysing an eval: honest error bars and paired comparisons (analyzeEval), a judge-scored eval
// with human labels (analyzeJudged), many samples per question (analyzeMultiSample), battle
// ratings (rateBattles) and sequential monitoring (monitorEval): their options and results.
export {
  type AnalyzeOptions,
  DEFAULT_ANALYZE_RESAMPLES,
  DEFAULT_ANALYZE_SEED,
  HBB_CHOICES,
  type HbbChoice,
  PAIR_TEST_CHOICES,
  PAIRED_INTERVAL_CHOICES,
  type PairedIntervalChoice,
  type PairTestChoice,
  type ResolvedAnalyzeOptions,
} from './analysis/analysisOptions.js';
export {
  type AdjustedPair,
  type AnalyzeHooks,
  analyzeEval,
  type EvalAnalysis,
  MAX_ALL_PAIRS,
  MAX_ALL_PAIRS_SYSTEMS,
} from './analysis/analyzeEval.js';
export {
  AUTO_PRIOR,
  DEFAULT_RANK_DRAWS,
  DEFAULT_RATE_ROUNDS,
  DEFAULT_RATE_SEED,
  defaultRankDraws,
  RATE_CI_CHOICES,
  RATE_CLUSTER_FIELDS,
  RATE_RANK_CHOICES,
  RATE_TIES_CHOICES,
  type RateCi,
  type RateClusterField,
  type RateOptions,
  type RateRankRule,
  type RateTies,
} from './analysis/arena/arenaOptions.js';
export {
  ArenaInputError,
  type ArenaRating,
  rateBattles,
  type RatedModel,
} from './analysis/arena/rateBattles.js';
export type { Bounds, ClusterBootstrapSet } from './analysis/clusterBootstrapSet.js';
export { type ClusteredAccuracy, HBB_AUTO_SYSTEMS } from './analysis/clusteredAccuracy.js';
export {
  HEADLINE_RULE_TABLE,
  type HeadlineChoice,
  headlineRule,
  type SystemHeadlineMethod,
} from './analysis/headlineRule.js';
export {
  analyzeJudged,
  type AnalyzeJudgedOptions,
  JUDGED_CONVENTIONS,
  type JudgedAnalysis,
  type JudgedPairReport,
  type JudgedSystemReport,
  recommendedEstimate,
} from './analysis/judged/analyzeJudged.js';
export {
  JUDGED_METHOD_NAMES,
  PAIR_METHODS as JUDGED_PAIR_METHODS,
  SYSTEM_METHODS as JUDGED_SYSTEM_METHODS,
  type JudgedEstimate,
} from './analysis/judged/judgedEstimates.js';
export type { JudgedRecommendation } from './analysis/judged/judgedRecommendation.js';
export { SLICE_ALPHA } from './analysis/judged/sliceChecks.js';
export { leaderboard, type LeaderboardRow } from './analysis/leaderboard.js';
export { PAIR_BOOTSTRAP_AUTO_PAIRS, type PairComparison } from './analysis/pairComparison.js';
export type { EpochPower, PairPower } from './analysis/pairPower.js';
export type { DifferenceResult, McnemarSummary, UnpairedIntervals } from './analysis/pairResults.js';
export type { PairTest } from './analysis/pairSelection.js';
export {
  analyzeMultiSample,
  type MultiSampleAnalysis,
  type MultiSampleEstimate,
  type MultiSampleMeasure,
  type MultiSamplePair,
  type MultiSampleSystem,
} from './analysis/passAtK/analyzeMultiSample.js';
export {
  type MultiSampleOptions,
  PASS_HAT_CONVENTIONS,
  type PassHatConvention,
  POSTERIOR_AUTO_SYSTEMS,
  POSTERIOR_CHOICES,
  type PosteriorChoice,
  TOO_FEW_SAMPLES_CHOICES,
  type TooFewSamples,
} from './analysis/passAtK/multiSampleOptions.js';
export { INTERVAL_LABELS, type IntervalName, type ValueInterval } from './analysis/passAtK/valueIntervals.js';
export type { Average, ScoreAverages } from './analysis/scoreAverages.js';
export { parseScoreWeights, type ScoreWeights } from './analysis/scoreWeights.js';
export {
  type GateLook,
  MONITOR_DECISIONS,
  type MonitorDecision,
  monitorEval,
  type MonitorOptions,
  type MonitorReport,
} from './analysis/sequential/monitorEval.js';
export {
  GATE_FILE_KIND,
  gateFromJson,
  type GateSpec,
  type SequentialGate,
  sequentialGate,
} from './analysis/sequential/sequentialGate.js';
export type {
  EstimateInterval,
  SkippedMethod,
  SystemClustered,
  SystemSummary,
  VarianceSplit,
} from './analysis/systemSummary.js';

// Studies generated from an eval — a config to run with runStudy, then the reading of its
// results: the audit (which interval holds at the eval's size and structure), the plan (how many
// questions or samples), the leaderboards (of the eval's systems as reruns, or of identical
// copies), and the sequential plan and audit.
export {
  type ArenaAuditLine,
  type ArenaAuditPlan,
  buildArenaAudit,
  buildArenaPlan,
  DEFAULT_AUDIT_REPLICATIONS,
  summarizeArenaAudit,
} from './yourEval/arenaAudit.js';
export {
  type Audit,
  AUDIT_HBB_REPLICATIONS,
  AUDIT_INTERVALS,
  AUDIT_REPLICATIONS,
  AUDIT_RESAMPLES,
  type AuditFacts,
  type AuditMethod,
  type AuditOptions,
  buildAudit,
} from './yourEval/auditStudies.js';
export {
  type AuditSummary,
  type Estimate,
  type IntervalAudit,
  type PairedAudit,
  summarizeAudit,
  type Verdict,
} from './yourEval/auditSummary.js';
export {
  buildCopiesLeaderboard,
  type CopiesLeaderboardOptions,
  type CopiesLeaderboardPlan,
  type CopiesLeaderboardSummary,
  summarizeCopiesLeaderboard,
} from './yourEval/copiesLeaderboard.js';
export {
  buildJudgedAudit,
  JUDGED_AUDIT_METHODS,
  type JudgedAudit,
  type JudgedAuditSummary,
  type JudgedFacts,
  judgedFacts,
  summarizeJudgedAudit,
} from './yourEval/judgedAudit.js';
export {
  buildJudgedPlan,
  type ClosedFormLabels,
  JUDGED_PLAN_METHODS,
  type JudgedPlan,
  type JudgedPlanCurve,
  type LabelCrossing,
  summarizeJudgedPlan,
} from './yourEval/judgedPlan.js';
export {
  buildLeaderboard,
  type EntrySummary,
  type LeaderboardOptions,
  type LeaderboardPlan,
  type LeaderboardSummary,
  summarizeLeaderboard,
} from './yourEval/leaderboardStudy.js';
export {
  buildPassAtKAudit,
  type PassAtKAudit,
  type PassAtKAuditOptions,
  type PassAtKAuditRow,
  type PassAtKAuditSummary,
  summarizePassAtKAudit,
} from './yourEval/passAtKAudit.js';
export {
  buildSamplesPlan,
  type SamplesPlan,
  samplesPlanCheck,
  type SamplesPlanOptions,
  type SamplesPlanRow,
} from './yourEval/passAtKPlan.js';
export {
  buildPlan,
  type Plan,
  type PlanDesign,
  type PlanOptions,
  type PlanTest,
  type ResampleUnit,
} from './yourEval/planStudy.js';
export { type PlanCurve, type PlanSummary, summarizePlan } from './yourEval/planSummary.js';
export type { Crossing, PowerPoint, RequiredSize } from './yourEval/requiredSize.js';
export {
  buildSequentialAudit,
  SEQUENTIAL_AUDIT_PLANNED_PAIRS,
  SEQUENTIAL_AUDIT_REPLICATIONS,
  type SequentialAudit,
  type SequentialAuditMethod,
  type SequentialAuditOptions,
  type SequentialAuditSummary,
  type SequentialMethodAudit,
  type SequentialResample,
  summarizeSequentialAudit,
} from './yourEval/sequentialAudit.js';
export {
  type SequentialPlan,
  sequentialPlan,
  sequentialPlanDocument,
  type SequentialPlanLook,
  type SequentialPlanOptions,
} from './yourEval/sequentialPlan.js';
export {
  buildSequentialPlanCheck,
  type ClosedFormCheck,
  SEQUENTIAL_PLAN_REPLICATIONS,
  type SequentialPlanCheck,
  summarizeSequentialPlanCheck,
} from './yourEval/sequentialPlanCheck.js';
export type { ClosedFormVerdict, CoverageVerdict, TypeIVerdict } from './yourEval/sequentialVerdicts.js';

// Results files: a run's results (one row per cell × method × metric) as Arrow, its kept
// replications' columns, and a Parquet twin of any Arrow table.
export {
  readResultsArrow,
  type ResultsFile,
  type ResultsMetadata,
  resultsToArrow,
  writeResultsArrow,
} from './output/arrowResults.js';
export { parquetFromArrow } from './output/parquetFromArrow.js';
export { REPLICATION_VALUE_COLUMNS } from './output/replicationsArrow.js';
export { RESULT_FIXED_COLUMNS, RESULT_VALUE_COLUMNS, type ResultRow } from './output/resultRow.js';

// Sharded runs (docs/shards.md): the shard rules, the work split, the scheduler scripts and
// manifests, and the merge of the partial results.
export {
  checkPartials,
  mergePartials,
  MergeRefusedError,
  type PartialsCheck,
  type StudyShards,
} from './runner/mergePartials.js';
export {
  PARTIAL_EXTENSION,
  type PartialFile,
  PartialFileError,
  partialFileName,
  readPartialFile,
} from './runner/partialFile.js';
export {
  formatShardSpec,
  type KubernetesJobOptions,
  type KubernetesJobs,
  kubernetesJobs,
  parseShardSpec,
  planShards,
  type ResolvedShard,
  resolveShard,
  type ResolveShardOptions,
  type SbatchResourceOptions,
  type SchedulerShard,
  type ShardCommandOptions,
  type ShardCommands,
  shardCommands,
  type ShardEnvironment,
  ShardError,
  shardFromEnvironment,
  type ShardFromEnvironmentOptions,
  type ShardPiece,
  type ShardPlan,
  type ShardPlanInput,
  type ShardSource,
  type ShardSpec,
  type ShardWork,
  type SlurmScriptOptions,
  type SlurmScripts,
  slurmScripts,
} from './shard/index.js';

// Errors that name what is wrong (a study field's path, a file), the limits every input is
// held to, and the version.
export { ConfigError, type ConfigIssue } from './base/errors.js';
export {
  MAX_ARRAY_LENGTH,
  MAX_GRID_CELLS,
  MAX_ITEMS,
  MAX_REPLICATIONS,
  MAX_STUDY_NAME_LENGTH,
} from './base/limits.js';
export { MAX_STUDY_FILE_BYTES } from './config/loadStudy.js';
export { OutputError } from './output/outputError.js';
export { evalsimVersion } from './output/version.js';
