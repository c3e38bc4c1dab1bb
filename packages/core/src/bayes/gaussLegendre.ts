/**
 * 16-point Gauss–Legendre nodes and weights on [−1, 1] (the rule of Abramowitz & Stegun
 * 1964, table 25.4; digits from numpy.polynomial.legendre.leggauss(16)), used by the
 * hierarchical beta-binomial posterior for panel integration.
 */

/** Positive nodes (the rule is symmetric). */
const X = [
  0.09501250983763744, 0.2816035507792589, 0.45801677765722737, 0.6178762444026438, 0.755404408355003,
  0.8656312023878318, 0.9445750230732326, 0.9894009349916499,
];
const W = [
  0.18945061045506864, 0.18260341504492364, 0.16915651939500265, 0.1495959888165767, 0.12462897125553407,
  0.0951585116824926, 0.062253523938647456, 0.027152459411754176,
];

/** The 16 nodes in increasing order. */
export const GL_NODES: readonly number[] = Object.freeze([...X.map((x) => -x).reverse(), ...X]);
/** Their weights (same order). */
export const GL_WEIGHTS: readonly number[] = Object.freeze([...[...W].reverse(), ...W]);
