/**
 * The code cache (codeCache.ts) on a small script: used when it belongs to the script, and
 * otherwise — missing, truncated, damaged, made for another script of the same length, refused
 * by V8 — ignored without a crash, with the same result. The script's ES-module imports go
 * through the launcher, with or without a cache. Each run is a child process running the built
 * codeCache.js (a script compiled twice in one process hits V8's in-memory cache, which would
 * hide what the cache file does).
 */

import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, expect, test } from 'vitest';
import { type CacheState, wrapScriptSource } from './codeCache.js';

const dir = mkdtempSync(join(tmpdir(), 'evalsim-code-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const moduleFile = join(dir, 'answer.mjs');
writeFileSync(moduleFile, 'export const answer = 42;\n');

/**
 * A script file whose result lands in a global: its arguments, a computation, a string, and an
 * ES module's export.
 */
function scriptSource(factor: number, word = 'plain'): string {
  return wrapScriptSource(`#!/usr/bin/env node
const sum = (n) => { let s = 0; for (let i = 1; i <= n; i++) s += i * ${factor}; return s; };
globalThis.__codeCacheTest = {
  sum: sum(100),
  word: ${JSON.stringify(word)},
  filename: __filename,
  url: __evalsimUrl,
  exportsIsModuleExports: exports === module.exports,
  imported: __evalsimImport(${JSON.stringify(pathToFileURL(moduleFile).href)}).then((m) => m.answer),
};
`);
}

const built = pathToFileURL(
  fileURLToPath(new URL('../../dist/codeCache/codeCache.js', import.meta.url)),
).href;
const child = join(dir, 'child.mjs');
writeFileSync(
  child,
  `import { compileCachedScript, writeCacheFile } from ${JSON.stringify(built)};
const [script, cache, write] = process.argv.slice(2);
const compiled = compileCachedScript(script, cache);
compiled.run();
const result = globalThis.__codeCacheTest;
const imported = await result.imported;
if (write) writeCacheFile(write, compiled.cacheBytes());
process.stdout.write(JSON.stringify({ cache: compiled.cache, result: { ...result, imported } }));
`,
);

type Result = {
  sum: number;
  word: string;
  filename: string;
  url: string;
  exportsIsModuleExports: boolean;
  imported: unknown;
};

/** Runs the script in a child process with the cache file `cache` (and writes its cache to `write`). */
function runChild(cache: string, write?: string): { cache: CacheState; result: Result } {
  const run = spawnChild(cache, write);
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  return JSON.parse(run.stdout);
}

function spawnChild(cache: string, write?: string) {
  return spawnSync(process.execPath, [child, script, cache, ...(write ? [write] : [])], {
    encoding: 'utf8',
  });
}

const script = join(dir, 'script.cjs');
const cache = join(dir, 'script.cache');
writeFileSync(script, scriptSource(2));
const made = runChild(cache, cache);
const good = readFileSync(cache);

/** Runs the script with `bytes` as its cache file (none when undefined). */
async function runWith(bytes: Buffer | undefined): Promise<{ cache: CacheState; result: Result }> {
  if (bytes === undefined) rmSync(cache, { force: true });
  else writeFileSync(cache, bytes);
  return runChild(cache);
}

const expected: Result = {
  sum: 10100,
  word: 'plain',
  filename: script,
  url: pathToFileURL(script).href,
  exportsIsModuleExports: true,
  imported: 42,
};

test('a script compiled without a cache runs, with its arguments and imports', () => {
  expect(made).toEqual({ cache: 'missing', result: expected });
  expect(good.length).toBeGreaterThan(32);
});

test('a cache made after a run is accepted, and the script computes the same', async () => {
  expect(await runWith(good)).toEqual({ cache: 'accepted', result: expected });
});

test('a missing, truncated, damaged or unreadable cache is ignored (V8 itself would crash on the damage)', async () => {
  const damaged = Buffer.from(good);
  for (let i = Math.floor(good.length / 2); i < Math.floor(good.length / 2) + 256; i++) damaged[i] ^= 0x5a;
  expect(await runWith(undefined)).toEqual({ cache: 'missing', result: expected });
  expect(await runWith(good.subarray(0, good.length >> 1))).toEqual({
    cache: 'mismatched',
    result: expected,
  });
  expect(await runWith(good.subarray(0, 10))).toEqual({ cache: 'mismatched', result: expected });
  expect(await runWith(damaged)).toEqual({ cache: 'mismatched', result: expected });
  rmSync(cache, { force: true });
  mkdirSync(cache);
  try {
    expect(runChild(cache)).toEqual({ cache: 'missing', result: expected });
  } finally {
    rmSync(cache, { recursive: true, force: true });
  }
});

test("another script's cache is ignored, even for a script of the same length", async () => {
  writeFileSync(script, scriptSource(3));
  try {
    expect(readFileSync(script).length).toBe(scriptSource(2).length);
    expect(await runWith(good)).toEqual({ cache: 'mismatched', result: { ...expected, sum: 15150 } });
  } finally {
    writeFileSync(script, scriptSource(2));
  }
});

test('a cache V8 refuses (its header not of this V8) is rejected, and the script compiles from source', async () => {
  // A file of ours, its digest right, whose data V8 refuses (V8 checks its own header first).
  const data = Buffer.alloc(good.length - 32, 7);
  const digest = createHash('sha256').update(readFileSync(script)).update(data).digest();
  expect(await runWith(Buffer.concat([digest, data]))).toEqual({ cache: 'rejected', result: expected });
});

test('a script with text beyond ASCII is read as UTF-8, with its cache as without', () => {
  const unicode = join(dir, 'unicode.cache');
  writeFileSync(script, scriptSource(2, 'naïve ≤ π'));
  try {
    const plainExpected = { ...expected, word: 'naïve ≤ π' };
    expect(runChild(unicode, unicode)).toEqual({ cache: 'missing', result: plainExpected });
    expect(runChild(unicode)).toEqual({ cache: 'accepted', result: plainExpected });
  } finally {
    writeFileSync(script, scriptSource(2));
  }
});

test('a file that is not a wrapped script is refused with its name', () => {
  const bare = readFileSync(script, 'utf8');
  writeFileSync(script, '#!/usr/bin/env node\nglobalThis.__codeCacheTest = {};\n');
  try {
    const run = spawnChild(cache);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain(`${script} is not a script made by wrapScriptSource`);
  } finally {
    writeFileSync(script, bare);
  }
});

test('the cache file is written whole: no partial file is left beside it', () => {
  const files = readdirSync(dir).filter((name) => name.includes('partial'));
  expect(files).toEqual([]);
});
