/**
 * Streaming mean and variance (Welford 1962, Technometrics 4:419; the update
 * in Knuth, TAOCP vol. 2, §4.2.2):
 *
 *   δ = x − mean;  mean += δ/n;  M2 += δ·(x − mean);  s² = M2/(n − 1).
 *
 * Numerically stable and order-dependent only in the last bits, so the runner
 * feeds it in replication order to keep results byte-identical.
 */
export class RunningMoments {
  count = 0;
  mean = 0;
  private m2 = 0;

  add(x: number): void {
    this.count++;
    const delta = x - this.mean;
    this.mean += delta / this.count;
    this.m2 += delta * (x - this.mean);
  }

  /** Sample variance s² (n − 1 denominator); NaN below two values. */
  variance(): number {
    return this.count > 1 ? this.m2 / (this.count - 1) : Number.NaN;
  }

  /** Sample standard deviation s. */
  sd(): number {
    return Math.sqrt(this.variance());
  }
}
