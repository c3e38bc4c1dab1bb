/**
 * The local import graph of user modules: from each entry module, every local file it
 * imports (relative, absolute or file: specifiers), transitively through .js/.mjs/.cjs
 * files (importSpecifiers.ts), each file once. Bare specifiers name packages: they are
 * recorded by name with the version of the package.json the import would find
 * (node_modules, walking up from the importer), not hashed; Node built-ins are skipped.
 * A local specifier that names no file is skipped too (the import itself would fail).
 * The read bytes are returned with each file, so a caller hashes what was scanned.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, extname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readInputFile } from '../../files/inputFile.js';
import { importSpecifiers } from './importSpecifiers.js';

/** Extensions of files whose imports are followed. */
const SCANNED = new Set(['.js', '.mjs', '.cjs']);

export interface GraphFile {
  /** Absolute path. */
  readonly file: string;
  readonly bytes: Buffer;
  /** The entry module itself (true) or a file it imports, directly or not (false). */
  readonly entry: boolean;
}

export interface GraphPackage {
  /** The package name (`name` or `@scope/name`). */
  readonly name: string;
  /** The version of the package.json an import from the first importer finds (null when none is found). */
  readonly version: string | null;
}

export interface ModuleGraph {
  readonly files: readonly GraphFile[];
  readonly packages: readonly GraphPackage[];
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The file a local specifier names from `importer` (Node's ESM needs the exact file; CommonJS tries extensions). */
function localTarget(specifier: string, importer: string): string | undefined {
  const path = specifier.startsWith('file:')
    ? fileURLToPath(specifier)
    : isAbsolute(specifier)
      ? specifier
      : resolve(dirname(importer), specifier);
  const bare = path.replace(/[?#].*$/, '');
  for (const candidate of [bare, `${bare}.js`, `${bare}.mjs`, `${bare}.cjs`, join(bare, 'index.js')]) {
    if (isFile(candidate)) return candidate;
  }
  return undefined;
}

function isLocal(specifier: string): boolean {
  return (
    specifier.startsWith('./') ||
    specifier.startsWith('../') ||
    specifier === '.' ||
    specifier === '..' ||
    specifier.startsWith('/') ||
    specifier.startsWith('file:')
  );
}

/** The package a bare specifier names, or undefined for a Node built-in or a URL. */
function packageName(specifier: string): string | undefined {
  if (specifier.startsWith('node:') || /^[a-z]+:/i.test(specifier)) return undefined;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  return builtinModules.includes(name) ? undefined : name;
}

/** The version in the nearest node_modules/<name>/package.json above `fromDir`, or null. */
function packageVersion(name: string, fromDir: string): string | null {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const manifest = join(dir, 'node_modules', name, 'package.json');
    if (existsSync(manifest)) {
      try {
        const version = (JSON.parse(readFileSync(manifest, 'utf8')) as { version?: unknown }).version;
        return typeof version === 'string' ? version : null;
      } catch {
        return null;
      }
    }
    if (dirname(dir) === dir) return null;
  }
}

/** The entry modules and every local file they import, transitively (see the module comment). */
export function moduleGraph(entries: readonly string[]): ModuleGraph {
  const files = new Map<string, GraphFile>();
  const packages = new Map<string, GraphPackage>();
  const queue: { file: string; entry: boolean }[] = entries.map((file) => ({ file, entry: true }));
  while (queue.length > 0) {
    const { file, entry } = queue.shift()!;
    if (files.has(file)) continue;
    const bytes = readInputFile(file);
    files.set(file, { file, bytes, entry });
    if (!SCANNED.has(extname(file).toLowerCase())) continue;
    for (const specifier of importSpecifiers(bytes.toString('utf8'))) {
      if (isLocal(specifier)) {
        const target = localTarget(specifier, file);
        if (target !== undefined && !files.has(target)) queue.push({ file: target, entry: false });
        continue;
      }
      const name = packageName(specifier);
      if (name !== undefined && !packages.has(name))
        packages.set(name, { name, version: packageVersion(name, dirname(file)) });
    }
  }
  return { files: [...files.values()], packages: [...packages.values()] };
}
