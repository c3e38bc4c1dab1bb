/**
 * A small ZIP reader for inspect_ai's `.eval` logs: reads the central directory (with
 * ZIP64 for more than 65,535 entries or offsets past 4 GiB — APPNOTE.TXT 6.3.10, §4.3.14–
 * 4.3.16 and §4.5.3) and then only the members asked for, by positioned reads, so a
 * multi-gigabyte log is never loaded whole. inspect_ai writes its logs with Python's
 * `zipfile`, members zstandard-compressed (method 93, level 3, several frames past 200 MiB)
 * since 2026 and deflated (method 8, level 5) before (inspect_ai `src/inspect_ai/_util/zipfile.py`
 * and `log/_recorders/eval.py` at 499e6152); stored members (method 0) are read too. A member is
 * decoded against the uncompressed size its directory entry declares, which may not exceed
 * MAX_MEMBER_BYTES (declaredSize.ts): inflateBounded.ts and zstdDecode.ts stop just past it
 * and refuse, naming the file and the member. CRC-32 is checked when `zlib.crc32` exists
 * (Node.js 20.15 and later). When a name occurs twice (inspect_ai re-logs a requeued sample
 * by appending), the last entry wins, as in Python's `zipfile`.
 */
import { closeSync, fstatSync, readSync } from 'node:fs';
import * as zlib from 'node:zlib';
import { openInputFile } from '../../files/inputFile.js';
import { EvalInputError } from '../evalInputError.js';
import { DeclaredSizeMismatch, MAX_MEMBER_BYTES } from './declaredSize.js';
import { inflateRawBounded } from './inflateBounded.js';
import type { MemberScratch, ScratchBuffer } from './scratchBuffer.js';
import { zstdDecode } from './zstdDecode.js';

/** One member as the central directory describes it. */
export interface ZipEntry {
  readonly name: string;
  readonly method: number;
  readonly flags: number;
  readonly crc32: number;
  readonly compressedSize: number;
  readonly size: number;
  readonly localHeaderOffset: number;
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const LOCAL = 0x04034b50;

type Crc32Module = { crc32?: (data: Uint8Array) => number };
const zlibExtras = zlib as unknown as Crc32Module;

function u64(buffer: Buffer, at: number): number {
  const value = buffer.readBigUInt64LE(at);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('ZIP64 value above 2^53');
  return Number(value);
}

/** Names under these prefixes (one per sample in a .eval) are decoded only when asked for. */
const DEFERRED = [Buffer.from('samples/'), Buffer.from('_journal/summaries/')];

/** An open ZIP archive; call `close()` when done. */
export class ZipArchive {
  readonly size: number;
  private readonly fd: number;
  /** The central directory and the offset of each entry in it, in directory order. */
  private directory: Buffer = Buffer.alloc(0);
  private offsets: number[] = [];
  /** Entries decoded eagerly (names outside DEFERRED), by name; the last of a repeated name. */
  private readonly eager = new Map<string, ZipEntry>();
  private all: ZipEntry[] | undefined;
  private allByName: Map<string, ZipEntry> | undefined;

  private constructor(
    readonly file: string,
    fd: number,
    directory?: ScratchBuffer,
  ) {
    this.fd = fd;
    this.size = fstatSync(fd).size;
    this.readDirectory(directory);
  }

  /**
   * Opens `path`; `file` is how errors name it. Throws EvalInputError when it is not a ZIP
   * archive. With `directory`, the central directory is read into that scratch, which the
   * archive then uses until it is closed (so no other archive may use it meanwhile).
   */
  static open(path: string, file = path, directory?: ScratchBuffer): ZipArchive {
    const fd = openInputFile(path);
    try {
      return new ZipArchive(file, fd, directory);
    } catch (error) {
      closeSync(fd);
      throw error;
    }
  }

  close(): void {
    closeSync(this.fd);
  }

  /** Every central-directory entry, in directory order (decoded on first use). */
  get entries(): readonly ZipEntry[] {
    this.all ??= this.offsets.map((p) => this.entryAt(p));
    return this.all;
  }

