/**
 * Streaming, mergeable mean and variance. Within a block, Welford's update (Welford 1962,
 * Technometrics 4:419; Knuth, TAOCP vol. 2, §4.2.2):
 *
 *   δ = x − mean;  mean += δ/n;  M2 += δ·(x − mean);  s² = M2/(n − 1).
 *
 * Across blocks, Chan, Golub & LeVeque's pairwise combination (1979; "Updating formulae and a
 * pairwise algorithm for computing sample variances", Stanford STAN-CS-79-773, eq. 2.1):
 *
 *   n = n_a + n_b;  δ = mean_b − mean_a;  mean = mean_a + δ·n_b/n;  M2 = M2_a + M2_b + δ²·n_a·n_b/n.
 *
 * Merging with an empty state copies the other exactly. Both are order-dependent only in the
 * last bits, so the runner adds in replication order within a block and merges in block order.
 * State: [count, mean, M2].
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

  merge(other: RunningMoments): void {
    const nb = other.count;
    if (nb === 0) return;
    const na = this.count;
    if (na === 0) {
      this.count = nb;
      this.mean = other.mean;
      this.m2 = other.m2;
      return;
    }
    const n = na + nb;
    const delta = other.mean - this.mean;
    this.mean += (delta * nb) / n;
    this.m2 += other.m2 + (delta * delta * na * nb) / n;
    this.count = n;
  }

  write(out: number[]): void {
    out.push(this.count, this.mean, this.m2);
  }

  read(state: Float64Array, offset: number): number {
    this.count = state[offset];
    this.mean = state[offset + 1];
    this.m2 = state[offset + 2];
    return offset + 3;
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
