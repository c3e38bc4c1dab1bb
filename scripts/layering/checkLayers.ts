/**
 * Checks every relative import of a package's production sources against LAYERS
 * (layers.ts): returns one line per violation (empty when the layering holds).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
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

/**
 * The unit of a file: the longest listed folder holding it (a sub-folder such as `models/support`
 * is a unit of its own when the layers list it), else its top folder under src/, or the file
 * name for a root file.
 */
function unitOf(src: string, file: string, units: ReadonlySet<string>): string {
  const parts = relative(src, file).split(sep);
  for (let depth = parts.length - 1; depth > 1; depth--) {
    const unit = parts.slice(0, depth).join('/');
    if (units.has(unit)) return unit;
  }
  return parts[0];
}

/**
 * Folders the layers name wrongly: a listed sub-folder that does not exist, and a sub-folder of a
 * folder whose sub-folders are floored (one of them is listed) that is itself on no floor.
 */
function unplacedFolders(src: string, units: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  const parents = new Set(
    [...units].filter((u) => u.includes('/')).map((u) => u.slice(0, u.lastIndexOf('/'))),
  );
  for (const unit of units) {
    if (unit.includes('/') && !existsSync(join(src, ...unit.split('/')))) {
      problems.push(`${unit}: listed in scripts/layering/layers.ts but not a folder`);
    }
  }
  for (const parent of parents) {
    for (const entry of readdirSync(join(src, ...parent.split('/')))) {
      const unit = `${parent}/${entry}`;
      if (entry === 'test-utils' || entry === 'fixtures' || units.has(unit)) continue;
      if (statSync(join(src, ...unit.split('/'))).isDirectory()) {
        problems.push(
          `${unit}: a sub-folder of ${parent}, whose sub-folders have floors, is on no floor; add it to scripts/layering/layers.ts`,
        );
      }
    }
  }
  return problems;
}

/** Violations of `layers` by the package whose src/ is `src`. */
export function checkLayers(src: string, layers: readonly (readonly string[])[]): string[] {
  const floor = new Map<string, number>();
  layers.forEach((units, i) => {
    for (const unit of units) floor.set(unit, i);
  });
  const units = new Set(floor.keys());
  const problems = unplacedFolders(src, units);
  const allowed = (i: number) => layers.slice(0, i).flat().join(', ') || 'nothing of the package';
  for (const file of sources(src)) {
    const unit = unitOf(src, file, units);
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
      const other = unitOf(src, target, units);
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
