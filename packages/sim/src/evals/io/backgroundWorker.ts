/**
 * The background thread of an import (backgroundFiles.ts starts it; bundled to
 * dist/evals/backgroundWorker.bundle.mjs): SHA-256 of whole files and ZIP members read and
 * inflated, member jobs first (they are on the main thread's path) and digests when none is
 * waiting, each kind in the order requested. Member jobs repeat the essentials of
 * ZipArchive.read (local header, stored/deflate/zstandard, the declared size as a bound, size and
 * CRC-32; zstandard only where node:zlib has it, and one frame: a member of several frames fails
 * the size check); any failure is answered as an error and the main thread then reads the member
 * itself, with its own checks and errors. Every block read counts as progress, so a slow file is
 * told apart from a stuck thread.
 */
import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';
import zlib from 'node:zlib';
import { threadPort } from '../../threads/threadPort.js';
import type { BackgroundAnswer, BackgroundJob } from './backgroundFiles.js';
import { MAX_MEMBER_BYTES } from './declaredSize.js';

const port = threadPort<BackgroundJob>();
const block = Buffer.allocUnsafe(4 * 1024 * 1024);

function readAt(fd: number, position: number, length: number): Buffer {
  const out = Buffer.allocUnsafe(length);
  let done = 0;
  while (done < length) {
    const got = readSync(fd, out, done, length - done, position + done);
    if (got === 0) throw new Error('truncated');
    done += got;
    port.progressed();
  }
  return out;
}

function digest(path: string): { sha256: string; bytes: number } {
  const hash = createHash('sha256');
  const fd = openSync(path, 'r');
  let bytes = 0;
  try {
    for (;;) {
      const got = readSync(fd, block, 0, block.length, null);
      if (got === 0) break;
      hash.update(block.subarray(0, got));
      bytes += got;
      port.progressed();
    }
  } finally {
    closeSync(fd);
  }
  return { sha256: hash.digest('hex'), bytes };
}

function member(path: string, entry: NonNullable<BackgroundJob['entry']>) {
  const fd = openSync(path, 'r');
  try {
    const header = readAt(fd, entry.localHeaderOffset, 30);
    if (header.readUInt32LE(0) !== 0x04034b50) throw new Error('no local header');
    const start = entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
    if (entry.size > MAX_MEMBER_BYTES) throw new Error('declared size');
    const raw = readAt(fd, start, entry.compressedSize);
    // Bounded by the declared size (maxOutputLength), as ZipArchive.read is (inflateBounded.ts).
    const bounds = {
      chunkSize: Math.max(64, Math.min(entry.size + 64, 1 << 30)),
      maxOutputLength: Math.max(1, entry.size),
    };
    const zstd = (zlib as { zstdDecompressSync?: (data: Buffer, options: object) => Buffer })
      .zstdDecompressSync;
    let data: Buffer;
    if (entry.method === 0) data = raw;
    else if (entry.method === 8) data = zlib.inflateRawSync(raw, bounds);
    else if (entry.method === 93 && zstd) data = zstd(raw, bounds);
    else throw new Error('method');
    if (data.length !== entry.size) throw new Error('size');
    const crc32 = (zlib as { crc32?: (data: Buffer) => number }).crc32;
    if (crc32 && crc32(data) >>> 0 !== entry.crc32) throw new Error('crc');
    // Large buffers own their memory (Node pools only small ones), so it is transferred, not copied.
    if (data.length < 65536) {
      const copy = Uint8Array.from(data);
      return { buffer: copy.buffer, offset: 0, length: data.length };
    }
    return { buffer: data.buffer as ArrayBuffer, offset: data.byteOffset, length: data.length };
  } finally {
    closeSync(fd);
  }
}

const members: BackgroundJob[] = [];
const digests: BackgroundJob[] = [];
let scheduled = false;

function work(): void {
  scheduled = false;
  const job = members.shift() ?? digests.shift();
  if (!job) return;
  let answer: BackgroundAnswer;
  let transfer: ArrayBuffer[] = [];
  try {
    if (job.entry) {
      const { buffer, offset, length } = member(job.path, job.entry);
      answer = { id: job.id, data: buffer, offset, length };
      transfer = [buffer];
    } else answer = { id: job.id, ...digest(job.path) };
  } catch (error) {
    answer = { id: job.id, error: String((error as Error)?.message ?? error) };
  }
  port.answer(answer, transfer);
  schedule();
}

function schedule(): void {
  if (!scheduled && (members.length > 0 || digests.length > 0)) {
    scheduled = true;
    setImmediate(work);
  }
}

port.onRequest((job) => {
  (job.entry ? members : digests).push(job);
  schedule();
});
