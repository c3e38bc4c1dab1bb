/**
 * Stirling-series remainder used by the BTRD binomial sampler (Hörmann 1993, eq. 6):
 *   fc(k) = ln k! − (k + ½) ln(k + 1) + (k + 1) − ½ ln(2π),
 * tabulated for k ≤ 9 (values from Hörmann's paper) and otherwise from the series
 *   fc(k) ≈ (1/12 − (1/360 − 1/(1260 (k+1)²)) / (k+1)²) / (k+1)
 * (truncation error < 1/(1680 (k+1)⁷) < 4e-11 for k ≥ 10).
 */
const TABLE = [
  0.08106146679532726, 0.04134069595540929, 0.02767792568499834, 0.02079067210376509, 0.01664469118982119,
  0.01387612882307075, 0.01189670994589177, 0.01041126526197209, 0.009255462182712733, 0.008330563433362871,
];

/** fc(k) for an integer k ≥ 0. */
export function stirlingCorrection(k: number): number {
  if (k < 10) return TABLE[k];
  const r = 1 / (k + 1);
  const r2 = r * r;
  return (1 / 12 - (1 / 360 - (1 / 1260) * r2) * r2) * r;
}
