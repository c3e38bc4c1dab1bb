import { readFileSync } from 'node:fs';
import { simPackageFile } from '../base/packageRoot.js';

let cached: string | undefined;

/** The evalsim version (packages/sim/package.json), recorded in every results file. */
export function evalsimVersion(): string {
  if (cached === undefined) {
    const pkg = JSON.parse(readFileSync(simPackageFile('package.json'), 'utf8')) as {
      version: string;
    };
    cached = pkg.version;
  }
  return cached;
}
