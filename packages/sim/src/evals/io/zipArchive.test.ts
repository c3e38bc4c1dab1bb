import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EvalInputError } from '../evalInputError.js';
import { fixture } from '../test-utils/evalFixtures.js';
import { crc32, ZipWriter } from '../test-utils/zipWriter.js';
import { memberScratch } from './scratchBuffer.js';
import { ZipArchive } from './zipArchive.js';

const dir = mkdtempSync(join(tmpdir(), 'evalsim-zip-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const path = () => join(dir, `z${n++}.zip`);

function readAll(file: string): Map<string, string> {
  const zip = ZipArchive.open(file);
  try {
    return new Map([...zip.byName].map(([name, entry]) => [name, zip.read(entry).toString('utf8')]));
  } finally {
    zip.close();
  }
}

describe('ZipArchive', () => {
  it('reads stored and deflated members; a repeated name resolves to the last entry', () => {
    const file = path();
    const w = new ZipWriter(file);
    w.add('header.json', '{"version": 2}');
    w.add('samples/1_epoch_1.json', 'x'.repeat(5000), 0);
    w.add('samples/1_epoch_1.json', 'second');
    w.close();
    const zip = ZipArchive.open(file);
    expect(zip.entries.map((e) => [e.name, e.method])).toEqual([
      ['header.json', 8],
      ['samples/1_epoch_1.json', 0],
      ['samples/1_epoch_1.json', 8],
    ]);
    zip.close();
    expect(readAll(file).get('samples/1_epoch_1.json')).toBe('second');
  });

  it('reads the archives Python zipfile writes (the inspect fixtures)', () => {
    const file = new URL('../fixtures/inspect/samples-only.eval', import.meta.url).pathname;
    const members = readAll(file);
    expect([...members.keys()].sort()).toEqual([
      'header.json',
      'samples/1_epoch_1.json',
      'samples/2_epoch_1.json',
      'samples/3_epoch_1.json',
      'samples/4_epoch_1.json',
    ]);
    expect(JSON.parse(members.get('header.json')!).version).toBe(2);
  });

  it('reads ZIP64 end records (more than 65,535 members)', () => {
    const file = path();
    const w = new ZipWriter(file);
    for (let k = 0; k < 65_600; k++) w.add(`samples/${k}_epoch_1.json`, `{"id": ${k}}`, 0);
    w.close();
    const zip = ZipArchive.open(file);
    expect(zip.entries.length).toBe(65_600);
    expect(zip.read(zip.byName.get('samples/65599_epoch_1.json')!).toString()).toBe('{"id": 65599}');
    zip.close();
    const forced = path();
    const f = new ZipWriter(forced, { forceZip64: true });
    f.add('a', 'b');
    f.close();
    expect(readAll(forced).get('a')).toBe('b');
  });

  it('decodes zstandard members (inspect_ai since April 2026), natively where the runtime can', () => {
    const file = path();
    const data = Buffer.from('hello, zstd');
    const w = new ZipWriter(file);
    w.addCompressed('header.json', readFileSync(fixture('zstd/hello.zst')), data.length, crc32(data), 93);
    w.addCompressed('damaged.json', Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0x00]), 4, 0, 93);
    w.close();
    const zip = ZipArchive.open(file, 'logs/z.eval');
    try {
      expect(zip.read(zip.find('header.json')!).toString()).toBe('hello, zstd');
      expect(() => zip.read(zip.find('damaged.json')!)).toThrow(
        /^logs\/z\.eval!damaged\.json: zstandard data is damaged/,
      );
    } finally {
      zip.close();
    }
  });

  it('refuses damaged archives with the file named', () => {
    const notZip = path();
    writeFileSync(notZip, 'just text, no archive here at all');
    expect(() => ZipArchive.open(notZip, 'logs/x.eval')).toThrow(
      /^logs\/x\.eval: no end-of-central-directory record/,
    );
    const good = path();
    const w = new ZipWriter(good);
    w.add('header.json', `{"version": 2, "padding": "${'p'.repeat(200)}"}`);
    w.close();
    const bytes = readFileSync(good);
    const corrupt = path();
    const broken = Buffer.from(bytes);
    broken[45] ^= 0xff; // inside the deflated data
    writeFileSync(corrupt, broken);
    let error: unknown;
    try {
      readAll(corrupt);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EvalInputError);
    expect((error as EvalInputError).file).toMatch(/!header\.json$/);
    const truncated = path();
    writeFileSync(truncated, bytes.subarray(0, bytes.length - 30));
    expect(() => ZipArchive.open(truncated)).toThrow(EvalInputError);
  });

  it('reads into reused buffers the same bytes, and refuses damaged data the same way', () => {
    const file = path();
    const w = new ZipWriter(file);
    const big = JSON.stringify(Array.from({ length: 3000 }, (_, k) => ({ id: k, text: `sample ${k}` })));
    w.add('summaries.json', big);
    w.add('small.json', '{"a": 1}');
    w.add('stored.json', 'stored bytes', 0);
    w.add('empty.json', '');
    w.close();
    const zip = ZipArchive.open(file);
    const scratch = memberScratch();
    try {
      for (const name of ['summaries.json', 'small.json', 'stored.json', 'empty.json', 'summaries.json']) {
        const entry = zip.find(name)!;
        expect(zip.read(entry, scratch).equals(zip.read(entry)), name).toBe(true);
      }
    } finally {
      zip.close();
    }
    const broken = Buffer.from(readFileSync(file));
    broken[200] ^= 0xff; // inside summaries.json's deflated data
    const corrupt = path();
    writeFileSync(corrupt, broken);
    const damaged = ZipArchive.open(corrupt, 'logs/d.eval');
    try {
      expect(() => damaged.read(damaged.find('summaries.json')!, scratch)).toThrow(
        /^logs\/d\.eval!summaries\.json: (deflate data is damaged|CRC-32 check failed|uncompressed size)/,
      );
    } finally {
      damaged.close();
    }
  });
});
