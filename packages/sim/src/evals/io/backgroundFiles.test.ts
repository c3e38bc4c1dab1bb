import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ZipWriter } from '../test-utils/zipWriter.js';
import { BackgroundFiles } from './backgroundFiles.js';
import { fileDigest } from './fileDigest.js';
import { ZipArchive } from './zipArchive.js';

const dir = mkdtempSync(join(tmpdir(), 'evalsim-digest-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('background file work', () => {
  const files = [0, 1, 5_000_000, 9_000_001].map((size, k) => {
    const path = join(dir, `f${k}`);
    writeFileSync(path, Buffer.alloc(size, k + 1));
    return path;
  });

  it('hashes a file in 4 MiB blocks: SHA-256 of the whole content, and its size', () => {
    for (const path of files) {
      const data = Buffer.alloc(fileDigest(path).bytes, files.indexOf(path) + 1);
      expect(fileDigest(path)).toEqual({
        sha256: createHash('sha256').update(data).digest('hex'),
        bytes: data.length,
      });
    }
  });

  it('gives the same digests from the background worker, in any order of requests and reads', () => {
    const digests = new BackgroundFiles(true);
    try {
      for (const path of [...files].reverse()) digests.requestDigest(path);
      for (const path of files) expect(digests.digest(path)).toEqual(fileDigest(path));
      const late = join(dir, 'late');
      writeFileSync(late, 'not requested before');
      expect(digests.digest(late)).toEqual(fileDigest(late));
      // The answers came from the thread (its module is built by the test setup), not from here.
      expect(digests.threaded).toBe(true);
      expect(new BackgroundFiles(false).threaded).toBe(false);
    } finally {
      digests.close();
    }
  });

  it('reports a file that cannot be read, naming it', () => {
    const digests = new BackgroundFiles(true);
    try {
      const missing = join(dir, 'missing');
      digests.requestDigest(missing);
      expect(() => digests.digest(missing)).toThrow(/ENOENT.*missing/);
    } finally {
      digests.close();
    }
  });

  it('inflates ZIP members on the worker, and leaves a member it cannot read to the caller', () => {
    const path = join(dir, 'members.zip');
    const w = new ZipWriter(path);
    const big = Buffer.from(
      JSON.stringify(Array.from({ length: 50_000 }, (_, k) => ({ id: k, value: 'C' }))),
    );
    w.add('summaries.json', big);
    w.add('stored.json', '{"a": 1}', 0);
    w.addCompressed('odd.json', Buffer.from('xx'), 2, 0, 12); // bzip2: not read by the worker
    w.close();
    const zip = ZipArchive.open(path);
    const background = new BackgroundFiles(true);
    try {
      for (const name of ['summaries.json', 'stored.json', 'odd.json'])
        background.requestMember(path, zip.find(name)!);
      expect(background.takeMember(path, zip.find('summaries.json')!)?.equals(big)).toBe(true);
      expect(background.takeMember(path, zip.find('stored.json')!)?.toString()).toBe('{"a": 1}');
      expect(background.takeMember(path, zip.find('odd.json')!)).toBeUndefined();
      expect(background.threaded).toBe(true);
      expect(background.takeMember(path, zip.find('stored.json')!)).toBeUndefined(); // taken once
      expect(new BackgroundFiles(false).takeMember(path, zip.find('stored.json')!)).toBeUndefined();
    } finally {
      background.close();
      zip.close();
    }
  });
});
