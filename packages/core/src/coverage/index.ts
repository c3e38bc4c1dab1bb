export {
  type CoverageMethod,
  coverageFromTable,
  exactCoverage,
  exactCoverageCurve,
  type IntervalTable,
  intervalTable,
} from './exactCoverage.js';
export {
  exactPairedCoverage,
  exactPairedCoverageCurve,
  MAX_PAIRED_TABLE_ENTRIES,
  type PairedCoverageFunction,
  type PairedCoverageMethod,
  type PairedIntervalTable,
  pairedCoverageFromTable,
  pairedIntervalTable,
} from './exactPairedCoverage.js';
