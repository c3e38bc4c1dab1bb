/**
 * Typed model definitions: `defineModel` takes the declared parameters (option specs) and
 * a `parse` that receives them already checked and typed, and returns the model role the
 * runner uses (base/roles.ts), whose `parse` reads a cell's raw parameters through the one
 * option reader. The data kind ties `allocate`, `generate` and `diagnostics` to one type.
 */
import type { CellParams } from './cellParams.js';
import type { DataKindName, DataKinds } from './dataKinds.js';
import { type OptionSpecs, type OptionValues, readOptions } from './options.js';
import type { RandomStream } from './randomStream.js';
import type { DataSource, ModelAnswers, ModelDefinition, StudyContext } from './roles.js';

export interface ModelSpec<
  S extends OptionSpecs,
  P,
  K extends DataKindName,
  D extends DataKinds[K] = DataKinds[K],
> {
  readonly name: string;
  readonly description: string;
  readonly dataKind: K;
  readonly params: S;
  /** Cross-parameter checks and derived values; `params` are checked against their specs already. */
  parse(params: OptionValues<S>, context: StudyContext, raw: CellParams): P;
  /** The cell's buffers: the data kind, or a model's own extension of it (e.g. with a sampler's tables). */
  allocate(params: P): D;
  generate(params: P, rng: RandomStream, data: D): void;
  truth(params: P): number;
  readonly diagnostics?: {
    readonly names: readonly string[];
    measure(data: D, out: Float64Array): void;
  };
  readonly answers?: ModelAnswers<P, D>;
  dataSources?(params: P): readonly DataSource[];
}

export function defineModel<
  const S extends OptionSpecs,
  P,
  K extends DataKindName,
  D extends DataKinds[K] = DataKinds[K],
>(spec: ModelSpec<S, P, K, D>): ModelDefinition<P, D> {
  const { parse, ...rest } = spec;
  return {
    ...rest,
    parse: (raw, context) => parse(readOptions(spec.params, raw, spec.name, 'parameter'), context, raw),
  };
}
