import { readFileSync } from 'node:fs';

let cached: string | undefined;

/** The evalsim version (packages/sim/package.json), recorded in every results file. */
export function evalsimVersion(): string {
  if (cached === undefined) {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    cached = pkg.version;
  }
  return cached;
}
