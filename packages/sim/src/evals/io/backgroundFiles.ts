/**
 * Byte work for an import on a second thread: SHA-256 of whole files (the provenance) and
 * inflating ZIP members (inspect_ai's summaries.json), so that the main thread can parse one
 * log while the next is being read. One worker (inline code, node builtins only, so it also
 * runs from the bundled CLI) takes member jobs first and digests when none is waiting
 * (each kind in the order requested), and answers on a
 * MessagePort that the main thread reads synchronously (`receiveMessageOnPort`), waiting on
 * a shared counter with `Atomics.wait`. The import stays synchronous, and its result cannot
 * depend on the timing: a job the worker fails, or does not answer while making no
 * progress, is redone on the main thread with the main thread's own checks and errors.
 *
 * Without a worker (`background` false: small imports, where starting a thread would cost
 * more than it saves) every request is done on the calling thread when asked for.
 */
import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import { MAX_MEMBER_BYTES } from './declaredSize.js';
import { DIGEST_BLOCK, type FileDigest, fileDigest } from './fileDigest.js';
import { ScratchBuffer } from './scratchBuffer.js';
import type { ZipEntry } from './zipArchive.js';

// Shared Int32 slots: DONE counts answers posted, STARTED is set once the worker listens,
// PROGRESS counts blocks read (so a slow file is told apart from a dead worker).
const DONE = 0;
const STARTED = 1;
const PROGRESS = 2;

// Node builtins only, loaded by dynamic import so that the code runs whether the worker
// evaluates it as CommonJS or as an ES module. Member jobs repeat the essentials of
// ZipArchive.read (local header, stored/deflate/zstandard, the declared size as a bound, size
// and CRC-32; zstandard only where node:zlib has it, and one frame: a member of several frames
// fails the size check); any failure is answered as an error and the main thread then reads the
// member itself, with its own checks and errors.
const WORKER_SOURCE = `
Promise.all([import('node:worker_threads'), import('node:crypto'), import('node:fs'), import('node:zlib')]).then(
  ([threads, crypto, fs, zlib]) => {
    const { port, counter } = threads.workerData;
    const slots = new Int32Array(counter);
    const block = Buffer.allocUnsafe(4 * 1024 * 1024);
    const readAt = (fd, position, length) => {
      const out = Buffer.allocUnsafe(length);
      let done = 0;
      while (done < length) {
        const got = fs.readSync(fd, out, done, length - done, position + done);
        if (got === 0) throw new Error('truncated');
        done += got;
        Atomics.add(slots, ${PROGRESS}, 1);
      }
      return out;
    };
    const digest = (path) => {
      const hash = crypto.createHash('sha256');
      const fd = fs.openSync(path, 'r');
      let bytes = 0;
      try {
        for (;;) {
          const got = fs.readSync(fd, block, 0, block.length, null);
          if (got === 0) break;
          hash.update(block.subarray(0, got));
          bytes += got;
          Atomics.add(slots, ${PROGRESS}, 1);
        }
      } finally {
        fs.closeSync(fd);
      }
      return { sha256: hash.digest('hex'), bytes };
    };
    const member = (path, entry) => {
      const fd = fs.openSync(path, 'r');
      try {
        const header = readAt(fd, entry.localHeaderOffset, 30);
        if (header.readUInt32LE(0) !== 0x04034b50) throw new Error('no local header');
        const start = entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
        if (entry.size > ${MAX_MEMBER_BYTES}) throw new Error('declared size');
        const raw = readAt(fd, start, entry.compressedSize);
        // Bounded by the declared size (maxOutputLength), as ZipArchive.read is (inflateBounded.ts, zstdDecode.ts).
        const bounds = { chunkSize: Math.max(64, Math.min(entry.size + 64, 1 << 30)), maxOutputLength: Math.max(1, entry.size) };
        let data;
        if (entry.method === 0) data = raw;
        else if (entry.method === 8) data = zlib.inflateRawSync(raw, bounds);
        else if (entry.method === 93 && zlib.zstdDecompressSync) data = zlib.zstdDecompressSync(raw, bounds);
        else throw new Error('method');
        if (data.length !== entry.size) throw new Error('size');
        if (zlib.crc32 && zlib.crc32(data) >>> 0 !== entry.crc32) throw new Error('crc');
        // Large buffers own their memory (Node pools only small ones), so it is transferred, not copied.
        if (data.length < 65536) return { buffer: Uint8Array.from(data).buffer, offset: 0, length: data.length };
        return { buffer: data.buffer, offset: data.byteOffset, length: data.length };
      } finally {
        fs.closeSync(fd);
      }
    };
    // Member jobs (on the main thread's path) go before digests (needed only at the end).
    const members = [];
    const digests = [];
    let scheduled = false;
    const work = () => {
      scheduled = false;
      const job = members.shift() ?? digests.shift();
      if (!job) return;
      let answer;
      let transfer = [];
      try {
        if (job.entry) {
          const { buffer, offset, length } = member(job.path, job.entry);
          answer = { id: job.id, data: buffer, offset, length };
          transfer = [buffer];
        } else answer = { id: job.id, ...digest(job.path) };
      } catch (error) {
        answer = { id: job.id, error: String((error && error.message) || error) };
      }
      port.postMessage(answer, transfer);
      Atomics.add(slots, ${DONE}, 1);
      Atomics.notify(slots, ${DONE});
      schedule();
    };
    const schedule = () => {
      if (!scheduled && (members.length > 0 || digests.length > 0)) {
        scheduled = true;
        setImmediate(work);
      }
    };
    port.on('message', (job) => {
      (job.entry ? members : digests).push(job);
      schedule();
    });
    Atomics.store(slots, ${STARTED}, 1);
    Atomics.notify(slots, ${DONE});
  },
);
`;

