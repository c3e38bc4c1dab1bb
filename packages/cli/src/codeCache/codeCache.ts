/**
 * A bundled classic script run with V8's code cache (the v8-compile-cache technique, by hand:
 * Node 20 has no `module.enableCompileCache`). Compiling and linking the CLI's ESM chunks was
 * ~0.1 s of every `evalsim run` (docs/performance.md); a `vm.Script` given the `cachedData` that
 * `script.createCachedData()` produced after a representative run skips the parse and the lazy
 * compiles of every function that run used.
 *
 * The script is one CommonJS-style bundle (scripts/code-cache.mjs), stored already wrapped in a
 * function of {@link SCRIPT_PARAMETERS} ({@link wrapScriptSource}) and in ASCII, so its bytes are
 * the compiled text: one string is made from them, where wrapping at every start copied the
 * 1.2 MB text twice more (docs/performance.md §9l). `import.meta.url` is defined as
 * `__evalsimUrl`, and its dynamic `import()`s of ES modules (vega, a study's own module files)
 * call `__evalsimImport`, an `import()` here, beside the script in dist/. (V8 11 drops a
 * script's host-defined options when it is deserialized from a code cache, so an `import()`
 * compiled inside it would fail with "A dynamic import callback was not specified".)
 *
 * The cache file is `sha256(script bytes ‖ V8 data)` (32 bytes) followed by the V8 data. V8
 * itself checks only the data's header (its version, flags and the source *length*) and
 * crashes on a damaged payload, so the digest is what ties the data to this exact script and
 * catches a damaged file. A cache that is missing, damaged, stale or rejected by V8 (another
 * Node, other V8 flags) is ignored: the script is compiled from source, with the same result.
 */
import { isAscii } from 'node:buffer';
import { createHash, type Hash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import vm from 'node:vm';

/** The wrapper function's parameters, as Node's CommonJS wrapper plus the bundle's `import.meta.url`. */
export const SCRIPT_PARAMETERS = [
  'exports',
  'require',
  'module',
  '__filename',
  '__dirname',
  '__evalsimUrl',
  '__evalsimImport',
];

/** How a script file starts: the wrapper function's head. */
const SCRIPT_HEAD = `(function (${SCRIPT_PARAMETERS.join(', ')}) {`;

/**
 * The text of a script file for `bundle`: the bundle as the body of a function of
 * SCRIPT_PARAMETERS (a hashbang line becomes a comment, as in Node's CommonJS loader; it is
 * valid only at the very start).
 */
export function wrapScriptSource(bundle: string): string {
  return `${SCRIPT_HEAD}${bundle.replace(/^#!/, '//')}\n})`;
}

/** The script's `import()` of an ES module: a file URL or a package name, resolved from dist/. */
const importModule = (specifier: string): Promise<unknown> => import(specifier);

const DIGEST_BYTES = 32;

/** What became of the cache: used, not there (or unreadable), not for this script, or refused by V8. */
export type CacheState = 'accepted' | 'missing' | 'mismatched' | 'rejected';

export interface CachedScript {
  readonly script: vm.Script;
  readonly cache: CacheState;
  /** Runs the script once (its top level: for the CLI, the whole command); returns its `module.exports`. */
  run(): unknown;
  /** The cache data for this script as it is now (every function compiled so far), with its digest. */
  cacheBytes(): Buffer;
}

/** The open file `fd` of `size` bytes read into the first bytes of `into` (at least that long). */
function readInto(fd: number, into: Buffer, size: number): Buffer {
  let done = 0;
  while (done < size) {
    const read = readSync(fd, into, done, size - done, done);
    if (read === 0) break;
    done += read;
  }
  return into.subarray(0, done);
}

/**
 * The script's text and V8's data from `cacheFile` when it belongs to the script (else why not),
 * and the digest state of the script's bytes. Both files are read into one buffer, the cache over
 * the script once its text is made: every page of fresh memory costs a fault (about 13 µs each
 * on the 2-core machine of docs/performance.md §9l, 5.6 ms for the 1.2 MB a second buffer took).
 */
function readScriptAndCache(
  file: string,
  cacheFile: string | undefined,
): { text: string; scriptDigest: Hash; cached: Buffer | 'missing' | 'mismatched' } {
  const scriptFd = openSync(file, 'r');
  let cacheFd: number | undefined;
  try {
    try {
      if (cacheFile !== undefined) cacheFd = openSync(cacheFile, 'r');
    } catch {
      // no cache file: the script compiles from source
    }
    const scriptSize = fstatSync(scriptFd).size;
    const cacheSize = cacheFd === undefined ? 0 : fstatSync(cacheFd).size;
    const buffer = Buffer.allocUnsafe(Math.max(scriptSize, cacheSize));
    const source = readInto(scriptFd, buffer, scriptSize);
    const scriptDigest = createHash('sha256').update(source);
    // ASCII (esbuild's default charset) decodes byte for byte, into a one-byte string.
    const text = isAscii(source) ? source.toString('latin1') : source.toString('utf8');
    if (!text.startsWith(SCRIPT_HEAD)) throw new Error(`${file} is not a script made by wrapScriptSource`);
    if (cacheFd === undefined) return { text, scriptDigest, cached: 'missing' };
    let bytes: Buffer;
    try {
      bytes = readInto(cacheFd, buffer, cacheSize);
    } catch {
      return { text, scriptDigest, cached: 'missing' }; // unreadable, e.g. a folder
    }
    if (bytes.length <= DIGEST_BYTES) return { text, scriptDigest, cached: 'mismatched' };
    const data = bytes.subarray(DIGEST_BYTES);
    const belongs = scriptDigest.copy().update(data).digest().equals(bytes.subarray(0, DIGEST_BYTES));
    return { text, scriptDigest, cached: belongs ? data : 'mismatched' };
  } finally {
    closeSync(scriptFd);
    if (cacheFd !== undefined) closeSync(cacheFd);
  }
}

/**
 * Compiles the script file `file` (made by {@link wrapScriptSource}), with the cache in
 * `cacheFile` when it is usable; does not run it.
 */
export function compileCachedScript(file: string, cacheFile?: string): CachedScript {
  const { text, scriptDigest, cached } = readScriptAndCache(file, cacheFile);
  const script = new vm.Script(text, {
    filename: file,
    ...(typeof cached === 'string' ? {} : { cachedData: cached }),
  });
  const cache: CacheState =
    typeof cached === 'string' ? cached : script.cachedDataRejected ? 'rejected' : 'accepted';
  return {
    script,
    cache,
    run: () => {
      const module: { exports: unknown } = { exports: {} };
      const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
      wrapper.call(
        module.exports,
        module.exports,
        createRequire(file),
        module,
        file,
        dirname(file),
        pathToFileURL(file).href,
        importModule,
      );
      return module.exports;
    },
    cacheBytes: () => {
      const data = script.createCachedData();
      return Buffer.concat([scriptDigest.copy().update(data).digest(), data]);
    },
  };
}

/** Writes `bytes` to `cacheFile` whole or not at all (a reader never sees half a file). */
export function writeCacheFile(cacheFile: string, bytes: Uint8Array): void {
  const partial = `${cacheFile}.${process.pid}.partial`;
  writeFileSync(partial, bytes);
  renameSync(partial, cacheFile);
}
