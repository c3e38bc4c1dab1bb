/**
 * A small streaming ZIP writer (APPNOTE.TXT 6.3.10): members stored or deflated
 * (`zlib.deflateRawSync`), or given already compressed with any method id; the central
 * directory is written by `close()`, with the ZIP64 end records (§4.3.14–4.3.15) when
 * there are more than 65,534 members or the directory starts past 4 GiB (or when asked).
 * Member times are fixed (1 January 2024) so the bytes depend only on the content. Used
 * by the tests of io/zipArchive.ts and by scripts/evals/generate-bench-eval.mjs (test code,
 * outside the package: evalsim itself only reads ZIP archives).
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import * as zlib from 'node:zlib';

const TABLE = (() => {
  const t = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c;
  }
  return t;
})();

/** CRC-32 (ISO-HDLC), native when the runtime has `zlib.crc32`. */
export function crc32(data: Uint8Array): number {
  const native = (zlib as unknown as { crc32?: (d: Uint8Array) => number }).crc32;
  if (native) return native(data) >>> 0;
  let c = -1;
  for (let i = 0; i < data.length; i++) c = TABLE[(c ^ data[i]) & 0xff] ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}

const DOS_TIME = 0; // 00:00:00
const DOS_DATE = ((2024 - 1980) << 9) | (1 << 5) | 1; // 2024-01-01

interface Written {
  name: Buffer;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
}

export class ZipWriter {
  private readonly fd: number;
  private offset = 0;
  private readonly members: Written[] = [];

  constructor(
    path: string,
    private readonly options: { forceZip64?: boolean } = {},
  ) {
    this.fd = openSync(path, 'w');
  }

  private write(buffer: Uint8Array): void {
    let done = 0;
    while (done < buffer.length) done += writeSync(this.fd, buffer, done, buffer.length - done);
    this.offset += buffer.length;
  }

  /** Adds a member, deflated (level 6 by default) or stored (`level: 0`). */
  add(name: string, data: Uint8Array | string, level = 6): void {
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    if (level === 0) this.addCompressed(name, bytes, bytes.length, crc32(bytes), 0);
    else this.addCompressed(name, zlib.deflateRawSync(bytes, { level }), bytes.length, crc32(bytes), 8);
  }

  /** Adds a member whose data is already compressed with `method`. */
  addCompressed(name: string, compressed: Uint8Array, size: number, crc: number, method: number): void {
    if (compressed.length >= 0xffffffff || size >= 0xffffffff)
      throw new RangeError('members of 4 GiB or more are not supported');
    const nameBytes = Buffer.from(name, 'utf8');
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4); // version needed
    header.writeUInt16LE(0x0800, 6); // UTF-8 names
    header.writeUInt16LE(method, 8);
    header.writeUInt16LE(DOS_TIME, 10);
    header.writeUInt16LE(DOS_DATE, 12);
    header.writeUInt32LE(crc, 14);
    header.writeUInt32LE(compressed.length, 18);
    header.writeUInt32LE(size, 22);
    header.writeUInt16LE(nameBytes.length, 26);
    header.writeUInt16LE(0, 28);
    const offset = this.offset;
    this.write(header);
    this.write(nameBytes);
    this.write(compressed);
    this.members.push({ name: nameBytes, method, crc, compressedSize: compressed.length, size, offset });
  }

  /** Writes the central directory and end records and closes the file. */
  close(): void {
    try {
      const start = this.offset;
      for (const m of this.members) {
        const far = m.offset >= 0xffffffff;
        const record = Buffer.alloc(46);
        record.writeUInt32LE(0x02014b50, 0);
        record.writeUInt16LE(45, 4); // made by
        record.writeUInt16LE(far ? 45 : 20, 6);
        record.writeUInt16LE(0x0800, 8);
        record.writeUInt16LE(m.method, 10);
        record.writeUInt16LE(DOS_TIME, 12);
        record.writeUInt16LE(DOS_DATE, 14);
        record.writeUInt32LE(m.crc, 16);
        record.writeUInt32LE(m.compressedSize, 20);
        record.writeUInt32LE(m.size, 24);
        record.writeUInt16LE(m.name.length, 28);
        record.writeUInt16LE(far ? 12 : 0, 30);
        record.writeUInt32LE(far ? 0xffffffff : m.offset, 42);
        this.write(record);
        this.write(m.name);
        if (far) {
          const extra = Buffer.alloc(12);
          extra.writeUInt16LE(0x0001, 0);
          extra.writeUInt16LE(8, 2);
          extra.writeBigUInt64LE(BigInt(m.offset), 4);
          this.write(extra);
        }
      }
      const size = this.offset - start;
      const count = this.members.length;
      const zip64 = this.options.forceZip64 || count > 0xfffe || start >= 0xffffffff;
      if (zip64) {
        const recordAt = this.offset;
        const record = Buffer.alloc(56);
        record.writeUInt32LE(0x06064b50, 0);
        record.writeBigUInt64LE(44n, 4);
        record.writeUInt16LE(45, 12);
        record.writeUInt16LE(45, 14);
        record.writeBigUInt64LE(BigInt(count), 24);
        record.writeBigUInt64LE(BigInt(count), 32);
        record.writeBigUInt64LE(BigInt(size), 40);
        record.writeBigUInt64LE(BigInt(start), 48);
        this.write(record);
        const locator = Buffer.alloc(20);
        locator.writeUInt32LE(0x07064b50, 0);
        locator.writeBigUInt64LE(BigInt(recordAt), 8);
        locator.writeUInt32LE(1, 16);
        this.write(locator);
      }
      const end = Buffer.alloc(22);
      end.writeUInt32LE(0x06054b50, 0);
      end.writeUInt16LE(zip64 ? 0xffff : count, 8);
      end.writeUInt16LE(zip64 ? 0xffff : count, 10);
      end.writeUInt32LE(zip64 ? 0xffffffff : size, 12);
      end.writeUInt32LE(zip64 ? 0xffffffff : start, 16);
      this.write(end);
    } finally {
      closeSync(this.fd);
    }
  }
}