type Answer = {
  id: number;
  sha256?: string;
  bytes?: number;
  data?: ArrayBuffer;
  offset?: number;
  length?: number;
  error?: string;
};

export class BackgroundFiles {
  private worker: Worker | undefined;
  private port: MessageChannel['port1'] | undefined;
  private slots: Int32Array | undefined;
  private seen = 0;
  private nextId = 0;
  /** Set when the worker stopped answering: everything left is done here. */
  private stalled = false;
  /** Job key (`path` for a digest, `path!member` for a member) → job id, while in flight. */
  private readonly inFlight = new Map<string, number>();
  private readonly keyOf = new Map<number, string>();
  private readonly answers = new Map<string, Answer>();
  /** The block buffer of digests computed on this thread. */
  private readonly block = new ScratchBuffer();

  /** `background`: use a worker thread (worth it above a few tens of megabytes). */
  constructor(background: boolean) {
    if (!background) return;
    const channel = new MessageChannel();
    const shared = new SharedArrayBuffer(12);
    this.slots = new Int32Array(shared);
    this.port = channel.port1;
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { port: channel.port2, counter: shared },
      transferList: [channel.port2],
      execArgv: [],
    });
    this.worker.unref();
  }

  private post(key: string, job: { path: string; entry?: ZipEntry }): void {
    if (!this.worker || this.stalled || this.inFlight.has(key) || this.answers.has(key)) return;
    const id = this.nextId++;
    this.inFlight.set(key, id);
    this.keyOf.set(id, key);
    this.port!.postMessage({ id, ...job });
  }

  /** Waits for the answer to job `key`; undefined when it was never requested or the worker stalled. */
  private answer(key: string): Answer | undefined {
    let progress = -1;
    while (this.inFlight.has(key) && !this.stalled) {
      const message = receiveMessageOnPort(this.port!);
      if (message) {
        const answer = message.message as Answer;
        const done = this.keyOf.get(answer.id)!;
        this.keyOf.delete(answer.id);
        this.inFlight.delete(done);
        this.answers.set(done, answer);
        this.seen++;
        continue;
      }
      const slots = this.slots!;
      if (Atomics.wait(slots, DONE, this.seen, 10_000) === 'timed-out') {
        // No answer for 10 s: keep waiting while the worker makes progress, else do it here.
        const now = Atomics.load(slots, PROGRESS);
        if (Atomics.load(slots, STARTED) === 1 && now !== progress) progress = now;
        else this.stalled = true;
      }
    }
    const answer = this.answers.get(key);
    this.answers.delete(key);
    return answer;
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

  /** Stops the worker. */
  close(): void {
    this.port?.close();
    void this.worker?.terminate();
    this.worker = undefined;
  }
}
