/**
 * `--parquet`, one rule for every command that writes Arrow tables (run, reproduce, merge,
 * import, analyze --out, audit, plan, leaderboard): each Arrow file gets a Parquet twin beside
 * it, `x.arrow` → `x.parquet`, with the same rows, columns and schema metadata (sim's
 * parquetFromArrow / the runner's `parquet` option), checked and published with it. Parquet is
 * read by DuckDB, pandas (with pyarrow or fastparquet), polars and Spark without Arrow IPC support.
 */
import { parquetFromArrow } from '@evalsim/sim';
import { parquetPathOf } from '@evalsim/sim/internal';

export const PARQUET_OPTION = {
  parquet: {
    type: 'boolean',
    default: false,
    describe:
      'also write each Arrow table as Parquet beside it (x.arrow → x.parquet: same rows, types, metadata)',
  },
} as const;

/** The files to write, each Arrow file followed by its Parquet twin when `parquet`. */
export function withParquetTwins(
  files: readonly (readonly [string, string | Uint8Array])[],
  parquet: boolean,
): [string, string | Uint8Array][] {
  return files.flatMap(([name, data]): [string, string | Uint8Array][] =>
    parquet && name.endsWith('.arrow') && typeof data !== 'string'
      ? [
          [name, data],
          [parquetPathOf(name), parquetFromArrow(data)],
        ]
      : [[name, data]],
  );
}

/** The names of the Arrow files' twins among `names`. */
export function parquetTwinNames(names: readonly string[], parquet: boolean): string[] {
  return parquet ? names.filter((n) => n.endsWith('.arrow')).map(parquetPathOf) : [];
}
