/**
 * Paths into a JSON document, the way the HTML report names where each number it shows comes
 * from: `systems[0].binary.wilson.lower` — `.key` for a key that is an identifier, `["key"]`
 * (JSON-quoted) for any other, `[i]` for an array element. `valueAt` reads the value a path
 * names (undefined when any step is missing), so a test can check every number of a page
 * against the `--json` document it was rendered from.
 */

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** The path of `key` under `base` (`''` is the document itself). */
export function childPath(base: string, key: string | number): string {
  if (typeof key === 'number') return `${base}[${key}]`;
  if (IDENTIFIER.test(key)) return base === '' ? key : `${base}.${key}`;
  return `${base}[${JSON.stringify(key)}]`;
}

/** The path `relative` (written from a row) under `base`. */
export function joinPath(base: string, relative: string): string {
  if (relative === '') return base;
  if (base === '') return relative.startsWith('.') ? relative.slice(1) : relative;
  return relative.startsWith('[') ? `${base}${relative}` : `${base}.${relative}`;
}

/** The steps of a path: keys (strings) and indices (numbers). Throws on a malformed path. */
export function pathSteps(path: string): (string | number)[] {
  const steps: (string | number)[] = [];
  let i = 0;
  while (i < path.length) {
    if (path[i] === '.') i++;
    if (path[i] === '[') {
      if (path[i + 1] === '"') {
        // A JSON string: find its closing quote (skipping escapes).
        let j = i + 2;
        while (j < path.length && path[j] !== '"') j += path[j] === '\\' ? 2 : 1;
        steps.push(JSON.parse(path.slice(i + 1, j + 1)) as string);
        i = j + 1;
      } else {
        const j = path.indexOf(']', i);
        if (j < 0) throw new Error(`malformed JSON path ${path}`);
        steps.push(Number(path.slice(i + 1, j)));
        i = j;
      }
      if (path[i] !== ']') throw new Error(`malformed JSON path ${path}`);
      i++;
      continue;
    }
    const match = /^[A-Za-z_$][\w$]*/.exec(path.slice(i));
    if (!match) throw new Error(`malformed JSON path ${path}`);
    steps.push(match[0]);
    i += match[0].length;
  }
  return steps;
}

/** The value at `path` in `doc`, or undefined when a step is missing. */
export function valueAt(doc: unknown, path: string): unknown {
  let value: unknown = doc;
  for (const step of pathSteps(path)) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string | number, unknown>)[step];
  }
  return value;
}
