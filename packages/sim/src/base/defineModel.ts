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

export interface ModelSpec<S extends OptionSpecs, P, K extends DataKindName> {
  readonly name: string;
  readonly description: string;
  readonly dataKind: K;
  readonly params: S;
  /** Cross-parameter checks and derived values; `params` are checked against their specs already. */
  parse(params: OptionValues<S>, context: StudyContext, raw: CellParams): P;
  allocate(params: P): DataKinds[K];
  generate(params: P, rng: RandomStream, data: DataKinds[K]): void;
  truth(params: P): number;
  readonly diagnostics?: {
    readonly names: readonly string[];
    measure(data: DataKinds[K], out: Float64Array): void;
  };
  readonly answers?: ModelAnswers<P, DataKinds[K]>;
  dataSources?(params: P): readonly DataSource[];
}

export function defineModel<const S extends OptionSpecs, P, K extends DataKindName>(
  spec: ModelSpec<S, P, K>,
): ModelDefinition<P, DataKinds[K]> {
  const { parse, ...rest } = spec;
  return {
    ...rest,
    parse: (raw, context) => parse(readOptions(spec.params, raw, spec.name, 'parameter'), context, raw),
  };
}
