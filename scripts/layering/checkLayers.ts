/**
 * Checks every relative import of a package's production sources against LAYERS
 * (layers.ts): returns one line per violation (empty when the layering holds).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

/** The production sources under `dir` (no tests, test-utils/ or fixtures/). */
export function sources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) {
      if (entry !== 'test-utils' && entry !== 'fixtures') out.push(...sources(path));
    } else if (entry.endsWith('.ts') && !entry.endsWith('.test.ts') && !entry.endsWith('.d.ts')) {
      out.push(path);
    }
  }
  return out;
}

/** The unit of a file: its top folder under src/, or the file name for a root file. */
function unitOf(src: string, file: string): string {
  return relative(src, file).split(sep)[0];
}

/** Violations of `layers` by the package whose src/ is `src`. */
export function checkLayers(src: string, layers: readonly (readonly string[])[]): string[] {
  const floor = new Map<string, number>();
  layers.forEach((units, i) => {
    for (const unit of units) floor.set(unit, i);
  });
  const problems: string[] = [];
  const allowed = (i: number) => layers.slice(0, i).flat().join(', ') || 'nothing of the package';
  for (const file of sources(src)) {
    const unit = unitOf(src, file);
    const own = floor.get(unit);
    if (own === undefined) {
      problems.push(`${relative(src, file)}: ${unit} is on no floor; add it to scripts/layering/layers.ts`);
      continue;
    }
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2];
      const target = resolve(dirname(file), specifier).replace(/\.js$/, '.ts');
      if (!target.startsWith(src + sep)) {
        problems.push(`${relative(src, file)} imports ${specifier}, outside the package's src/`);
        continue;
      }
      const other = unitOf(src, target);
      if (other === unit) continue;
      const theirs = floor.get(other);
      if (theirs === undefined || theirs >= own) {
        problems.push(
          `${relative(src, file)} imports ${relative(src, target)}: ${unit} may import only ${allowed(own)}`,
        );
      }
    }
  }
  return problems;
}