  /** Entries by name; for a repeated name the last one. */
  get byName(): ReadonlyMap<string, ZipEntry> {
    if (!this.allByName) {
      this.allByName = new Map();
      for (const entry of this.entries) this.allByName.set(entry.name, entry);
    }
    return this.allByName;
  }

  /** The entry named `name` (the last if repeated), or undefined. Cheap for names outside samples/ and _journal/summaries/. */
  find(name: string): ZipEntry | undefined {
    const bytes = Buffer.from(name);
    if (DEFERRED.some((prefix) => bytes.subarray(0, prefix.length).equals(prefix)))
      return this.byName.get(name);
    return this.eager.get(name);
  }

  private bytes(position: number, length: number, into?: Buffer): Buffer {
    const buffer = into ?? Buffer.allocUnsafe(length);
    let done = 0;
    while (done < length) {
      const got = readSync(this.fd, buffer, done, length - done, position + done);
      if (got === 0) throw this.error(`truncated: wanted ${length} bytes at offset ${position}`);
      done += got;
    }
    return buffer;
  }

  /** An error naming the archive, or the member as `file!member`. */
  private error(problem: string, member?: string): EvalInputError {
    if (member) return new EvalInputError({ file: `${this.file}!${member}` }, problem);
    return new EvalInputError(
      { file: this.file },
      `${problem} (not a readable ZIP archive; .eval logs are ZIP files)`,
    );
  }

  /** Decodes the central-directory entry at offset `p`. */
  private entryAt(p: number): ZipEntry {
    const d = this.directory;
    const flags = d.readUInt16LE(p + 8);
    const method = d.readUInt16LE(p + 10);
    const crc32 = d.readUInt32LE(p + 16);
    let compressedSize = d.readUInt32LE(p + 20);
    let size = d.readUInt32LE(p + 24);
    const nameLength = d.readUInt16LE(p + 28);
    const extraLength = d.readUInt16LE(p + 30);
    let localHeaderOffset = d.readUInt32LE(p + 42);
    const name = d.toString('utf8', p + 46, p + 46 + nameLength);
    // ZIP64 extended information (header id 0x0001): the 0xFFFFFFFF fields, in this order.
    let e = p + 46 + nameLength;
    const extraEnd = e + extraLength;
    while (e + 4 <= extraEnd) {
      const id = d.readUInt16LE(e);
      const length = d.readUInt16LE(e + 2);
      if (id === 0x0001) {
        let f = e + 4;
        if (size === 0xffffffff) {
          size = u64(d, f);
          f += 8;
        }
        if (compressedSize === 0xffffffff) {
          compressedSize = u64(d, f);
          f += 8;
        }
        if (localHeaderOffset === 0xffffffff) localHeaderOffset = u64(d, f);
      }
      e += 4 + length;
    }
    return { name, method, flags, crc32, compressedSize, size, localHeaderOffset };
  }

