/** The metrics a study can name in `metrics`. */
import { createRegistry, type Registry } from '../base/registry.js';
import type { MetricDefinition } from '../base/roles.js';
import { bias } from './bias.js';
import { biasEliminatedCoverage } from './biasEliminatedCoverage.js';
import { boundsOutOfRange } from './boundsOutOfRange.js';
import { bradley } from './bradley.js';
import { coverage } from './coverage.js';
import { empiricalSE } from './empiricalSE.js';
import { estimateQuantile } from './estimateQuantile.js';
import { estimateShare } from './estimateShare.js';
import { estimateVariance } from './estimateVariance.js';
import { lowerNoncoverage } from './lowerNoncoverage.js';
import { meanEstimate } from './meanEstimate.js';
import { meanSampleSize } from './meanSampleSize.js';
import { meanSE } from './meanSE.js';
import { meanWidth } from './meanWidth.js';
import { medianWidth } from './medianWidth.js';
import { modelSE } from './modelSE.js';
import { mse } from './mse.js';
import { rejectionRate } from './rejectionRate.js';
import { relativeBias } from './relativeBias.js';
import { relativeErrorModelSE } from './relativeErrorModelSE.js';
import { relativePrecisionGain } from './relativePrecisionGain.js';
import { rmse } from './rmse.js';
import { upperNoncoverage } from './upperNoncoverage.js';

/** Every metric a study can name, in listing order. */
export const metricRegistry: Registry<MetricDefinition> = createRegistry('metric', [
  coverage,
  meanWidth,
  medianWidth,
  biasEliminatedCoverage,
  lowerNoncoverage,
  upperNoncoverage,
  boundsOutOfRange,
  rejectionRate,
  bradley,
  meanEstimate,
  bias,
  relativeBias,
  empiricalSE,
  meanSE,
  modelSE,
  relativeErrorModelSE,
  relativePrecisionGain,
  mse,
  rmse,
  estimateShare,
  estimateQuantile,
  estimateVariance,
  meanSampleSize,
]);
