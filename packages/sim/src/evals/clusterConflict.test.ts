/**
 * A question in two clusters: import refuses it with exactly the words analyze's alignment
 * (evalMatrix) uses, for every row (also a question only some systems answered, which an
 * analysis of other systems would align), and both find it in a table past the typed-array
 * key space.
 */
import { describe, expect, it } from 'vitest';
import { clusterConflictError, findClusterConflict } from './clusterConflict.js';
import { evalMatrix } from './evalMatrix.js';
import { EvalTableBuilder } from './evalTableBuilder.js';
import { importEval } from './importEval.js';
import { fixture, inputError } from './test-utils/evalFixtures.js';

type Row = [system: string, question: string, cluster: string | null, epoch: number, task?: string];

function table(rows: readonly Row[]) {
  const b = new EvalTableBuilder();
  rows.forEach(([system, question, cluster, epoch, task = 't'], i) => {
    b.append(
      b.code('source', 'log.csv'),
      b.code('task', task),
      b.code('system', system),
      b.code('question', question),
      cluster === null ? -1 : b.code('cluster', cluster),
      epoch,
      b.code('metric', 'm'),
      1,
      i + 2,
    );
  });
  return b.finish();
}

describe('cluster conflicts', () => {
  it('import refuses the fixture with the very error analyze gives', () => {
    const fromImport = inputError(() => importEval([fixture('long/bad/cluster-conflict.csv')]));
    expect([fromImport.line, fromImport.field]).toEqual([5, 'cluster']);
    expect(fromImport.message).toMatch(
      /cluster-conflict\.csv, line 5, field "cluster": question q2 is in cluster c2 \(system beta, .*cluster-conflict\.csv line 5\) here but in cluster c1 \(system alpha, .*line 3\) elsewhere; a question's cluster must agree across systems and epochs/,
    );
  });

  it('finds the same pair of rows as evalMatrix', () => {
    const t = table([
      ['a', 'q1', 'c1', 1],
      ['a', 'q2', 'c1', 1],
      ['b', 'q1', 'c1', 1],
      ['b', 'q2', 'c2', 1],
    ]);
    expect(findClusterConflict(t)).toEqual([1, 3]);
    const fromMatrix = inputError(() => evalMatrix(t));
    expect(clusterConflictError(t, 1, 3).message).toBe(fromMatrix.message);
  });

  it('across epochs of one system, and a cluster against none', () => {
    expect(
      findClusterConflict(
        table([
          ['a', 'q1', 'c1', 1],
          ['a', 'q1', 'c2', 2],
        ]),
      ),
    ).toEqual([0, 1]);
    expect(
      findClusterConflict(
        table([
          ['a', 'q1', null, 1],
          ['b', 'q1', 'c1', 1],
        ]),
      ),
    ).toEqual([0, 1]);
    expect(
      clusterConflictError(
        table([
          ['a', 'q1', null, 1],
          ['b', 'q1', 'c1', 1],
        ]),
        0,
        1,
      ).message,
    ).toMatch(
      /question q1 is in cluster c1 \(system b, log\.csv line 3\) here but in cluster \(none\) \(system a, log\.csv line 2\)/,
    );
  });

  it('a question only one system answered is checked too; other tasks may reuse a question id', () => {
    const t = table([
      ['a', 'q1', 'c1', 1],
      ['b', 'q1', 'c1', 1],
      ['c', 'q9', 'c1', 1],
      ['c', 'q9', 'c2', 2],
    ]);
    // analyze of a and b drops q9 (not answered by both); analyze of c alone refuses it.
    expect(() => evalMatrix(t, { systems: ['a', 'b'] })).not.toThrow();
    expect(() => evalMatrix(t, { systems: ['c'] })).toThrow(/question q9 is in cluster c2/);
    expect(findClusterConflict(t)).toEqual([2, 3]);
    expect(
      findClusterConflict(
        table([
          ['a', 'q1', 'c1', 1, 'x'],
          ['a', 'q1', 'c2', 1, 'y'],
        ]),
      ),
    ).toBeUndefined();
  });

  it('a key space too large for the typed array (many questions, few rows) uses a map, same answer', () => {
    const rows: Row[] = Array.from({ length: 3000 }, (_, q) => ['a', `q${q}`, 'c1', 1, `t${q % 7}`]);
    rows.push(['b', 'q2999', 'c2', 1, 't3']);
    expect(findClusterConflict(table(rows))).toEqual([2999, 3000]);
  });
});
