/**
 * The module of one of the import's threads (importWorker, io/backgroundWorker): the single-file
 * bundle scripts/bundle.mjs makes (`dist/evals/<name>.bundle.mjs`; in the published package, its
 * own), else tsc's output (`dist/evals/<path>.js`); undefined when neither is built, and the work
 * is then done on the calling thread.
 */
import { existsSync } from 'node:fs';
import { simPackageFile } from '../base/packageRoot.js';

/** `name`'s built module, for the source at `evals/<path>.ts`. */
export function evalsWorkerFile(name: string, path: string): string | undefined {
  for (const file of [`dist/evals/${name}.bundle.mjs`, `dist/evals/${path}.js`]) {
    const found = simPackageFile(file);
    if (existsSync(found)) return found;
  }
  return undefined;
}
