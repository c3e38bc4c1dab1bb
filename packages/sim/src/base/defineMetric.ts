/**
 * Typed metric definitions: `defineMetric` takes the declared options and a `create` that
 * receives them checked and typed; the returned role (base/roles.ts) reads a study entry's
 * raw options through the one option reader.
 */
import { type OptionSpecs, type OptionValues, readOptions } from './options.js';
import type { MetricAccumulator, MetricContext, MetricDefinition } from './roles.js';

export interface MetricSpec<S extends OptionSpecs> {
  readonly name: string;
  readonly description: string;
  readonly options: S;
  create(options: OptionValues<S>, context: MetricContext): MetricAccumulator;
}

export function defineMetric<const S extends OptionSpecs>(spec: MetricSpec<S>): MetricDefinition {
  return {
    name: spec.name,
    description: spec.description,
    options: spec.options,
    create: (raw, context) => spec.create(readOptions(spec.options, raw, spec.name), context),
  };
}
