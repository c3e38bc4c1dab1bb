import { describe, expect, it } from 'vitest';
import { EvalTableBuilder } from './evalTableBuilder.js';

type Row = [
  source: string,
  system: string,
  question: string,
  cluster: string | null,
  epoch: number,
  score: number,
];

/** Adds a file's rows as an importer would: codes looked up (also for a question left unscored), rows appended. */
function addFile(b: EvalTableBuilder, rows: Row[], unscored: string[] = []): void {
  for (const q of unscored) b.code('question', q);
  for (const [source, system, question, cluster, epoch, score] of rows) {
    b.append(
      b.code('source', source),
      b.code('task', 't'),
      b.code('system', system),
      b.code('question', question),
      cluster === null ? -1 : b.code('cluster', cluster),
      epoch,
      b.code('metric', 'm'),
      score,
      epoch * 10,
    );
  }
}

describe('EvalTableBuilder parts', () => {
  const files: [Row[], string[]][] = [
    [
      [
        ['a', 'S1', 'q2', 'x', 1, 1],
        ['a', 'S1', 'q1', null, 1, 0],
      ],
      ['q9'], // first seen unscored here, used only by the last file
    ],
    [[['b', 'S2', 'q3', 'y', 2, 0.5]], []],
    [
      [
        ['c', 'S3', 'q9', 'x', 1, 1],
        ['c', 'S3', 'q1', 'z', 3, 0],
      ],
      [],
    ],
  ];

  it('appending each file built alone, in order, gives the table of one builder, codes and dictionaries alike', () => {
    const one = new EvalTableBuilder(4);
    for (const [rows, unscored] of files) addFile(one, rows, unscored);
    const merged = new EvalTableBuilder(4);
    const alone = new EvalTableBuilder(2); // reused from file to file, as an import thread does
    const parts = files.map(([rows, unscored]) => {
      alone.reset();
      addFile(alone, rows, unscored);
      return alone.part();
    });
    merged.reserve(parts.reduce((n, p) => n + p.rowCount, 0));
    for (const part of parts) merged.appendPart(part);
    expect(merged.finish()).toEqual(one.finish());
  });

  it('keeps a part independent of the builder it came from', () => {
    const b = new EvalTableBuilder();
    addFile(b, files[0][0]);
    const part = b.part();
    b.reset();
    addFile(b, files[1][0]);
    expect(part.rowCount).toBe(2);
    expect(part.dictionaries.system).toEqual(['S1']);
    expect(Array.from(part.codes.cluster)).toEqual([0, -1]);
    expect(Array.from(part.line)).toEqual([10, 10]);
  });
});
