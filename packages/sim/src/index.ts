/**
 * @evalsim/sim — seeded streams, data-generating models, methods, metrics, formulas, the
 * study loader, the piscina study runner, Arrow output and the eval-log importers. Every
 * public name is listed here; everything else is internal to the package.
 */

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
// ------------------------------------------------------------------ pairwise battles (issue 31)
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
  type RatedModel,
  rateBattles,
} from './analysis/arena/rateBattles.js';
export {
  type Bounds,
  bootstrapStreamKey,
  type ClusterBootstrapSet,
} from './analysis/clusterBootstrapSet.js';
export { type ClusteredAccuracy, HBB_AUTO_SYSTEMS } from './analysis/clusteredAccuracy.js';
export {
  FEW_CLUSTERS,
  FEW_QUESTIONS,
  HEADLINE_RULE_TABLE,
  type HeadlineChoice,
  headlineRule,
  SMALL_BINARY,
  type SystemHeadlineMethod,
} from './analysis/headlineRule.js';
export {
  type AnalyzeJudgedOptions,
  analyzeJudged,
  JUDGED_CONVENTIONS,
  type JudgedAnalysis,
  type JudgedPairReport,
  type JudgedSystemReport,
  recommendedEstimate,
} from './analysis/judged/analyzeJudged.js';
export {
  JUDGED_METHOD_NAMES,
  type JudgedEstimate,
  PAIR_METHODS as JUDGED_PAIR_METHODS,
  SYSTEM_METHODS as JUDGED_SYSTEM_METHODS,
} from './analysis/judged/judgedEstimates.js';
export type { JudgedRecommendation } from './analysis/judged/judgedRecommendation.js';
export { SLICE_ALPHA } from './analysis/judged/sliceChecks.js';
export { type LeaderboardRow, leaderboard } from './analysis/leaderboard.js';
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
  type MonitorOptions,
  type MonitorReport,
  monitorEval,
} from './analysis/sequential/monitorEval.js';
export {
  GATE_FILE_KIND,
  type GateSpec,
  gateFromJson,
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
// ------------------------------------------------------------------ the roles and their vocabulary
export type { CellParams, GridValue, ParamValue } from './base/cellParams.js';
export { closestList, closestName, didYouMean, nearestNames } from './base/closestName.js';
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
export { ConfigError, type ConfigIssue } from './base/errors.js';
export {
  MAX_ARRAY_LENGTH,
  MAX_GRID_CELLS,
  MAX_ITEMS,
  MAX_REPLICATIONS,
  MAX_STUDY_NAME_LENGTH,
} from './base/limits.js';
export {
  clearPValues,
  copyDifferenceTest,
  createMethodResult,
  criticalValue,
  fillUnanalysable,
  fillWaldTest,
  type MethodResult,
  resetMethodResult,
} from './base/methodResult.js';
export { type JsonSchema, optionJsonSchema, optionsJsonSchema } from './base/optionSchema.js';
export {
  type ArgumentOptionSpec,
  type BooleanOptionSpec,
  type ChoiceOptionSpec,
  describeOption,
  type NumberBounds,
  type NumberListOptionSpec,
  type NumberOptionSpec,
  type OptionNoun,
  type OptionSpec,
  type OptionSpecs,
  type OptionValues,
  readOption,
  readOptions,
  type StringListOptionSpec,
  type StringOptionSpec,
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
export type { RandomStream } from './base/randomStream.js';
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
// ------------------------------------------------------------------ studies
export { cellMatches, expandGrid, type StudyCell } from './config/grid.js';
export {
  collectStudyInputs,
  inputDigest,
  type StudyInput,
  type StudyInputRole,
} from './config/inputs/studyInputs.js';
export { verifyStudyInputs } from './config/inputs/verifyStudyInputs.js';
export {
  checkStudyFile,
  loadStudy,
  MAX_STUDY_FILE_BYTES,
  parseStudyText,
  readStudyConfig,
  resolveStudyPath,
  STUDY_EXTENSIONS,
} from './config/loadStudy.js';
export { schemaIssues, studySchema, studySchemaPath } from './config/schema.js';
export { studySchemaDocument } from './config/schemaDocument.js';
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
export {
  type ExpectationConfig,
  type FormulaConfig,
  type MethodConfig,
  type MetricConfig,
  type ModelConfig,
  type PlotConfig,
  type ReportConfig,
  type StudyConfig,
  type StudySource,
  sourceArticle,
} from './config/studyConfig.js';
export {
  BINARY_ONLY_METHODS,
  CLUSTERED_METHODS,
  type StudyWarning,
  studyWarnings,
} from './config/studyWarnings.js';
export { checkStudy, RESERVED_COLUMNS, type StudyCheck, validateStudy } from './config/validateStudy.js';
// ------------------------------------------------------------------ eval logs
export { detectEvalFormat } from './evals/detectEvalFormat.js';
export { EVAL_ARROW_METADATA, type EvalProvenance, type ImportedEval } from './evals/evalArrow.js';
export { EVAL_FORMATS, type EvalFormat, type EvalSourceInfo } from './evals/evalFormat.js';
export {
  EvalInputError,
  type EvalLocation,
  type EvalWarning,
  formatEvalWarning,
  formatLocation,
} from './evals/evalInputError.js';
export { type EvalMatrix, type EvalMatrixOptions, evalMatrix } from './evals/evalMatrix.js';
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
export { type ImportRunOptions, importEval } from './evals/importEval.js';
export { EVAL_IMPORT_OPTION_NAMES, type EvalImportOptions } from './evals/importOptions.js';
export { labelColumn, labelMetricName, labelScorer } from './evals/judgeLabels.js';
export { readEvalArrow } from './evals/readEvalArrow.js';
export { evalToArrow, writeEvalArrow } from './evals/writeEvalArrow.js';
// ------------------------------------------------------------------ user files: regular files only
export {
  checkInputFile,
  fileKind,
  InputFileError,
  notRegularFile,
  openInputFile,
  readInputFile,
} from './files/inputFile.js';
// ------------------------------------------------------------------ registries
export { type CellFormula, defineFormula, type FormulaDefinition } from './formulas/formulaDefinition.js';
export { formulaRegistry } from './formulas/registry.js';
export { methodRegistry } from './methods/registry.js';
export { metricRegistry } from './metrics/registry.js';
export { modelRegistry } from './models/registry.js';
export { GAP_SHIFTS, type GapShift, reachableMeans, shiftRates } from './models/support/imposedGap.js';
export { answersFileBytes } from './output/answersArrow.js';
export {
  type ResultsFile,
  type ResultsMetadata,
  readResultsArrow,
  resultsToArrow,
  writeResultsArrow,
} from './output/arrowResults.js';
// ------------------------------------------------------------------ files
export { writeFileAtomic } from './output/atomicWrite.js';
export type { KeptKind, KeptMetadata } from './output/keptMetadata.js';
export { OutputError } from './output/outputError.js';
export { PARQUET_CREATED_BY, ParquetFileStream } from './output/parquetFileStream.js';
export { parquetFromArrow, parquetPathOf } from './output/parquetFromArrow.js';
export {
  type OutputCheckOptions,
  type PreparedOutput,
  PSEUDO_FILE_SYSTEMS,
  prepareOutputDirectory,
} from './output/prepareOutputDirectory.js';
export { type Publication, publishFiles } from './output/publishFiles.js';
export { REPLICATION_VALUE_COLUMNS } from './output/replicationsArrow.js';
export { RESULT_FIXED_COLUMNS, RESULT_VALUE_COLUMNS, type ResultRow } from './output/resultRow.js';
export { machineDescription, RUN_INFO_DIR, type RunInfo } from './output/runInfo.js';
export { acquireRunLock, type RunLock, runLockPath } from './output/runLock.js';
export { evalsimVersion } from './output/version.js';
export {
  type ItemPopulation,
  loadItemPopulation,
  PopulationFileError,
  populationSystem,
  type SystemResults,
} from './population/index.js';
export { arrowFileProblem } from './readers/arrowFraming.js';
export { SeededStream } from './rng/SeededStream.js';
export { streamSeed } from './rng/streamSeed.js';
// ------------------------------------------------------------------ running
export { BLOCK_SIZE } from './runner/blocks.js';
export {
  type ChunkExecutor,
  createStudyPool,
  defaultWorkerCount,
  type StudyPool,
} from './runner/chunkExecutor.js';
export { attachExpectations, expectationFor, expectationSummary } from './runner/expectations.js';
export { computeFormulasBetweenChunks } from './runner/formulasBetweenChunks.js';
export type { InvalidIntervalReport } from './runner/invalidIntervals.js';
export type { KeepPaths } from './runner/keptOutput.js';
export {
  checkPartials,
  checkPartialsAndInputs,
  MergeRefusedError,
  mergePartials,
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
  KEEP_KINDS,
  type RunMode,
  type RunModeRequest,
  type RunOptions,
  type RunSettings,
  runMode,
  type ShardRun,
  type StudyRun,
  type TargetedRun,
  type WholeRun,
} from './runner/runOptions.js';
export { DEFAULT_CHUNK_SIZE } from './runner/runPlan.js';
export type { RunProgress } from './runner/runProgress.js';
export { runStudy } from './runner/runStudy.js';
export { createStudyLanes, LANE_TASKS_PER_THREAD, type StudyLane } from './runner/studyLanes.js';
export {
  type BusyInterval,
  type BusyKind,
  startThreadTrace,
  stopThreadTrace,
  threadSchedule,
  traceBusy,
  traceClockMs,
  tracingThreads,
} from './runner/threadTrace.js';
export { startWorkerThread, type WorkerThread } from './runner/workerThread.js';
// ------------------------------------------------------------------ sharded runs
export {
  awsBatchArrayShard,
  checkShardCount,
  formatShardSpec,
  type KubernetesJobOptions,
  type KubernetesJobs,
  kubernetesIndexShard,
  kubernetesJobs,
  parseShardSpec,
  planShards,
  type ResolvedShard,
  type ResolveShardOptions,
  resolveShard,
  type SbatchResourceOptions,
  type SchedulerShard,
  type ShardCommandOptions,
  type ShardCommands,
  type ShardEnvironment,
  ShardError,
  type ShardFromEnvironmentOptions,
  type ShardPiece,
  type ShardPlan,
  type ShardPlanInput,
  type ShardSource,
  type ShardSpec,
  type ShardWork,
  SLURM_SCRIPT_FILES,
  type SlurmScriptOptions,
  type SlurmScripts,
  sbatchResourceFlags,
  shardCommands,
  shardFromEnvironment,
  shellCommand,
  shellQuote,
  slurmArrayShard,
  slurmScripts,
} from './shard/index.js';
export {
  ARENA_DESIGN_FILE,
  type ArenaAuditLine,
  type ArenaAuditPlan,
  buildArenaAudit,
  buildArenaPlan,
  DEFAULT_AUDIT_REPLICATIONS,
  summarizeArenaAudit,
} from './yourEval/arenaAudit.js';
export {
  AUDIT_HBB_REPLICATIONS,
  AUDIT_INTERVALS,
  AUDIT_REPLICATIONS,
  AUDIT_RESAMPLES,
  type Audit,
  type AuditFacts,
  type AuditMethod,
  type AuditOptions,
  auditIdOfHeadline,
  buildAudit,
} from './yourEval/auditStudies.js';
export {
  type AuditSummary,
  bradleyVerdict,
  type Estimate,
  type IntervalAudit,
  type PairedAudit,
  replicationsToDecide,
  summarizeAudit,
  type Verdict,
} from './yourEval/auditSummary.js';
export { evalSystem } from './yourEval/evalSystem.js';
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
  plannedVariance,
  summarizeJudgedPlan,
  widthCrossing,
} from './yourEval/judgedPlan.js';
export {
  buildLeaderboard,
  type EntrySummary,
  LEADERBOARD_CORRECTION_IDS,
  type LeaderboardOptions,
  type LeaderboardPlan,
  type LeaderboardSummary,
  summarizeLeaderboard,
} from './yourEval/leaderboardStudy.js';
export { normalPower } from './yourEval/normalPower.js';
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
  type SamplesPlanOptions,
  type SamplesPlanRow,
  samplesPlanCheck,
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
export { type PopulationCsv, populationCsv } from './yourEval/populationCsv.js';
export { populationIcc } from './yourEval/populationIcc.js';
export { type PowerParts, powerParts } from './yourEval/powerParts.js';
export { type Crossing, type PowerPoint, type RequiredSize, requiredSize } from './yourEval/requiredSize.js';
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
  spendingName,
  summarizeSequentialAudit,
} from './yourEval/sequentialAudit.js';
export {
  planLookFractions,
  type SequentialPlan,
  type SequentialPlanLook,
  type SequentialPlanOptions,
  sequentialPlan,
  sequentialPlanDocument,
} from './yourEval/sequentialPlan.js';
export {
  buildSequentialPlanCheck,
  type ClosedFormCheck,
  SEQUENTIAL_PLAN_REPLICATIONS,
  type SequentialPlanCheck,
  summarizeSequentialPlanCheck,
} from './yourEval/sequentialPlanCheck.js';
export type {
  ClosedFormVerdict,
  CoverageVerdict,
  TypeIVerdict,
} from './yourEval/sequentialVerdicts.js';
