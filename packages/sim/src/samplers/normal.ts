/**
 * Standard normal draws by the ziggurat method (Marsaglia & Tsang 2000, "The
 * Ziggurat Method for Generating Random Variables", J. Stat. Softw. 5(8)) in
 * Doornik's ZIGNOR form (Doornik 2005, "An Improved Ziggurat Method to Generate
 * Normal Random Samples"): 256 layers of equal area v under f(x) = exp(−x²/2),
 * the layer index drawn independently of the uniform, so the method is exact in
 * distribution (no index/value correlation, unlike the original 2000 code).
 *
 * Each draw takes two 32-bit words a, b: the layer i = a & 255 and
 * u = ((a >>> 11)·2³² + b)·2⁻⁵² − 1 ∈ [−1, 1) with 53-bit resolution (disjoint
 * bits). The fast path (|u| < x_{i+1}/x_i) accepts ≈ 99.3% of draws.
 */
import type { UniformSource } from './source.js';

const LAYERS = 256;
/** Right edge of the base layer, r, and the common layer area v (Marsaglia & Tsang 2000, 256 layers). */
const ZIGGURAT_R = 3.6541528853610088;
const ZIGGURAT_V = 0.00492867323399;
const TWO_32 = 4294967296;
const TWO_NEG_52 = 2.220446049250313e-16;

/** x_i: layer edges; x_0 = v / f(r) is the pseudo-width of the base strip with its tail. */
export const ZIGGURAT_EDGES = new Float64Array(LAYERS + 1);
/** x_{i+1} / x_i: fraction of layer i lying wholly under the curve (the fast path's bound on |u|). */
export const ZIGGURAT_RATIOS = new Float64Array(LAYERS);
{
  const edges = ZIGGURAT_EDGES;
  let f = Math.exp(-0.5 * ZIGGURAT_R * ZIGGURAT_R);
  edges[0] = ZIGGURAT_V / f;
  edges[1] = ZIGGURAT_R;
  edges[LAYERS] = 0;
  for (let i = 2; i < LAYERS; i++) {
    edges[i] = Math.sqrt(-2 * Math.log(ZIGGURAT_V / edges[i - 1] + f));
    f = Math.exp(-0.5 * edges[i] * edges[i]);
  }
  for (let i = 0; i < LAYERS; i++) ZIGGURAT_RATIOS[i] = edges[i + 1] / edges[i];
}

/** A standard normal draw N(0, 1). */
export function sampleNormal(src: UniformSource): number {
  const a = src.uint32();
  const b = src.uint32();
  const i = a & 255;
  const u = ((a >>> 11) * TWO_32 + b) * TWO_NEG_52 - 1;
  if (Math.abs(u) < ZIGGURAT_RATIOS[i]) return u * ZIGGURAT_EDGES[i];
  return normalOffFastPath(src, i, u);
}

/**
 * The rest of a draw whose layer i and u missed the fast path (|u| ≥ x_{i+1}/x_i): the tail
 * (i = 0), or the wedge test, drawing afresh (sampleNormal) when the wedge rejects — so a
 * caller that ran the fast path itself on the same two words (a bulk filler) continues the
 * stream exactly as sampleNormal would.
 */
export function normalOffFastPath(src: UniformSource, i: number, u: number): number {
  if (i === 0) return normalTail(src, u < 0);
  // Wedge between layers i and i+1: accept x with probability (f(x) − f(x_i)) / (f(x_{i+1}) − f(x_i)).
  const edges = ZIGGURAT_EDGES;
  const x = u * edges[i];
  const outer = edges[i] * edges[i];
  const inner = edges[i + 1] * edges[i + 1];
  const f0 = Math.exp(-0.5 * (outer - x * x));
  const f1 = Math.exp(-0.5 * (inner - x * x));
  if (f1 + src.uniform() * (f0 - f1) < 1) return x;
  return sampleNormal(src);
}

/**
 * Tail beyond r (Marsaglia 1964): x = −ln(U₁)/r, y = −ln(U₂), accept when 2y > x²;
 * return ±(r + x). U is taken as 1 − uniform() ∈ (0, 1] so the logs are finite.
 */
function normalTail(src: UniformSource, negative: boolean): number {
  let x: number;
  let y: number;
  do {
    x = -Math.log(1 - src.uniform()) / ZIGGURAT_R;
    y = -Math.log(1 - src.uniform());
  } while (2 * y < x * x);
  return negative ? -(ZIGGURAT_R + x) : ZIGGURAT_R + x;
}
