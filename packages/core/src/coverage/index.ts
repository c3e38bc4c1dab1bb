export {
  type CoverageMethod,
  coverageFromTable,
  exactCoverage,
  exactCoverageCurve,
  type IntervalTable,
  intervalTable,
} from './exactCoverage.js';
