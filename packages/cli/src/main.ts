#!/usr/bin/env node
/**
 * The `evalsim` bin (bundled to packages/evalsim/dist/evalsim.mjs by scripts/package.mjs, the
 * published package's bin and the repository's alike): runCli on the process's arguments,
 * streams and exit status. On a Node.js that has it (22.1 and later), `module.enableCompileCache()`
 * is switched on first, so that V8's compiled code for the CLI's modules is kept on disk between
 * runs (Node's own cache directory: NODE_COMPILE_CACHE, else the system's temporary folder); the
 * CLI is then imported, so its modules are compiled with the cache. A reader
 * that goes away (`evalsim run … | head`) is not an error: the stream is marked closed, the
 * rest of the output dropped, and commands that stream (show) stop reading. The process ends
 * once the command's output is written (exitOnceWritten).
 */
import module from 'node:module';
import { resolve } from 'node:path';
import type { TextSink } from './io.js';

/** Node.js 22.1 and later: keeps compiled code on disk (absent from Node 20's types and runtime). */
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
const { runCli } = await import('./cli.js');

/** `stream` as a sink that survives its reader closing (EPIPE) instead of crashing the process. */
function pipeSafe(stream: NodeJS.WriteStream): TextSink {
  let closed = false;
  stream.on('error', (error: NodeJS.ErrnoException) => {
    closed = true;
    if (error.code !== 'EPIPE' && stream !== process.stderr)
      process.stderr.write(`evalsim: cannot write output (${error.code ?? error.message})\n`);
  });
  return {
    write: (text: string) => (closed ? false : stream.write(text)),
    get isTTY() {
      return stream.isTTY;
    },
    get columns() {
      return stream.columns;
    },
    get closed() {
      return closed;
    },
  };
}

/**
 * Ends the process as soon as everything written to stdout and stderr has been handed to the
 * system, instead of when the event loop drains. The command has finished all its work (a run's
 * threads are closed, its files published and renamed) when runCli resolves; what a natural exit
 * still waits for is V8's own background work, chiefly optimizing compiles still queued for code
 * that will not run again.
 * `write('', callback)` calls back once the stream's earlier writes are flushed (or at once when
 * the stream is closed: a reader that went away).
 */
function exitOnceWritten(code: number): void {
  let open = 2;
  const done = () => {
    open -= 1;
    if (open === 0) process.exit(code);
  };
  for (const stream of [process.stdout, process.stderr]) {
    if (stream.destroyed || stream.writableLength === 0) done();
    else stream.write('', done);
  }
}

void runCli(process.argv.slice(2), {
  cwd: process.cwd(),
  env: process.env,
  stdout: pipeSafe(process.stdout),
  stderr: pipeSafe(process.stderr),
  ...(process.argv[1] ? { bin: [process.execPath, resolve(process.argv[1])] } : {}),
}).then((result) => {
  process.exitCode = result.exitCode;
  exitOnceWritten(result.exitCode);
});
