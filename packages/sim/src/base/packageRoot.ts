/**
 * The @evalsim/sim package directory, found by resolving the package's own name, so
 * its files (the study schema, package.json, the bundled worker) are found the same way
 * from src (tests), from dist, and from a bundle of the CLI that inlines this code.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

let root: string | undefined;

/** Absolute path of a file inside the @evalsim/sim package, e.g. "schema/study.schema.json". */
export function simPackageFile(relative: string): string {
  root ??= dirname(createRequire(import.meta.url).resolve('@evalsim/sim/package.json'));
  return join(root, relative);
}
