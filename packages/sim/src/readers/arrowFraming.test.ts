/**
 * A truncated Arrow file is named as such (issue 27 item 7) by every reader of Arrow files: the
 * framing check (arrowFraming.ts) on files apache-arrow wrote, cut at every length, and the
 * population, eval-table and results readers, which refuse them with the file named.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tableFromArrays, tableToIPC } from 'apache-arrow';
import { afterAll, describe, expect, it } from 'vitest';
import { readArrowFile } from '../evals/formats/tableRows.js';
import { readEvalArrow } from '../evals/readEvalArrow.js';
import { readResultsArrow } from '../output/arrowResults.js';
import { loadItemPopulation } from '../population/loadItemPopulation.js';
import { arrowBytesProblem, arrowFileProblem } from './arrowFraming.js';

const dir = mkdtempSync(join(tmpdir(), 'evalsim-arrow-framing-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const table = tableFromArrays({
  question: ['q1', 'q2'],
  cluster: ['a', 'b'],
  correct_s: [1, 0],
  k_s: [1, 1],
});
const file = tableToIPC(table, 'file');
const stream = tableToIPC(table, 'stream');

describe('arrowFramingProblem', () => {
  it('accepts whole files and streams; names every cut-short file and anything else', () => {
    expect(arrowBytesProblem(file)).toBeUndefined();
    expect(arrowBytesProblem(stream)).toBeUndefined();
    for (let length = 6; length < file.length; length++)
      expect(arrowBytesProblem(file.subarray(0, length)), String(length)).toMatch(/^is cut short/);
    expect(arrowBytesProblem(new Uint8Array(0))).toMatch(/is empty/);
    expect(arrowBytesProblem(Buffer.from('question,cluster\n'))).toMatch(/is not an Arrow IPC file/);
    const path = join(dir, 'whole.arrow');
    writeFileSync(path, file);
    expect(arrowFileProblem(path)).toBeUndefined();
  });

  it('every reader of Arrow files refuses a truncated one with a plain error naming it', () => {
    const cut = join(dir, 'cut.arrow');
    writeFileSync(cut, file.subarray(0, file.length >> 1));
    const plain = new RegExp(`^${cut.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:? ?.*is cut short`);
    for (const read of [
      () => loadItemPopulation(cut),
      () => readArrowFile(cut, cut),
      () => readEvalArrow(cut),
      () => readResultsArrow(cut),
    ])
      expect(read).toThrow(plain);
  });
});
