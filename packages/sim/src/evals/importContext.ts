/**
 * What a format importer works with: the table builder, the options, a warning sink, the
 * provenance list (each file read is hashed with SHA-256) and the system-label rule
 * (`systemByFile`, then `system`, then the name the log gives).
 */
import { statSync } from 'node:fs';
import { normalize, sep } from 'node:path';
import type { EvalSourceInfo } from './evalFormat.js';
import type { EvalWarning } from './evalInputError.js';
import type { EvalTableBuilder } from './evalTableBuilder.js';
import type { EvalImportOptions } from './importOptions.js';
import { BackgroundFiles } from './io/backgroundFiles.js';
import { type MemberScratch, memberScratch } from './io/scratchBuffer.js';
import { ZipArchive, type ZipEntry } from './io/zipArchive.js';

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

/** What a format importer says about a file it read (the digest is added by the context). */
export type SourceDescription = Omit<EvalSourceInfo, 'path' | 'sha256' | 'bytes'>;

export class ImportContext {
  readonly warnings: EvalWarning[] = [];
  private readonly recorded: (EvalSourceInfo | { path: string; file: string; info: SourceDescription })[] =
    [];
  private readonly seen = new Set<string>();

  private overridden: EvalImportOptions | undefined;
  /** True while {@link withOptions} re-reads a log for its labels (judgeLabels.ts). */
  labelPass = false;
  /** Hash every file read for its provenance (false: sizes only, `sha256: null`; importEval's `digests`). */
  digests = true;

  /** The options the importers read (those of {@link withOptions} while it runs). */
  get options(): EvalImportOptions {
    return this.overridden ?? this.given;
  }

  /**
   * Runs `read` with `options` in place of the import's own, as a pass that reads a log's labels
   * (the same builder, warnings and provenance).
   */
  withOptions(options: EvalImportOptions, read: () => void): void {
    this.overridden = options;
    this.labelPass = true;
    try {
      read();
    } finally {
      this.overridden = undefined;
      this.labelPass = false;
    }
  }

  constructor(
    readonly builder: EvalTableBuilder,
    private readonly given: EvalImportOptions,
    /** Hashes files and inflates ZIP members (on a second thread for large imports). */
    readonly background: BackgroundFiles = new BackgroundFiles(false),
    /** Reused buffers for large members read on this thread (see readMember). */
    readonly scratch: MemberScratch = memberScratch(),
  ) {}

  private readonly zips = new Map<string, ZipArchive>();
  private readonly runs = new Map<string, number>();

  /**
   * The next run number (1, 2, …) for `key`, in the order logs are imported: formats with one
   * run per file (SWE-bench reports) number a system's runs as epochs this way.
   */
  nextRun(key: string): number {
    const run = (this.runs.get(key) ?? 0) + 1;
    this.runs.set(key, run);
    return run;
  }

  /**
   * The ZIP archive at `path`, opened once per import (`closeZip` when done with it). Its
   * central directory goes into the scratch when no other archive is open (so at most one
   * open archive uses it).
   */
  openZip(path: string, file: string): ZipArchive {
    let zip = this.zips.get(path);
    if (!zip) {
      zip = ZipArchive.open(path, file, this.zips.size === 0 ? this.scratch.directory : undefined);
      this.zips.set(path, zip);
    }
    return zip;
  }

  closeZip(path: string): void {
    this.zips.get(path)?.close();
    this.zips.delete(path);
  }

  /** Closes any archive still open (after an error). */
  closeAll(): void {
    for (const path of [...this.zips.keys()]) this.closeZip(path);
  }

  /**
   * The bytes of a ZIP member: inflated in the background if it was requested, else read
   * now — with `reuse`, into the context's scratch buffers: the bytes are then valid only
   * until the next `reuse` read, so only a caller done with them before that may ask.
   */
  readMember(zip: ZipArchive, path: string, entry: ZipEntry, reuse = false): Buffer {
    return this.background.takeMember(path, entry) ?? zip.read(entry, reuse ? this.scratch : undefined);
  }

  warn(warning: EvalWarning): void {
    this.warnings.push(warning);
  }

  /**
   * Logs may still be growing (`evalsim monitor`): a JSON Lines log's last line without a
   * newline that does not parse is then skipped with a warning instead of being an error.
   */
  growing = false;

  /** The partial-last-line handler for `file`'s JSON Lines reader, or undefined unless `growing`. */
  partialLastLine(file: string): ((line: number) => void) | undefined {
    if (!this.growing) return undefined;
    return (line) =>
      this.warn({
        file,
        line,
        message: 'ignored a partial last line (the log is still being written)',
      });
  }

  /** Records that `path` (named `file`) was read; a file recorded twice is kept once. */
  source(path: string, file: string, info: SourceDescription): void {
    if (this.seen.has(file)) return;
    this.seen.add(file);
    this.background.requestDigest(path);
    this.recorded.push({ path, file, info });
  }

  /** Adds provenance carried over from an evalsim Arrow file. */
  carrySource(info: EvalSourceInfo): void {
    if (this.seen.has(info.path)) return;
    this.seen.add(info.path);
    this.recorded.push(info);
  }

  /** Every file recorded, in order, with its SHA-256 and size (waits for background hashing). */
  sources(): EvalSourceInfo[] {
    return this.recorded.map((r) =>
      'info' in r
        ? {
            path: r.file,
            ...(this.digests
              ? this.background.digest(r.path)
              : { sha256: null, bytes: statSync(r.path).size }),
            ...r.info,
          }
        : (r as EvalSourceInfo),
    );
  }

  /** The `systemByFile` label for `file`: its own, else that of the nearest directory above it. */
  fileLabel(file: string): string | undefined {
    return fileLabel(this.options.systemByFile, file);
  }

  /** The system label for rows from `file` whose log calls the system `logged`. */
  systemLabel(file: string, logged: string): string {
    return this.fileLabel(file) ?? this.options.systemLabel ?? this.options.system ?? logged;
  }
}
