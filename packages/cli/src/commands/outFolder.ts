/**
 * The project's rule for `--out`: `--out DIR` is always a folder; the command writes its files
 * inside it, never beside it (docs/your-eval-reference.md, the README's command section). A value
 * that names a file (it ends in a data file's extension, as `--out lb.arrow` did when some
 * commands took a file there) is refused with the rule and the folder meant, before any work;
 * a trailing slash says a folder is meant (`--out runs.arrow/`).
 */
import { extname } from 'node:path';

const FILE_EXTENSIONS = /^\.(arrow|feather|ipc|parquet|json|jsonl|csv|svg|md|html)$/i;

/**
 * `given`, checked to be a folder name; `writes` says what the command puts inside it (for the
 * refusal, e.g. "leaderboard.json, leaderboard.arrow, ranks.svg").
 */
export function outFolder(given: string, writes: string): string {
  const extension = extname(given);
  if (!/[\\/]$/.test(given) && FILE_EXTENSIONS.test(extension)) {
    const folder = given.slice(0, given.length - extension.length) || 'out';
    throw new Error(
      `--out ${given}: --out is a folder (the command writes its files inside it, never beside it; here ${writes}), not a ${extension} file: give --out ${folder}`,
    );
  }
  return given;
}
