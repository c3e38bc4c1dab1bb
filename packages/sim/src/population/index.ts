export { buildItemPopulation } from './buildItemPopulation.js';
export { type Cell, type CellTable, fileRow } from './cellTable.js';
export { type ClusterMembers, clusterMembers } from './clusterMembers.js';
export {
  binarySystem,
  hasGradedScores,
  type ItemPopulation,
  populationColumns,
  populationMeanRate,
  populationSystem,
  type RecordedAnswers,
  type RecordedScores,
  SCORE_SEPARATOR,
  type SystemResults,
} from './itemPopulation.js';
export { loadItemPopulation } from './loadItemPopulation.js';
export { parseCsv } from './parseCsv.js';
export { PopulationFileError } from './populationFileError.js';
export { readArrowTable } from './readArrowTable.js';
export {
  populationFromShared,
  type SharedPopulation,
  type SharedSystemResults,
  sharePopulation,
} from './sharedPopulation.js';
