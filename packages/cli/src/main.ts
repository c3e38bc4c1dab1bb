#!/usr/bin/env node
/**
 * The `evalsim` bin: runCli on the process's arguments, streams and exit status. A reader
 * that goes away (`evalsim run … | head`) is not an error: the stream is marked closed, the
 * rest of the output dropped, and commands that stream (show) stop reading. The process ends
 * once the command's output is written (exitOnceWritten).
 */
import { resolve } from 'node:path';
import { runCli } from './cli.js';
import type { TextSink } from './io.js';

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
 * that will not run again (10–20 ms after a 0.4 s study here, docs/performance.md §9k).
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

// No top-level await: the same entry is bundled as a classic script (the code-cached launcher, launcher/).
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
