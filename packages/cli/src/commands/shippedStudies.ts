/**
 * The studies and stand-in data shipped with the published package (`<package>/studies`: the
 * repository's studies/ without its tests, copied by scripts/package.mjs), so that `evalsim
 * list`, `reproduce`, `run <study>` and the `--help` examples work from an installed package.
 * The rule, stated once (README, "The package"): the default `--studies studies` is the shipped
 * folder when the working folder has no `studies/`; an input path under `studies/` that the
 * working folder does not have is read from the shipped copy, with a note saying so. Outputs
 * never go there. In the repository's own sources no such folder is found (no package named
 * `evalsim` above them), so nothing changes there.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CliIo } from '../io.js';

let shipped: string | null | undefined;

/** `<package>/studies` of the `evalsim` package this module runs from, or undefined. */
export function shippedStudiesFolder(): string | undefined {
  if (shipped === undefined) {
    shipped = null;
    let dir = dirname(fileURLToPath(import.meta.url));
    for (;;) {
      const manifest = join(dir, 'package.json');
      if (existsSync(manifest)) {
        try {
          if ((JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'evalsim') {
            const studies = join(dir, 'studies');
            if (existsSync(studies) && statSync(studies).isDirectory()) shipped = studies;
            break;
          }
        } catch {}
      }
      const parent = dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
  return shipped ?? undefined;
}

/** The folder `--studies value` means: the shipped studies (or a folder of them) when this folder has none. */
export function studiesDirectory(io: CliIo, value: string): string {
  if (existsSync(io.resolve(value))) return value;
  if (value === 'studies') return shippedStudiesFolder() ?? value;
  return inputPath(io, value);
}

/** An input path as given, or its shipped copy when it is under `studies/` and absent here (with a note). */
export function inputPath(io: CliIo, path: string): string {
  if (isAbsolute(path) || existsSync(io.resolve(path))) return path;
  const parts = normalize(path).split(sep);
  const folder = shippedStudiesFolder();
  if (parts[0] !== 'studies' || folder === undefined) return path;
  const copy = join(folder, ...parts.slice(1));
  if (!existsSync(copy)) return path;
  io.stderr.write(`note: ${path}: not in this folder; reading the copy shipped with evalsim (${copy})\n`);
  return copy;
}
