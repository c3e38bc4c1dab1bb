/**
 * Input files are regular files only: a FIFO, a socket and a device are refused from their
 * stat, without being opened (a FIFO with no writer would block an open or a read for ever,
 * so these tests would hang, not fail, if the check were missing).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fileIdentity, identityOf } from './fileIdentity.js';
import { checkInputFile, InputFileError, openInputFile, readInputFile } from './inputFile.js';

const dir = mkdtempSync(join(tmpdir(), 'evalsim-input-file-'));
const fifo = join(dir, 'pipe.csv');
const socket = join(dir, 'socket.csv');
const regular = join(dir, 'regular.csv');
const link = join(dir, 'link.csv');
let server: Server;

beforeAll(async () => {
  execFileSync('mkfifo', [fifo]);
  writeFileSync(regular, 'question,score\nq1,1\n');
  symlinkSync(regular, link);
  server = createServer();
  await new Promise<void>((done) => server.listen(socket, done));
});
afterAll(async () => {
  await new Promise<void>((done) => server.close(() => done()));
  rmSync(dir, { recursive: true, force: true });
});

describe('input files', () => {
  test.each([
    ['a FIFO', () => fifo, 'is a FIFO (named pipe), not a regular file'],
    ['a socket', () => socket, 'is a socket, not a regular file'],
    ['a character device', () => '/dev/null', 'is a character device, not a regular file'],
    ['a directory', () => dir, 'is a directory, not a regular file'],
  ])('%s is refused by checkInputFile, openInputFile and readInputFile', (_, path, reason) => {
    for (const read of [checkInputFile, openInputFile, readInputFile]) {
      let thrown: unknown;
      try {
        read(path());
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(InputFileError);
      expect((thrown as InputFileError).message).toBe(reason);
      expect((thrown as InputFileError).path).toBe(path());
    }
  });

  test('a regular file, and a link to one, are read whole', () => {
    expect(readInputFile(regular).toString()).toBe('question,score\nq1,1\n');
    expect(readInputFile(link).toString()).toBe('question,score\nq1,1\n');
  });

  test('a missing file throws the system error (callers word ENOENT as before)', () => {
    expect(() => readInputFile(join(dir, 'absent.csv'))).toThrow(expect.objectContaining({ code: 'ENOENT' }));
  });

  test('identities: a link and its target are one file; a missing path has none', () => {
    expect(identityOf(link)).toBe(identityOf(regular));
    expect(identityOf(fifo)).not.toBe(identityOf(regular));
    expect(identityOf(join(dir, 'absent'))).toBeUndefined();
    expect(fileIdentity({ dev: 3, ino: 7 })).toBe('3:7');
  });
});
