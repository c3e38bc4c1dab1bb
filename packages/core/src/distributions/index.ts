export { betaCdf, betaLogPdf, betaQuantile, betaSf, MAX_BETA_SHAPE_SUM } from './beta.js';
export { binomialCdf, binomialLogPmf, binomialPmf, binomialUpperTail } from './binomial.js';
export { chiSquareSf } from './chiSquare.js';
export { logBeta, logGamma } from './logGamma.js';
export { normalCdf, normalCritical, normalPdf, normalQuantile, normalSf } from './normal.js';
export { tCdf, tCritical, tQuantile, tSf } from './studentT.js';
export { createTCriticalMemo, type TCriticalOf } from './tCriticalMemo.js';