  private readDirectory(scratch?: ScratchBuffer): void {
    const tailLength = Math.min(this.size, 22 + 0xffff);
    if (tailLength < 22) throw this.error('too short to be a ZIP archive');
    const tailStart = this.size - tailLength;
    const tail = this.bytes(tailStart, tailLength);
    let at = -1;
    for (let k = tailLength - 22; k >= 0; k--) {
      if (tail.readUInt32LE(k) === EOCD) {
        at = k;
        break;
      }
    }
    if (at === -1) throw this.error('no end-of-central-directory record');
    let count = tail.readUInt16LE(at + 10);
    let directorySize = tail.readUInt32LE(at + 12);
    let directoryOffset = tail.readUInt32LE(at + 16);
    if (count === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) {
      const locatorAt = tailStart + at - 20;
      const locator = locatorAt >= 0 ? this.bytes(locatorAt, 20) : undefined;
      if (locator && locator.readUInt32LE(0) === ZIP64_LOCATOR) {
        const record = this.bytes(u64(locator, 8), 56);
        if (record.readUInt32LE(0) !== ZIP64_EOCD) throw this.error('ZIP64 end record missing');
        count = u64(record, 32);
        directorySize = u64(record, 40);
        directoryOffset = u64(record, 48);
      } else if (directorySize === 0xffffffff || directoryOffset === 0xffffffff) {
        throw this.error('ZIP64 locator missing');
      } // else: exactly 65,535 members without ZIP64 records (Python's zipfile writes these)
    }
    if (directoryOffset + directorySize > this.size) throw this.error('central directory outside the file');
    const d = this.bytes(directoryOffset, directorySize, scratch?.take(directorySize));
    this.directory = d;
    const offsets = new Array<number>(count);
    let p = 0;
    for (let k = 0; k < count; k++) {
      // 0x02014b50 read byte by byte (this loop runs once per sample of a .eval)
      if (p + 46 > d.length || d[p] !== 0x50 || d[p + 1] !== 0x4b || d[p + 2] !== 0x01 || d[p + 3] !== 0x02) {
        throw this.error(`central directory entry ${k + 1} is damaged`);
      }
      offsets[k] = p;
      const nameLength = d[p + 28] | (d[p + 29] << 8);
      const start = p + 46;
      let deferred = false;
      for (let j = 0; j < DEFERRED.length && !deferred; j++) {
        const prefix = DEFERRED[j];
        if (nameLength < prefix.length || d[start] !== prefix[0]) continue;
        let k = 1;
        while (k < prefix.length && d[start + k] === prefix[k]) k++;
        deferred = k === prefix.length;
      }
      if (!deferred) {
        const entry = this.entryAt(p);
        this.eager.set(entry.name, entry);
      }
      p = start + nameLength + (d[p + 30] | (d[p + 31] << 8)) + (d[p + 32] | (d[p + 33] << 8));
      if (p > d.length) throw this.error(`central directory entry ${k + 1} is damaged`);
    }
    this.offsets = offsets;
  }

  /**
   * The uncompressed bytes of `entry`. With `scratch`, they are read and inflated into its
   * reused buffers: the result is then a view valid only until the scratch's next use.
   */
  read(entry: ZipEntry, scratch?: MemberScratch): Buffer {
    if (entry.flags & 1) throw this.error('encrypted members are not supported', entry.name);
    if (![0, 8, 93].includes(entry.method))
      throw this.error(`compression method ${entry.method} is not supported (0, 8, 93 are)`, entry.name);
    if (entry.size > MAX_MEMBER_BYTES)
      throw this.error(
        `declares ${entry.size} bytes uncompressed, more than the ${MAX_MEMBER_BYTES} bytes (1 GiB) a member may hold`,
        entry.name,
      );
    const header = this.bytes(entry.localHeaderOffset, 30);
    if (header.readUInt32LE(0) !== LOCAL) throw this.error('local header missing', entry.name);
    const start = entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
    if (start + entry.compressedSize > this.size)
      throw this.error(
        `its ${entry.compressedSize} compressed bytes run past the end of the file`,
        entry.name,
      );
    const raw = this.bytes(start, entry.compressedSize, scratch?.raw.take(entry.compressedSize));
    let data: Buffer;
    try {
      if (entry.method === 0) data = raw;
      else if (entry.method === 8) data = inflateRawBounded(raw, entry.size, scratch?.out);
      else data = zstdDecode(raw, entry.size);
    } catch (error) {
      if (error instanceof DeclaredSizeMismatch) throw this.error(error.message, entry.name);
      const kind = entry.method === 8 ? 'deflate' : 'zstandard';
      throw this.error(`${kind} data is damaged (${(error as Error).message})`, entry.name);
    }
    if (data.length !== entry.size)
      throw this.error('uncompressed size does not match the directory', entry.name);
    if (zlibExtras.crc32 && zlibExtras.crc32(data) >>> 0 !== entry.crc32) {
      throw this.error('CRC-32 check failed', entry.name);
    }
    return data;
  }
}
