/**
 * Typed method definitions: `defineMethod` takes the declared options and the data kinds
 * the method accepts, and a `create` that receives the options checked and typed and
 * returns an analyser of exactly those kinds. The returned role (base/roles.ts) reads a
 * study entry's raw options through the one option reader.
 */
import type { DataKindName, DataKinds } from './dataKinds.js';
import { type OptionSpecs, type OptionValues, readOptions } from './options.js';
import type { Analyser, MethodDefinition, MethodSettings } from './roles.js';

export interface MethodSpec<S extends OptionSpecs, K extends DataKindName> {
  readonly name: string;
  readonly description: string;
  readonly kind: 'interval' | 'test';
  readonly accepts: readonly K[];
  readonly options: S;
  create(options: OptionValues<S>, settings: MethodSettings): Analyser<DataKinds[K]>;
}

export function defineMethod<const S extends OptionSpecs, K extends DataKindName>(
  spec: MethodSpec<S, K>,
): MethodDefinition {
  return {
    name: spec.name,
    description: spec.description,
    kind: spec.kind,
    accepts: spec.accepts,
    options: spec.options,
    create(raw, settings) {
      const analyser = spec.create(readOptions(spec.options, raw, spec.name), settings);
      // The resolver pairs a method only with a model whose data kind it accepts, so the
      // runner hands this analyser nothing but DataKinds[K].
      return analyser as Analyser;
    },
  };
}
