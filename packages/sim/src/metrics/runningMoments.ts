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
 * State: [count, mean, M2]. The arithmetic is core's `MomentState` (`addToMoments`,
 * `mergeMoments`), which the performance measures share.
 */
import { addToMoments, createMoments, type MomentState, mergeMoments } from '@evalsim/core';

export class RunningMoments {
  private state: MomentState = createMoments();

  get count(): number {
    return this.state.n;
  }

  get mean(): number {
    return this.state.mean;
  }

  add(x: number): void {
    addToMoments(this.state, x);
  }

  merge(other: RunningMoments): void {
    if (other.state.n > 0) this.state = mergeMoments(this.state, other.state);
  }

  write(out: number[]): void {
    out.push(this.state.n, this.state.mean, this.state.m2);
  }

  read(state: Float64Array, offset: number): number {
    this.state = { n: state[offset], mean: state[offset + 1], m2: state[offset + 2] };
    return offset + 3;
  }

  /** Sample variance s² (n − 1 denominator); NaN below two values. */
  variance(): number {
    return this.state.n > 1 ? this.state.m2 / (this.state.n - 1) : Number.NaN;
  }

  /** Sample standard deviation s. */
  sd(): number {
    return Math.sqrt(this.variance());
  }
}
