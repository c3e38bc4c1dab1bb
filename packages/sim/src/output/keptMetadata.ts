/**
 * Provenance of a kept per-replication file (`keep: ['replications']` or
 * `['answers']`), stored as Arrow schema metadata so the file alone says what made it:
 *
 *   evalsim.kind          "replications" | "answers"
 *   evalsim.study         the effective study config (JSON, as in the results file)
 *   evalsim.gridKeys      grid keys in order (JSON)
 *   evalsim.cells         each cell's grid point, by cell index (JSON)
 *   evalsim.seed, evalsim.replications, evalsim.version
 *   evalsim.data          the data files the model read: [{ file, sha256, systems }] (JSON)
 */
import type { ParamValue } from '../base/cellParams.js';
import type { DataSource } from '../base/roles.js';

export type KeptKind = 'replications' | 'answers';

export interface KeptMetadata {
  readonly kind: KeptKind;
  readonly config: unknown;
  readonly gridKeys: readonly string[];
  readonly cells: readonly Readonly<Record<string, ParamValue>>[];
  readonly seed: number;
  readonly replications: number;
  readonly version: string;
  readonly dataSources: readonly DataSource[];
}

/** The schema metadata entries of `metadata`, in a fixed order. */
export function keptMetadataEntries(metadata: KeptMetadata): Map<string, string> {
  return new Map([
    ['evalsim.kind', metadata.kind],
    ['evalsim.study', JSON.stringify(metadata.config)],
    ['evalsim.gridKeys', JSON.stringify(metadata.gridKeys)],
    ['evalsim.cells', JSON.stringify(metadata.cells)],
    ['evalsim.seed', String(metadata.seed)],
    ['evalsim.replications', String(metadata.replications)],
    ['evalsim.version', metadata.version],
    ['evalsim.data', JSON.stringify(metadata.dataSources)],
  ]);
}
