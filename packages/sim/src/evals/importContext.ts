/**
 * What a format importer works with: the table builder, the options, a warning sink, the
 * provenance list (each file read is hashed with SHA-256) and the system-label rule
 * (`systemByFile`, then `system`, then the name the log gives).
 */
import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';
import { normalize, sep } from 'node:path';
import type { EvalSourceInfo } from './evalFormat.js';
import type { EvalWarning } from './evalInputError.js';
import type { EvalTableBuilder } from './evalTableBuilder.js';
import type { EvalImportOptions } from './importOptions.js';

/** SHA-256 (hex) and size of a file, read in 4 MiB blocks. */
export function fileDigest(path: string): { sha256: string; bytes: number } {
  const hash = createHash('sha256');
  const buffer = Buffer.allocUnsafe(4 * 1024 * 1024);
  const fd = openSync(path, 'r');
  let bytes = 0;
  try {
    for (;;) {
      const got = readSync(fd, buffer, 0, buffer.length, null);
      if (got === 0) break;
      hash.update(buffer.subarray(0, got));
      bytes += got;
    }
  } finally {
    closeSync(fd);
  }
  return { sha256: hash.digest('hex'), bytes };
}

/** `path` with a single trailing separator, normalised, for prefix tests. */
function asDirectory(path: string): string {
  const n = normalize(path);
  return n.endsWith(sep) ? n : `${n}${sep}`;
}

/** True when `file` is `key` or lies under the directory `key`. */
export function fileMatches(key: string, file: string): boolean {
  return normalize(key) === normalize(file) || normalize(file).startsWith(asDirectory(key));
}

/** The label of the most specific `labels` key matching `file` (see fileMatches). */
export function fileLabel(
  labels: Readonly<Record<string, string>> | undefined,
  file: string,
): string | undefined {
  if (!labels) return undefined;
  let best: string | undefined;
  for (const key of Object.keys(labels)) {
    if (fileMatches(key, file) && (best === undefined || normalize(key).length > normalize(best).length))
      best = key;
  }
  return best === undefined ? undefined : labels[best];
}

export class ImportContext {
  readonly warnings: EvalWarning[] = [];
  readonly sources: EvalSourceInfo[] = [];
  private readonly seen = new Set<string>();

  constructor(
    readonly builder: EvalTableBuilder,
    readonly options: EvalImportOptions,
  ) {}

  warn(warning: EvalWarning): void {
    this.warnings.push(warning);
  }

  /** Records that `path` (named `file`) was read; a file recorded twice is kept once. */
  source(path: string, file: string, info: Omit<EvalSourceInfo, 'path' | 'sha256' | 'bytes'>): void {
    if (this.seen.has(file)) return;
    this.seen.add(file);
    this.sources.push({ path: file, ...fileDigest(path), ...info });
  }

  /** Adds provenance carried over from an evalsim Arrow file. */
  carrySource(info: EvalSourceInfo): void {
    if (this.seen.has(info.path)) return;
    this.seen.add(info.path);
    this.sources.push(info);
  }

  /** The `systemByFile` label for `file`: its own, else that of the nearest directory above it. */
  fileLabel(file: string): string | undefined {
    return fileLabel(this.options.systemByFile, file);
  }

  /** The system label for rows from `file` whose log calls the system `logged`. */
  systemLabel(file: string, logged: string): string {
    return this.fileLabel(file) ?? this.options.system ?? logged;
  }
}
