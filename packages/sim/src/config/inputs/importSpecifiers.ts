/**
 * The module specifiers a JavaScript source names statically: `import … from 's'`,
 * `import 's'`, `export … from 's'`, `import('s')` with a string literal, and CommonJS
 * `require('s')`. Comments are skipped (a specifier in a comment is not an import);
 * string and template literals are stepped over, so `//` inside a string is not taken for
 * a comment. A dynamic import of a computed specifier cannot be known and is not listed.
 *
 * A scanner, not a parser: it is used to hash the files a user module reads (the study's
 * inputs), where listing one file too many costs nothing and missing one would let
 * `--resume` mix results, so it errs towards listing.
 */

/** `source` with every comment replaced by spaces (line breaks kept). */
function withoutComments(source: string): string {
  const out: string[] = [];
  let i = 0;
  const n = source.length;
  while (i < n) {
    const c = source[i];
    const next = source[i + 1];
    if (c === '/' && next === '/') {
      while (i < n && source[i] !== '\n') {
        out.push(' ');
        i++;
      }
    } else if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end < 0 ? n : end + 2;
      for (; i < stop; i++) out.push(source[i] === '\n' ? '\n' : ' ');
    } else if (c === '"' || c === "'" || c === '`') {
      const start = i++;
      while (i < n && source[i] !== c) {
        if (source[i] === '\\') i++;
        else if (c !== '`' && source[i] === '\n') break;
        i++;
      }
      i++;
      out.push(source.slice(start, i));
    } else {
      out.push(c);
      i++;
    }
  }
  return out.join('');
}

const PATTERNS: readonly RegExp[] = [
  // import x from 's'; import { a, b as c } from 's'; import * as ns from 's'; import 's'
  /(?:^|[^.\w$])import\s*(?:[\w$*{}\s,]+?\s*from\s*)?(['"])([^'"\n]+)\1/g,
  // export * from 's'; export * as ns from 's'; export { a } from 's'
  /(?:^|[^.\w$])export\s*(?:\*(?:\s*as\s+[\w$]+)?|\{[^}]*\})\s*from\s*(['"])([^'"\n]+)\1/g,
  // import('s'), import(`s`) without substitutions
  /(?:^|[^.\w$])import\s*\(\s*(['"`])([^'"`\n$]+)\1\s*[,)]/g,
  // require('s')
  /(?:^|[^.\w$])require\s*\(\s*(['"`])([^'"`\n$]+)\1\s*\)/g,
];

/** The specifiers `source` imports, exports from or requires, each once, in order of first appearance. */
export function importSpecifiers(source: string): string[] {
  const code = withoutComments(source);
  const found: { at: number; specifier: string }[] = [];
  for (const pattern of PATTERNS) {
    for (const match of code.matchAll(pattern)) found.push({ at: match.index, specifier: match[2] });
  }
  found.sort((a, b) => a.at - b.at);
  return [...new Set(found.map((f) => f.specifier))];
}
