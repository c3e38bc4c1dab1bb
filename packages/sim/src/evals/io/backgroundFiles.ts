/**
 * Byte work for an import on a second thread: SHA-256 of whole files (the provenance) and
 * inflating ZIP members (inspect_ai's summaries.json), so that the main thread can parse one
 * log while the next is being read. One thread (backgroundWorker.ts, started by
 * threads/startThread.ts) takes member jobs first and digests when none is waiting, and its
 * answers are read synchronously, waiting on its counter. The import stays synchronous, and its
 * result cannot depend on the timing: a job the thread fails, or does not answer while making no
 * progress, is redone on the main thread with the main thread's own checks and errors.
 *
 * Without a thread (`background` false: small imports, where starting a thread would cost more
 * than it saves; or its module not built) every request is done on the calling thread when asked for.
 */
import { type StartedThread, startThread } from '../../threads/startThread.js';
import { evalsWorkerFile } from '../workerFile.js';
import { DIGEST_BLOCK, type FileDigest, fileDigest } from './fileDigest.js';
import { ScratchBuffer } from './scratchBuffer.js';
import type { ZipEntry } from './zipArchive.js';

/** A job for the thread: a file to digest, or a ZIP member to read. */
export interface BackgroundJob {
  readonly id: number;
  readonly path: string;
  readonly entry?: ZipEntry;
}

/** The thread's answer to a job: a digest, a member's bytes, or why not. */
export interface BackgroundAnswer {
  readonly id: number;
  readonly sha256?: string;
  readonly bytes?: number;
  readonly data?: ArrayBuffer;
  readonly offset?: number;
  readonly length?: number;
  readonly error?: string;
}

export class BackgroundFiles {
  private thread: StartedThread<BackgroundAnswer> | undefined;
  private seen = 0;
  private nextId = 0;
  /** Set when the worker stopped answering: everything left is done here. */
  private stalled = false;
  /** Job key (`path` for a digest, `path!member` for a member) → job id, while in flight. */
  private readonly inFlight = new Map<string, number>();
  private readonly keyOf = new Map<number, string>();
  private readonly answers = new Map<string, BackgroundAnswer>();
  /** The block buffer of digests computed on this thread. */
  private readonly block = new ScratchBuffer();

  /** `background`: use a thread (worth it above a few tens of megabytes). */
  constructor(background: boolean) {
    if (!background) return;
    const file = evalsWorkerFile('backgroundWorker', 'io/backgroundWorker');
    if (file) this.thread = startThread<BackgroundAnswer>(file);
  }

  private post(key: string, job: { path: string; entry?: ZipEntry }): void {
    if (!this.thread || this.stalled || this.inFlight.has(key) || this.answers.has(key)) return;
    const id = this.nextId++;
    this.inFlight.set(key, id);
    this.keyOf.set(id, key);
    this.thread.post({ id, ...job } satisfies BackgroundJob);
  }

  /** Waits for the answer to job `key`; undefined when it was never requested or the thread stalled. */
  private answer(key: string): BackgroundAnswer | undefined {
    let progress = -1;
    const thread = this.thread;
    while (thread && this.inFlight.has(key) && !this.stalled) {
      const answer = thread.take();
      if (answer) {
        const done = this.keyOf.get(answer.id)!;
        this.keyOf.delete(answer.id);
        this.inFlight.delete(done);
        this.answers.set(done, answer);
        this.seen++;
        continue;
      }
      const { counter } = thread;
      if (!counter.waitBeyond(this.seen, 10_000)) {
        // No answer for 10 s: keep waiting while the thread makes progress, else do it here.
        const now = counter.progress;
        if (counter.started && now !== progress) progress = now;
        else this.stalled = true;
      }
    }
    const answer = this.answers.get(key);
    this.answers.delete(key);
    return answer;
  }

  /** True while a thread does the requested work (not when none was started, or it stalled). */
  get threaded(): boolean {
    return this.thread !== undefined && !this.stalled;
  }

  /** Starts hashing `path`. */
  requestDigest(path: string): void {
    this.post(path, { path });
  }

  /** SHA-256 and size of `path` (computed here unless the worker has it). */
  digest(path: string): FileDigest {
    const answer = this.answer(path);
    if (answer?.sha256 !== undefined && answer.bytes !== undefined)
      return { sha256: answer.sha256, bytes: answer.bytes };
    return fileDigest(path, this.block.take(DIGEST_BLOCK));
  }

  /** Starts reading and inflating `entry` of the ZIP archive at `path`. */
  requestMember(path: string, entry: ZipEntry): void {
    this.post(`${path}!${entry.name}`, { path, entry });
  }

  /** The inflated bytes of a requested member, or undefined (not requested, or failed: read it yourself). */
  takeMember(path: string, entry: ZipEntry): Buffer | undefined {
    const answer = this.answer(`${path}!${entry.name}`);
    return answer?.data ? Buffer.from(answer.data, answer.offset, answer.length) : undefined;
  }

  /** Stops the thread. */
  close(): void {
    void this.thread?.close();
    this.thread = undefined;
  }
}
