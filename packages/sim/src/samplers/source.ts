/**
 * What a sampler needs from a random stream. `SeededStream` (rng/) provides it;
 * samplers are pure functions of it so that stream methods can delegate to them
 * and tests can drive them from any source.
 */
export interface UniformSource {
  /** Uniform on [0, 1) (53-bit resolution for `SeededStream`). */
  uniform(): number;
  /** Uniform unsigned 32-bit integer. */
  uint32(): number;
}
