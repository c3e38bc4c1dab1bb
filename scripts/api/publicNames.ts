/**
 * The public names of a package entry, read from its source the way a reader sees them: every
 * `export { … } from`, `export type { … } from` and declaration exported in the file, and every
 * name of a module it re-exports with `export *` (followed recursively). A type-only name is
 * written `type Name`. Sorted, one a line: the form of packages/<name>/public-api.txt.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import ts from 'typescript';

/** The module a relative specifier names (`./x.js` → `./x.ts`, `./dir/index.js` → `./dir/index.ts`). */
function sourceOf(from: string, specifier: string): string {
  const file = resolve(dirname(from), specifier.replace(/\.js$/, '.ts'));
  if (!existsSync(file)) throw new Error(`${from}: cannot find ${specifier}`);
  return file;
}

function exportedNames(file: string, seen: Set<string>): Map<string, boolean> {
  const names = new Map<string, boolean>(); // name → type-only
  if (seen.has(file)) return names;
  seen.add(file);
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement)) {
      const clause = statement.exportClause;
      if (clause === undefined) {
        const specifier = (statement.moduleSpecifier as ts.StringLiteral).text;
        for (const [name, typeOnly] of exportedNames(sourceOf(file, specifier), seen))
          names.set(name, typeOnly);
      } else if (ts.isNamedExports(clause)) {
        for (const element of clause.elements)
          names.set(element.name.text, statement.isTypeOnly || element.isTypeOnly);
      } else throw new Error(`${file}: \`export * as ${clause.name.text}\` is not read here`);
      continue;
    }
    const modifiers = ts.canHaveModifiers(statement) ? ts.getModifiers(statement) : undefined;
    if (!modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations)
        if (ts.isIdentifier(declaration.name)) names.set(declaration.name.text, false);
    } else if (
      ts.isFunctionDeclaration(statement) ||
      ts.isClassDeclaration(statement) ||
      ts.isEnumDeclaration(statement)
    ) {
      if (statement.name) names.set(statement.name.text, false);
    } else if (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) {
      names.set(statement.name.text, true);
    }
  }
  return names;
}

/** `entry`'s public names, sorted by name: `name` for a value, `type Name` for a type. */
export function publicNames(entry: string): string[] {
  return [...exportedNames(resolve(entry), new Set())]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, typeOnly]) => (typeOnly ? `type ${name}` : name));
}
